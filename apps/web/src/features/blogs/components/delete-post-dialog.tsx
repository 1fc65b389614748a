import { Dialog } from '../../../components/ui/dialog.js';
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
    <Dialog
      alert
      title={t('blogs.deleteTitle')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--danger" disabled={deleting} onClick={onConfirm}>
            {t('blogs.action.delete')}
          </button>
        </>
      }
    >
      <p>{t('blogs.deleteBody', { title })}</p>
    </Dialog>
  );
}
