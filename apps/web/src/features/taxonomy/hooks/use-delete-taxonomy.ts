import { useTranslation } from '../../../lib/use-translation.js';
import { useNotify } from '../../notifications/use-notify.js';
import { useDeleteTaxonomyMutation } from '../api/delete-taxonomy.js';
import type { TaxonomyKindName } from '../api/taxonomy-kinds.js';

/** Deletes a tag or category with the spec's toast; a refusal reaches the user as the error toast. */
export function useDeleteTaxonomy(kind: TaxonomyKindName, domain: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [deleteTaxonomy, deletion] = useDeleteTaxonomyMutation();

  /** Resolves to true when it is gone. */
  async function remove(id: string): Promise<boolean> {
    const result = await deleteTaxonomy({ kind, domain, id });
    if (result.error) return false;
    notify({
      type: 'success',
      title: t('notification.deleted'),
      description: [t(`taxonomy.${kind}.deleted`)],
    });
    return true;
  }

  return { remove, deleting: deletion.isLoading };
}
