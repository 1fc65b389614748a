import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';
import { Dialog } from './dialog.js';

interface FormDialogProps {
  title: string;
  /** Escape, the backdrop, the close icon and Cancel close it. */
  onClose: () => void;
  /** Enter in a field or the submit button; the browser's own submission never happens. */
  onSubmit: () => void | Promise<void>;
  submitLabel: string;
  /** While the submission runs: the submit button is disabled and says so. */
  busyLabel?: string | undefined;
  /** The form's class, for its fields' layout. */
  className: string;
  children: ReactNode;
}

/**
 * A dialog that is one form (beside ConfirmDialog, on the same modal layer): a close icon, the
 * fields, and Cancel then the submit button at the bottom. The form checks its fields itself
 * (noValidate), so that its messages are the app's and are read out.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  className,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }

  return (
    <Dialog
      title={title}
      closeIcon
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={busyLabel !== undefined}
          >
            {busyLabel ?? submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className={className} noValidate onSubmit={submit}>
        {children}
      </form>
    </Dialog>
  );
}
