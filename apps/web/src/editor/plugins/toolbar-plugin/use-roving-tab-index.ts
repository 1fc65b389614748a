import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

const KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

/**
 * The toolbar is one tab stop (WAI-ARIA toolbar pattern): the last focused item keeps tabindex=0, the
 * others -1, and Left/Right/Home/End move focus between the items given, which are the enabled ones
 * in order. When the tab stop goes away (disabled or hidden), the first item takes it.
 */
export function useRovingTabIndex(keys: readonly string[]) {
  const [current, setCurrent] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const refCallbacks = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const tabStop = current !== null && keys.includes(current) ? current : keys[0];

  const refFor = useCallback((key: string) => {
    let callback = refCallbacks.current.get(key);
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(key, element);
        else elements.current.delete(key);
      };
      refCallbacks.current.set(key, callback);
    }
    return callback;
  }, []);

  const itemProps = (key: string) => ({
    ref: refFor(key),
    tabIndex: key === tabStop ? 0 : -1,
    onFocus: () => setCurrent(key),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = keys.findIndex((key) => elements.current.get(key) === event.target);
    // Keys pressed elsewhere (a portalled dialog's input) are not the toolbar's.
    if (index === -1) return;
    event.preventDefault();
    const last = keys.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowLeft'
            ? index - 1
            : index + 1;
    const key = keys[next < 0 ? last : next > last ? 0 : next];
    if (key) elements.current.get(key)?.focus();
  };

  return { itemProps, onKeyDown };
}
