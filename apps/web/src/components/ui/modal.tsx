import { useRef, type DialogHTMLAttributes, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
// The hook is a module of its own: the shell's drawer uses it, and only dialogs need what follows.
import { useModalDialog } from './use-modal-dialog.js';

/** True when a pointer event on the dialog itself lies outside its box: a click on ::backdrop. */
export function isOnBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

interface ModalProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onClose'> {
  /** Escape (and, with closeOnBackdrop, a press on the backdrop) asks to close through this. */
  onClose: () => void;
  closeOnBackdrop?: boolean;
}

/**
 * A modal <dialog> shown for as long as it is rendered, portalled to <body> so it is never inside a
 * form or the editor's contenteditable. Dialog (components/ui) and EditorDialog are built on it.
 */
export function Modal({
  onClose,
  closeOnBackdrop = false,
  children,
  onMouseDown,
  onKeyDown,
  ...attributes
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, true, onClose);

  return createPortal(
    <dialog
      ref={ref}
      {...attributes}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!closeOnBackdrop || !isOnBackdrop(event)) return;
        // Without it, the press would move focus off the element it is given back to on close.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // The browser turns it into `cancel` on the top dialog; React would also pass the key up the
        // component tree, through the portal, to handlers of the page around it.
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}
