import { useTranslation } from '../../../lib/use-translation.js';
import { useNotify } from '../../notifications/use-notify.js';
import { useCreateTaxonomyMutation, useUpdateTaxonomyMutation } from '../api/save-taxonomy.js';
import { failureMessage, failureStatus } from '../../../lib/failed-call.js';
import type { TaxonomyKindName } from '../api/taxonomy-kinds.js';

/** What a save ended with; on failure the dialog stays open with what was typed. */
export type SaveOutcome = { ok: true } | { ok: false; stale: boolean; message: string | undefined };

/**
 * Creates (no id) or renames (an id) a tag or category and shows the spec's success toast. A
 * refusal (409 duplicate, 400) also reaches the user as the error toast through the API layer.
 */
export function useSaveTaxonomy(kind: TaxonomyKindName, domain: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [create, creation] = useCreateTaxonomyMutation();
  const [update, update_] = useUpdateTaxonomyMutation();

  async function save(name: string, existing?: { id: string; etag: string | null }): Promise<SaveOutcome> {
    const result = existing
      ? await update({ kind, domain, name, id: existing.id, etag: existing.etag })
      : await create({ kind, domain, name });
    if (result.error) {
      return { ok: false, stale: failureStatus(result.error) === 412, message: failureMessage(result.error) };
    }
    notify({
      type: 'success',
      title: t(existing ? 'notification.updated' : 'notification.created'),
      description: [t(`taxonomy.${kind}.${existing ? 'updated' : 'created'}`)],
    });
    return { ok: true };
  }

  return { save, saving: creation.isLoading || update_.isLoading };
}
