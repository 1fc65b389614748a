import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../lib/use-focus-trap.js';
import { useTranslation } from '../../lib/use-translation.js';
import { CloseIcon } from './icons.js';
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
 * A modal dialog (WAI-ARIA dialog pattern): labelled by its title, focus moves in and is trapped
 * until it closes, then returns to where it was. It renders into <body> so no page layout clips it.
 */
export function Dialog({ title, onClose, children, actions, alert = false, closeIcon = false }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(ref, true);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, []);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        className="dialog"
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
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
      </div>
    </div>,
    document.body,
  );
}
