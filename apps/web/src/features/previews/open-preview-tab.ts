/** A tab opened in a click, before the address it will show is known. */
export interface PendingTab {
  /** Sends the tab to `url`; false when there is no tab to send (blocked, or closed meanwhile). */
  show: (url: string) => boolean;
  close: () => void;
}

/**
 * Opens an empty tab at once, in the user's click: pop-up blockers allow `window.open` only during
 * the gesture, and the preview's address arrives after a save and a request. The tab says what it
 * waits for, loses its `opener` (the site it will show cannot reach this page), and is sent on with
 * `location.replace` (no blank page in its history) or closed when the preview cannot be made.
 */
export function openPendingTab(waitingText: string): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  if (tab) {
    try {
      tab.opener = null;
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    } catch {
      // A browser that gives the blank tab another origin: it stays blank until the address arrives.
    }
  }
  return {
    show: (url) => {
      if (!tab || tab.closed) return false;
      tab.location.replace(url);
      return true;
    },
    close: () => {
      if (tab && !tab.closed) tab.close();
    },
  };
}
