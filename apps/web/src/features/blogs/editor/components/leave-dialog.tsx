import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../../lib/use-translation.js';

interface LeaveDialogProps {
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/** Asked before unsaved changes are thrown away: on Cancel, Back or an in-app link. */
export function LeaveDialog({ onKeepEditing, onDiscard }: LeaveDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('blogEditor.leave.title')}
      cancelLabel={t('blogEditor.leave.keepEditing')}
      confirmLabel={t('blogEditor.leave.discard')}
      tone="danger"
      onCancel={onKeepEditing}
      onConfirm={onDiscard}
    >
      <p>{t('blogEditor.leave.body')}</p>
    </ConfirmDialog>
  );
}
