import { pageCount } from '@app/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from './cx.ts';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page numbers to show: the first and last page, the current page with `siblings` on each side, and an
 * ellipsis where pages are skipped. The row keeps the same number of slots wherever the current page is.
 */
export function paginationRange(page: number, pages: number, siblings = 1): PageItem[] {
  const total = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), total);
  const slots = siblings * 2 + 5; // first, last, current, siblings, two ellipses
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (total <= slots) return range(1, total);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, total);
  const edge = siblings * 2 + 3;
  if (left <= 3) return [...range(1, edge), 'ellipsis-end', total];
  if (right >= total - 2) return [1, 'ellipsis-start', ...range(total - edge + 1, total)];
  return [1, 'ellipsis-start', ...range(left, right), 'ellipsis-end', total];
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Total number of items (the API's count / total_items). */
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  siblings?: number;
  /** Render nothing when everything fits on one page (default true). */
  hideWhenSingle?: boolean;
  className?: string;
}

/** Previous / page numbers with ellipsis / next; pages = ceil(total / pageSize) (shared pageCount). */
export function Pagination({
  page,
  total,
  pageSize,
  onPageChange,
  siblings = 1,
  hideWhenSingle = true,
  className,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (hideWhenSingle && pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const cell =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-small font-medium tabular-nums transition';
  return (
    <nav aria-label="Страницы" className={cx('flex items-center justify-center gap-1', className)}>
      <button
        type="button"
        className={cx(
          cell,
          'gap-1 px-2.5 text-gray-600 hover:bg-gray-100 disabled:pointer-events-none disabled:opacity-40',
        )}
        onClick={() => onPageChange(current - 1)}
        disabled={current <= 1}
        aria-label="Предыдущая страница"
      >
        <ChevronLeft size={16} />
        <span className="hidden sm:inline">Назад</span>
      </button>
      {paginationRange(current, pages, siblings).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            onClick={() => onPageChange(item)}
            aria-current={item === current ? 'page' : undefined}
            aria-label={`Страница ${item}`}
            className={cx(
              cell,
              item === current ? 'bg-brand-600 text-white shadow-xs' : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            {item}
          </button>
        ) : (
          <span key={item} className={cx(cell, 'min-w-6 px-0 text-gray-400')} aria-hidden>
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={cx(
          cell,
          'gap-1 px-2.5 text-gray-600 hover:bg-gray-100 disabled:pointer-events-none disabled:opacity-40',
        )}
        onClick={() => onPageChange(current + 1)}
        disabled={current >= pages}
        aria-label="Следующая страница"
      >
        <span className="hidden sm:inline">Вперёд</span>
        <ChevronRight size={16} />
      </button>
    </nav>
  );
}

/** A list page's page change: the new page, then back to the top where the list starts. */
export function toPageAndTop(setPage: (page: number) => void): (page: number) => void {
  return (next) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };
}

/** The pages under a list page's list (deals, disputes, payments, referrals): a gap above, a page change back to the top. */
export function ListPagePagination({
  page,
  total,
  pageSize,
  setPage,
}: Pick<PaginationProps, 'page' | 'total' | 'pageSize'> & { setPage: (page: number) => void }) {
  return (
    <Pagination
      className="mt-6"
      page={page}
      total={total}
      pageSize={pageSize}
      onPageChange={toPageAndTop(setPage)}
    />
  );
}
