import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { ErrorLines } from './error-lines.js';

interface ConfirmRemovalProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Revoking a key or deleting a webhook cannot be undone: it asks first, and says why it failed. */
export default function ConfirmRemoval({ text, busy, error, ...props }: ConfirmRemovalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      {...props}
      cancelLabel={t('common.cancel')}
      tone="danger"
      busyLabel={busy ? t('integrations.removing') : undefined}
    >
      <p>{text}</p>
      <ErrorLines error={error} />
    </ConfirmDialog>
  );
}
