import { Dialog } from '../../../../components/ui/dialog.js';
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
    <Dialog
      alert
      title={t('blogEditor.conflict.title')}
      onClose={onKeepEditing}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onKeepEditing}>
            {t('blogEditor.conflict.keepEditing')}
          </button>
          <button type="button" className="button button--primary" disabled={reloading} onClick={onReload}>
            {reloading ? t('common.loading') : t('blogEditor.conflict.reload')}
          </button>
        </>
      }
    >
      <p>{t('blogEditor.conflict.body')}</p>
      <p>{t('blogEditor.conflict.hint')}</p>
    </Dialog>
  );
}
