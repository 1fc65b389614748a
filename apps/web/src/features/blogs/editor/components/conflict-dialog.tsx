import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../../lib/use-translation.js';

interface ConflictDialogProps {
  reloading: boolean;
  onKeepEditing: () => void;
  onReload: () => void;
}

/**
 * A save answered 412: someone saved the post since it was loaded (DESIGN §3, lost updates). Nothing
 * typed is replaced unless the user chooses to reload.
 */
export function ConflictDialog({ reloading, onKeepEditing, onReload }: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('blogEditor.conflict.title')}
      cancelLabel={t('blogEditor.conflict.keepEditing')}
      confirmLabel={t('blogEditor.conflict.reload')}
      busyLabel={reloading ? t('common.loading') : undefined}
      onCancel={onKeepEditing}
      onConfirm={onReload}
    >
      <p>{t('blogEditor.conflict.body')}</p>
      <p>{t('blogEditor.conflict.hint')}</p>
    </ConfirmDialog>
  );
}
