import type { ColumnDef, RevisionContent } from '@masthead/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation.js';
import { fieldText } from '../compare-revision.js';

interface RevisionContentViewProps {
  content: RevisionContent;
  defs: ColumnDef[];
}

function Row({ name, children, className }: { name: string; children: ReactNode; className?: string }) {
  return (
    <div className="history-content__row">
      <dt>{name}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/**
 * A version as it was saved, read-only: each part named as in the editor, the content as its text
 * (the kept HTML is not rendered here: plain text is enough to read and cannot run anything).
 */
export function RevisionContentView({ content, defs }: RevisionContentViewProps) {
  const { t } = useTranslation();
  const words = { yes: t('history.yes'), no: t('history.no') };
  const shown = (value: string) =>
    value === '' ? <span className="history-value--empty">{t('history.emptyValue')}</span> : value;
  const category = content.category?.categoryDisplayName || content.category?.category;
  const tags = content.tags.map((tag) => tag.tagDisplayName || tag.tag).join(', ');

  return (
    <dl className="history-content">
      <Row name={t('history.parts.title')}>{shown(content.title)}</Row>
      <Row name={t('history.parts.shortDescription')}>{shown(content.shortDescription)}</Row>
      <Row name={t('history.parts.featureImageUrl')} className="history-content__url">
        {shown(content.featureImageUrl)}
      </Row>
      <Row name={t('history.parts.category')}>{category || t('history.noCategory')}</Row>
      <Row name={t('history.parts.tags')}>{tags || t('history.noTags')}</Row>
      <Row name={t('history.parts.writtenBy')}>{shown(content.writtenBy)}</Row>
      {Object.keys(content.fields).map((key) => (
        <Row key={key} name={defs.find((def) => def.key === key)?.label ?? key}>
          {shown(fieldText(content.fields[key], words))}
        </Row>
      ))}
      <Row name={t('history.parts.content')} className="history-content__text">
        {shown(content.editorTextString)}
      </Row>
    </dl>
  );
}
