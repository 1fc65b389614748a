import { Dialog } from '../../../../components/ui/dialog.js';
import { useTranslation } from '../../../../lib/use-translation.js';

interface LeaveDialogProps {
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/** Asked before unsaved changes are thrown away: on Cancel, Back or an in-app link. */
export function LeaveDialog({ onKeepEditing, onDiscard }: LeaveDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      alert
      title={t('blogEditor.leave.title')}
      onClose={onKeepEditing}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onKeepEditing}>
            {t('blogEditor.leave.keepEditing')}
          </button>
          <button type="button" className="button button--danger" onClick={onDiscard}>
            {t('blogEditor.leave.discard')}
          </button>
        </>
      }
    >
      <p>{t('blogEditor.leave.body')}</p>
    </Dialog>
  );
}
