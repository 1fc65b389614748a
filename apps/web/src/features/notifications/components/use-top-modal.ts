import { useEffect, useState } from 'react';

/**
 * Where the toast must live while it shows: inside the top open modal dialog, if there is one. A
 * modal makes the rest of the page inert, so a toast outside it would sit under the backdrop, out of
 * reach, and screen readers would not announce it. Every modal of the app is a <dialog> opened with
 * showModal() and portalled to <body> as it opens (decision 044), so the last open one in the
 * document is on top. Watched only while the toast shows (`active`).
 */
export function useTopModal(active: boolean): HTMLDialogElement | undefined {
  const [modal, setModal] = useState<HTMLDialogElement>();
  useEffect(() => {
    if (!active) return;
    const update = () => setModal([...document.querySelectorAll('dialog')].findLast((dialog) => dialog.open));
    update();
    const observer = new MutationObserver(update);
    // Modal closes its dialog before React removes it, so `open` alone tells every change.
    observer.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      setModal(undefined);
    };
  }, [active]);
  return modal;
}
