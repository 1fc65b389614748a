import type { ReactNode } from 'react';
import { Dialog } from './dialog.js';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The safe choice: first, focused when the dialog opens, and what Escape does. */
  cancelLabel: string;
  confirmLabel: string;
  /** danger for what cannot be undone (delete, discard). */
  tone?: 'primary' | 'danger';
  /** While the confirmed action runs: its button is disabled and says so. */
  busyLabel?: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question that interrupts (alertdialog): one safe choice and one that goes ahead. */
export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  tone = 'primary',
  busyLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      alert
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button button--${tone}`}
            disabled={busyLabel !== undefined}
            onClick={onConfirm}
          >
            {busyLabel ?? confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
