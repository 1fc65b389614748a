import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.js';
import { CloseIcon } from './icons.js';
import { Modal } from './modal.js';
import './dialog.css';

interface DialogProps {
  title: string;
  /** Escape, the backdrop and the caller's own cancel buttons close it. */
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom, the safe choice first: it gets the focus when the dialog opens. */
  actions: ReactNode;
  /** alertdialog for questions that interrupt (confirmations); dialog for forms. */
  alert?: boolean;
  /** A close icon in the corner, for form dialogs (the spec's tag, category and asset dialogs). */
  closeIcon?: boolean;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern) on the native <dialog> (decision 044): labelled by its
 * title, in the top layer above any dialog opened before it, the page behind inert; focus moves in and
 * returns to where it was when it closes. Escape closes only the top-most dialog.
 */
export function Dialog({ title, onClose, children, actions, alert = false, closeIcon = false }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();

  return (
    <Modal
      className="modal dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      closeOnBackdrop
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {closeIcon && (
          <button
            type="button"
            className="dialog__close"
            aria-label={t('common.close')}
            title={t('common.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      <div className="dialog__actions">{actions}</div>
    </Modal>
  );
}
