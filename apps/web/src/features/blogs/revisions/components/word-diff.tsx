import { useTranslation } from '../../../../lib/use-translation.js';
import type { TextPart } from '../compare-revision.js';

/**
 * The text with its changes marked: <ins> for words added since the version, <del> for words
 * removed. Screen readers do not announce the two elements, so each change also says what it is.
 */
export function WordDiff({ parts }: { parts: TextPart[] }) {
  const { t } = useTranslation();
  return (
    <p className="history-diff">
      {parts.map((part, index) => {
        if (part.kind === 'same') return <span key={index}>{part.text}</span>;
        const Mark = part.kind === 'inserted' ? 'ins' : 'del';
        return (
          <Mark key={index} className={`history-diff__${part.kind}`}>
            <span className="visually-hidden">{t(`history.${part.kind}`)} </span>
            {part.text}
          </Mark>
        );
      })}
    </p>
  );
}
