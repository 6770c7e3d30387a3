// Stands in for the `react-style-singleton` package (aliased in vite.config.ts). Radix dialogs and menus
// lock page scrolling through react-remove-scroll, which injects <style> elements; the Content-Security-
// Policy (style-src 'self') refuses those. This version applies the same rules as constructed style sheets
// (document.adoptedStyleSheets), which the policy does not govern, with the package's API and semantics.
import { useEffect } from 'react';

function canAdoptSheets(): boolean {
  return (
    typeof document !== 'undefined' &&
    'adoptedStyleSheets' in document &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype
  );
}

/** One shared style sheet, added with the first `add` and removed with the last `remove`. */
export function stylesheetSingleton() {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0 && canAdoptSheets()) {
        const created = new CSSStyleSheet();
        created.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
        sheet = created;
      }
      counter += 1;
    },
    remove() {
      counter -= 1;
      if (counter === 0 && sheet) {
        const removed = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== removed);
        sheet = null;
      }
    },
  };
}

/** A hook that holds the singleton sheet while the calling component is mounted. */
export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // The package re-applies only when a dynamic sheet's text changes; the dependency list says exactly that.
    const key = isDynamic ? styles : false;
    // biome-ignore lint/correctness/useExhaustiveDependencies: styles are read once unless dynamic (the package's contract).
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [key]);
  };
}

/** A component that holds the singleton sheet while mounted. */
export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
