import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetTaxonomyInfoQuery } from '../api/get-taxonomy-info.js';
import type { TaxonomyItem, TaxonomyKindName } from '../api/taxonomy-kinds.js';

interface DeleteTaxonomyDialogProps {
  kind: TaxonomyKindName;
  domain: string;
  item: TaxonomyItem;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Deleting cannot be undone and touches posts (a tag leaves them, a category's posts are left
 * with none), so it asks first and says how many posts that is, counted now by the server.
 */
export function DeleteTaxonomyDialog({
  kind,
  domain,
  item,
  deleting,
  onCancel,
  onConfirm,
}: DeleteTaxonomyDialogProps) {
  const { t } = useTranslation();
  const info = useGetTaxonomyInfoQuery({ kind, domain, id: item.id }, { refetchOnMountOrArgChange: true });
  const count = info.data?.postCount;
  let usage;
  if (count !== undefined) usage = t(`taxonomy.${kind}.deleteUsage`, { count, name: item.name });
  else if (info.isError) usage = t('taxonomy.usageUnknown', { name: item.name });
  else usage = t('taxonomy.countingPosts');
  return (
    <ConfirmDialog
      title={t(`taxonomy.${kind}.deleteTitle`)}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('common.delete')}
      tone="danger"
      busyLabel={deleting ? t('taxonomy.deleting') : undefined}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p className="taxonomy-delete__usage" aria-live="polite">
        {usage}
      </p>
    </ConfirmDialog>
  );
}
