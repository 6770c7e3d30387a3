import { SIDEBAR_COLLAPSE_PX } from '@app/shared/constants';
import { useSyncExternalStore } from 'react';

/** Matches when the sidebar collapses into the bottom menu (spec §2: 1140px or less). */
export const COMPACT_LAYOUT_QUERY = `(max-width: ${SIDEBAR_COLLAPSE_PX}px)`;

const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
    () => false,
  );
}

/** Drops cached MediaQueryLists; tests that swap window.matchMedia call this. */
export function resetMediaQueryCache(): void {
  lists.clear();
}
