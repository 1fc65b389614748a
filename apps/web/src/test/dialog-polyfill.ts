/**
 * jsdom has <dialog> but neither showModal() nor close(). This stands in for what the modal dialogs
 * (components/ui/modal.tsx) rely on: `open`, a stack of modals, Escape as a cancelable `cancel` event
 * on the top-most one (closing it unless prevented) and `close` events. Focus containment and inertness
 * are the browser's: the e2e journeys (e2e/dialogs.spec.ts) test them.
 */
const modals: HTMLDialogElement[] = [];

/** The modal dialogs shown and not closed, the top-most last. */
export function openModals(): readonly HTMLDialogElement[] {
  return modals.filter((dialog) => dialog.isConnected && dialog.open);
}

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const index = modals.indexOf(this);
    if (index >= 0) modals.splice(index, 1);
    // The browser queues it as a task.
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };

  // The browser cancels after the key event's dispatch, unless a handler prevented its default (and
  // whether or not one stopped its propagation): hence capture on window, and a look afterwards.
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape') return;
      queueMicrotask(() => {
        if (event.defaultPrevented) return;
        const top = openModals().at(-1);
        if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
      });
    },
    true,
  );
}
