import { tagSlug } from '@masthead/contract/slug';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetTaxonomyInfoQuery } from '../api/get-taxonomy-info.js';
import type { TaxonomyItem, TaxonomyKindName } from '../api/taxonomy-kinds.js';
import { useSaveTaxonomy } from '../hooks/use-save-taxonomy.js';

interface TaxonomyDialogProps {
  kind: TaxonomyKindName;
  domain: string;
  /** The one to rename; none to create. */
  item?: TaxonomyItem | undefined;
  onClose: () => void;
}

/**
 * Create or rename a tag or category (spec §4): the slug follows the name on every keystroke and
 * cannot be edited. It closes on success; closing unmounts it, so it opens empty the next time.
 */
export function TaxonomyDialog({ kind, domain, item, onClose }: TaxonomyDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const nameId = useId();
  const slugId = useId();
  const messageId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(item?.name ?? '');
  const [failure, setFailure] = useState<{ stale: boolean; message: string | undefined }>();
  const { save, saving } = useSaveTaxonomy(kind, domain);
  // A rename sends the version the user saw as If-Match; ask for it fresh each time the dialog opens.
  const info = useGetTaxonomyInfoQuery(item ? { kind, domain, id: item.id } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const slug = tagSlug(name);
  const waitingForVersion = item !== undefined && !info.data;
  const canSave = slug !== '' && name.trim() !== '' && !saving && !waitingForVersion;

  // The dialog focuses its first control (the close icon); typing the name is what one came for.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => nameRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setFailure(undefined);
    const outcome = await save(name, item ? { id: item.id, etag: info.data?.etag ?? null } : undefined);
    if (outcome.ok) onClose();
    else if (outcome.stale || outcome.message) setFailure(outcome);
  }

  async function loadCurrent() {
    const fresh = await info.refetch();
    if (fresh.data) setName(fresh.data.item.name);
    setFailure(undefined);
  }

  return (
    <Dialog
      title={t(`taxonomy.${kind}.${item ? 'editTitle' : 'addTitle'}`)}
      closeIcon
      onClose={onClose}
      actions={
        <button type="submit" form={formId} className="button button--primary" disabled={!canSave}>
          {saving ? t('common.saving') : t('common.save')}
        </button>
      }
    >
      <form id={formId} className="taxonomy-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="taxonomy-form__field">
          <label htmlFor={slugId}>{t('taxonomy.slugLabel')}</label>
          <input id={slugId} className="taxonomy-form__input" value={slug} disabled readOnly />
        </div>
        <div className="taxonomy-form__field">
          <label htmlFor={nameId}>
            {t(`taxonomy.${kind}.nameLabel`)}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            ref={nameRef}
            id={nameId}
            className="taxonomy-form__input"
            value={name}
            required
            aria-required="true"
            aria-invalid={failure?.message ? true : undefined}
            aria-describedby={failure ? messageId : undefined}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {failure && (
          <div id={messageId} className="taxonomy-form__error" role="alert">
            <p>{failure.stale ? t(`taxonomy.${kind}.stale`) : failure.message}</p>
            {failure.stale && (
              <button type="button" className="button button--secondary" onClick={() => void loadCurrent()}>
                {t('taxonomy.reloadItem')}
              </button>
            )}
          </div>
        )}
      </form>
    </Dialog>
  );
}
