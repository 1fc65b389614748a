import type { ColumnDef } from '@masthead/contract';
import { useTranslation } from '../../../lib/use-translation.js';
// The post editor's own input (a small module: it pulls no editor code into this chunk), so the
// preview is exactly what authors will see.
import { CustomFieldInput } from '../../../components/forms/custom-field-input.js';

/** How the fields will look in the post editor (empty, as in a new post). */
export function FieldsPreview({ defs }: { defs: ColumnDef[] }) {
  const { t } = useTranslation();
  return (
    <section className="fields-preview" aria-labelledby="fields-preview-title">
      <h2 id="fields-preview-title" className="fields-tab__subtitle">
        {t('customFields.preview')}
      </h2>
      {defs.length === 0 ? (
        <p className="post-field__hint">{t('customFields.previewEmpty')}</p>
      ) : (
        <>
          {defs.map((def, index) => (
            <CustomFieldInput
              // The index too: two rows may share a key until the server says so.
              key={`${index}-${def.key}`}
              def={{ ...def, label: def.label || t('customFields.untitled', { number: index + 1 }) }}
              id={`fields-preview-${index}`}
              errorId={`fields-preview-${index}-error`}
              value={undefined}
              error={undefined}
              onChange={() => undefined}
              disabled
            />
          ))}
        </>
      )}
    </section>
  );
}
