/**
 * A window.matchMedia for jsdom that evaluates (min-width)/(max-width) queries against window.innerWidth
 * and fires "change" when setViewportWidth crosses a breakpoint, like a real browser resize.
 */
interface Listener {
  query: string;
  matches: boolean;
  callbacks: Set<(event: MediaQueryListEvent) => void>;
  list: MediaQueryList;
}

const listeners: Listener[] = [];

function evaluate(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/i);
  return parts.every((part) => {
    const match = /\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/.exec(part);
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1] === 'min' ? width >= limit : width <= limit;
  });
}

/** Installs the fake matchMedia (done once by the test setup). */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const entry: Listener = {
      query,
      matches: evaluate(query, window.innerWidth),
      callbacks: new Set(),
      list: undefined as unknown as MediaQueryList,
    };
    const list = {
      media: query,
      get matches() {
        return entry.matches;
      },
      onchange: null,
      addEventListener: (_type: string, callback: (event: MediaQueryListEvent) => void) => {
        entry.callbacks.add(callback);
      },
      removeEventListener: (_type: string, callback: (event: MediaQueryListEvent) => void) => {
        entry.callbacks.delete(callback);
      },
      addListener: (callback: (event: MediaQueryListEvent) => void) => entry.callbacks.add(callback),
      removeListener: (callback: (event: MediaQueryListEvent) => void) => entry.callbacks.delete(callback),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    entry.list = list;
    listeners.push(entry);
    return list;
  };
}

/** Resizes the fake window and notifies every media query whose result changed. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  for (const entry of listeners) {
    const matches = evaluate(entry.query, width);
    if (matches === entry.matches) continue;
    entry.matches = matches;
    const event = { matches, media: entry.query } as MediaQueryListEvent;
    for (const callback of entry.callbacks) callback(event);
  }
  window.dispatchEvent(new Event('resize'));
}
