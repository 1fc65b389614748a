import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';

interface FieldsConflictDialogProps {
  reloading: boolean;
  onKeepEditing: () => void;
  onReload: () => void;
}

/**
 * A save answered 412: someone changed the fields since the tab loaded them, as the post editor's
 * conflict dialog says for a post. Nothing is replaced unless the admin chooses to reload.
 */
export function FieldsConflictDialog({ reloading, onKeepEditing, onReload }: FieldsConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('customFields.conflict.title')}
      cancelLabel={t('customFields.conflict.keepEditing')}
      confirmLabel={t('customFields.conflict.reload')}
      busyLabel={reloading ? t('common.loading') : undefined}
      onCancel={onKeepEditing}
      onConfirm={onReload}
    >
      <p>{t('customFields.conflict.body')}</p>
    </ConfirmDialog>
  );
}
