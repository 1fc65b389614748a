import { useCallback, useEffect, useRef } from 'react';

/** A way of leaving the editor that was stopped to ask first. */
export type LeaveAttempt =
  { kind: 'cancel' } | { kind: 'back' } | { kind: 'link'; anchor: HTMLAnchorElement };

/** A plain left click on a link to another page of the app; anything else is left alone. */
function inAppLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  // Links inside the rich text are content being edited, not navigation.
  if (anchor.closest('[contenteditable="true"]')) return null;
  const url = new URL(anchor.href, window.location.href);
  // Other sites unload the page, and beforeunload asks for those.
  if (url.origin !== window.location.origin) return null;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? null : anchor;
}

/** The part of the Navigation API used here (TypeScript's DOM library does not declare it yet). */
interface NavigateEventLike extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
}

function navigationApi(): EventTarget | undefined {
  return (window as { navigation?: EventTarget }).navigation;
}

/**
 * While `dirty`, stops every way of leaving the editor that the page can stop, and reports it to
 * `onAttempt` so the editor can ask: Back (the open editor is in the address, so Back would close
 * it), clicks on in-app links, and closing or reloading the tab (there only the browser's own
 * question is possible). `release` turns it off for good, before a saved or discarded editor leaves.
 *
 * Back is stopped before it happens where the Navigation API can cancel it (Chromium: once per
 * user activation). Elsewhere popstate is caught after the fact and the editor's address pushed
 * again; that works only where a capturing listener on window runs before the router's, since
 * Chromium calls window listeners in the order they were added and the router's came first. When
 * neither works the editor closes, and the local draft (written on unmount) brings the text back.
 */
export function useUnsavedChangesGuard(dirty: boolean, onAttempt: (attempt: LeaveAttempt) => void) {
  const released = useRef(false);
  const onAttemptRef = useRef(onAttempt);
  onAttemptRef.current = onAttempt;

  useEffect(() => {
    if (!dirty) return;
    // The editor's own history entry, to put back when Back has left it.
    const editorUrl = window.location.href;
    const editorState: unknown = window.history.state;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onNavigate = (event: Event) => {
      if (released.current || !event.cancelable) return;
      if ((event as NavigateEventLike).navigationType !== 'traverse') return;
      event.preventDefault();
      onAttemptRef.current({ kind: 'back' });
    };
    const onPopState = (event: PopStateEvent) => {
      if (released.current) return;
      // A capturing listener on window runs before the router's, which never hears of this Back:
      // the editor stays mounted, the editor's address is pushed again and the user is asked.
      event.stopImmediatePropagation();
      window.history.pushState(editorState, '', editorUrl);
      onAttemptRef.current({ kind: 'back' });
    };
    const onClick = (event: MouseEvent) => {
      if (released.current) return;
      const anchor = inAppLink(event);
      if (!anchor) return;
      // Capturing on document runs before React's handlers on the root, so the router's link
      // neither navigates nor sees the click.
      event.preventDefault();
      event.stopPropagation();
      onAttemptRef.current({ kind: 'link', anchor });
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    navigationApi()?.addEventListener('navigate', onNavigate);
    window.addEventListener('popstate', onPopState, true);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigationApi()?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('popstate', onPopState, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  return { release };
}

/** Carries out a leave attempt once the user has agreed to discard (the guard must be released). */
export function completeLeave(attempt: LeaveAttempt, close: () => void): void {
  if (attempt.kind !== 'link') {
    close();
    return;
  }
  const { anchor } = attempt;
  // Clicking again lets the router's link do what it does (navigate, close the drawer …).
  if (anchor.isConnected) anchor.click();
  else window.history.pushState(null, '', anchor.href);
}
