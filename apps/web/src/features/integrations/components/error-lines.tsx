import { useTranslation } from '../../../lib/use-translation.js';
import { failureLines } from '../../../lib/failed-call.js';

/**
 * A failed call, inline where it happened (role alert): the server's own lines (a 400's refused
 * fields, a 409's or 404's message), else a general text. Nothing while `error` is undefined.
 */
export function ErrorLines({ error, id }: { error: unknown; id?: string }) {
  const { t } = useTranslation();
  if (error === undefined) return null;
  const lines = failureLines(error);
  return (
    <div id={id} className="integrations__error" role="alert">
      {(lines.length > 0 ? lines : [t('integrations.failed')]).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
