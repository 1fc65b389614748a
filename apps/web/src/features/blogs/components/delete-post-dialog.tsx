import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';

interface DeletePostDialogProps {
  title: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting a post cannot be undone, so it asks first; Cancel is first and gets the focus. */
export function DeletePostDialog({ title, deleting, onCancel, onConfirm }: DeletePostDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('blogs.deleteTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('blogs.action.delete')}
      tone="danger"
      busyLabel={deleting ? t('blogs.deleting') : undefined}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{t('blogs.deleteBody', { title })}</p>
    </ConfirmDialog>
  );
}
