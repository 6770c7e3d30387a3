import { type Dispatch, type SetStateAction, useEffect } from 'react';

/** What the hook reads of a paged list query (TanStack Query's result). */
interface PagedQuery {
  data?: { results: readonly unknown[] };
  isPlaceholderData: boolean;
}

/**
 * A page past the last one (its last row was deleted, or left the filter) steps back to a page that still has
 * rows, so a list never shows an empty page after page 1.
 */
export function useStepBackFromEmptyPage(
  list: PagedQuery,
  page: number,
  setPage: Dispatch<SetStateAction<number>>,
): void {
  const emptyPage = Boolean(
    list.data && !list.isPlaceholderData && list.data.results.length === 0 && page > 1,
  );
  useEffect(() => {
    if (emptyPage) setPage((current) => current - 1);
  }, [emptyPage, setPage]);
}
