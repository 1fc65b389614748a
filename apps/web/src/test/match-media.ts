type Listener = (event: MediaQueryListEvent) => void;

let wide = false;
const listeners = new Set<Listener>();

/** jsdom has no matchMedia; this one answers every min-width query with one switchable value. */
export function installMatchMedia(initiallyWide: boolean) {
  wide = initiallyWide;
  listeners.clear();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('min-width') ? wide : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

export function setWideScreen(value: boolean) {
  wide = value;
  listeners.forEach((listener) => listener({ matches: value } as MediaQueryListEvent));
}
