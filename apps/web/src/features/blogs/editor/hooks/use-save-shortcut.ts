import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (Cmd+S on a Mac) saves instead of the browser's "Save page as", wherever the focus is.
 * Listening on document while capturing sees the keys before any field (the rich-text editor
 * included) can stop them.
 */
export function useSaveShortcut(onSave: () => void): void {
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!event.repeat) onSaveRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
