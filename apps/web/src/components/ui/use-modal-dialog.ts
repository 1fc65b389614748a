import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function firstFocusableIn(container: HTMLElement): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (element) => !element.closest('[inert]'),
  );
}

/**
 * Shows a <dialog> as a modal while `open` (decision 044). showModal() puts it in the top layer above
 * every modal opened before it, makes the rest of the page inert (Tab, clicks and screen readers stay
 * inside) and turns Escape into a `cancel` event on the top-most modal only. Here: focus moves to the
 * first focusable element, Escape calls onCancel instead of closing behind React's back, and on close
 * focus goes back to the element that had it when the modal opened. Page scroll is locked in CSS
 * (modal.css) while any modal is open.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  onCancel: () => void,
): void {
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const openerRef = useRef<HTMLElement | null>(null);

  // A layout effect: it shows the dialog before paint, and its cleanup runs before React removes the
  // element, so close() happens while the dialog is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    // (Not when React runs the effect a second time in development, with focus already inside.)
    if (!dialog.contains(active)) openerRef.current = active instanceof HTMLElement ? active : null;
    let closing = false;

    // Listeners of the element itself: React's onCancel/onClose would also reach the dialogs around
    // this one in the React tree (nested dialogs), and only this one is cancelled.
    const onCancelEvent = (event: Event) => {
      // Chromium makes a repeated Escape without user activation in between not cancelable: the
      // dialog then closes, and onCloseEvent reports it.
      if (!event.cancelable) return;
      // The parent decides: it unmounts the dialog, or keeps it (a busy one, say).
      event.preventDefault();
      cancelRef.current();
    };
    const onCloseEvent = () => {
      if (closing) return;
      cancelRef.current();
      // A parent that keeps the dialog gets it back, still modal.
      window.setTimeout(() => {
        if (!closing && dialog.isConnected && !dialog.open) dialog.showModal();
      });
    };
    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('close', onCloseEvent);
    if (!dialog.open) dialog.showModal();
    firstFocusableIn(dialog)?.focus();

    return () => {
      closing = true;
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('close', onCloseEvent);
      if (dialog.open) dialog.close();
    };
  }, [ref, open]);

  // Focus goes back after the commit: React puts focus back where it was before a commit that moved
  // it, which would undo a restore made during it (the drawer, which stays mounted when it closes).
  useEffect(() => {
    if (!open) return;
    const opener = openerRef.current;
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
}
