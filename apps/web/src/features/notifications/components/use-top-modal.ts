import { useEffect, useState } from 'react';

/**
 * The open modal dialog on top, or null. Every modal of the app is a <dialog> opened with
 * showModal() (decision 044), portalled to <body> as it opens, so the last open one in the
 * document is the one the user sees on top.
 */
function topModal(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.item(open.length - 1);
}

/**
 * Where the toast must live while it shows: inside the top modal dialog, if there is one. A modal
 * makes the rest of the page inert, so a toast outside it would sit under the backdrop, out of
 * reach, and screen readers would not announce it. Watched only while the toast shows.
 */
export function useTopModal(active: boolean): HTMLDialogElement | null {
  const [modal, setModal] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    if (!active) return;
    const update = () => setModal(topModal());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [active]);
  return active ? modal : null;
}
