import type { BlogPost, ColumnDef, RevisionContent } from '@masthead/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../../../lib/use-translation.js';
import { changedValues, compareTags, compareText } from '../compare-revision.js';
import { WordDiff } from './word-diff.js';

interface RevisionCompareProps {
  content: RevisionContent;
  current: BlogPost;
  defs: ColumnDef[];
}

/**
 * From the chosen version to the current post: the parts that differ with both values, the tags
 * added and removed since, and the content's words marked as added or removed.
 */
export function RevisionCompare({ content, current, defs }: RevisionCompareProps) {
  const { t } = useTranslation();
  const words = { yes: t('history.yes'), no: t('history.no') };
  const values = changedValues(content, current, defs, words);
  const tags = compareTags(content.tags, current.tags);
  const text = useMemo(
    () =>
      compareText(
        { text: content.editorTextString, html: content.editorHtmlContent },
        { text: current.editorTextString, html: current.editorHtmlContent },
      ),
    [content, current],
  );
  const tagsChanged = tags.added.length > 0 || tags.removed.length > 0;
  if (values.length === 0 && !tagsChanged && text.kind === 'same') {
    return <p className="history__state">{t('history.noDifferences')}</p>;
  }
  const shown = (value: string) => (value === '' ? t('history.emptyValue') : value);

  return (
    <div className="history-compare">
      <p className="history__intro">{t('history.compareIntro')}</p>
      {(values.length > 0 || tagsChanged) && (
        <>
          <h4 className="history-compare__heading">{t('history.changedHeading')}</h4>
          <table className="history-compare__table">
            <thead>
              <tr>
                <td />
                <th scope="col">{t('history.before')}</th>
                <th scope="col">{t('history.after')}</th>
              </tr>
            </thead>
            <tbody>
              {values.map((value) => (
                <tr key={value.name}>
                  <th scope="row">{value.isField ? value.name : t(`history.parts.${value.name}`)}</th>
                  <td>{shown(value.before)}</td>
                  <td>{shown(value.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {tags.added.length > 0 && (
            <p>
              <strong>{t('history.tagsAdded')}:</strong> {tags.added.join(', ')}
            </p>
          )}
          {tags.removed.length > 0 && (
            <p>
              <strong>{t('history.tagsRemoved')}:</strong> {tags.removed.join(', ')}
            </p>
          )}
        </>
      )}
      <h4 className="history-compare__heading">{t('history.contentHeading')}</h4>
      {text.kind === 'same' && <p>{t('history.contentSame')}</p>}
      {text.kind === 'formatting' && <p>{t('history.contentFormatting')}</p>}
      {text.kind === 'tooDifferent' && (
        <>
          <p>{t('history.contentTooDifferent')}</p>
          <p className="history-content__text">{content.editorTextString}</p>
        </>
      )}
      {text.kind === 'marked' && <WordDiff parts={text.parts} />}
    </div>
  );
}
