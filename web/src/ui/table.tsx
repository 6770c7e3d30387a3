import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';

/**
 * Scrollable, bordered table container. It is positioned so that absolutely placed cell content (the
 * `sr-only` labels) is clipped by its scroll box too; otherwise such spans of a wide table escape it and
 * widen the whole page (Settings #api scrolled sideways at 768 px).
 */
export function Table({ className, children, ...rest }: ComponentPropsWithRef<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className={cx('w-full border-collapse text-left text-small', className)} {...rest}>
        {children}
      </table>
    </div>
  );
}

/** Table head row group with the muted header style. */
export function TableHead({ className, ...rest }: ComponentPropsWithRef<'thead'>) {
  return <thead className={cx('border-b border-gray-200 bg-gray-50/70', className)} {...rest} />;
}

/** Table body; rows get hairline separators. */
export function TableBody({ className, ...rest }: ComponentPropsWithRef<'tbody'>) {
  return <tbody className={cx('divide-y divide-gray-100', className)} {...rest} />;
}

/** A row; interactive rows get a hover tint. */
export function TableRow({ className, ...rest }: ComponentPropsWithRef<'tr'>) {
  return <tr className={cx('transition-colors hover:bg-gray-50/60', className)} {...rest} />;
}

export type SortDirection = 'asc' | 'desc';

export interface TableHeaderCellProps extends ComponentPropsWithRef<'th'> {
  align?: 'left' | 'right' | 'center';
  /** Current sort of this column (null when the table is sorted by another). Makes the header a button. */
  sort?: SortDirection | null;
  onSort?: () => void;
}

/** Column header; with onSort it becomes a sort button with a direction arrow and aria-sort. */
export function TableHeaderCell({
  align = 'left',
  sort,
  onSort,
  className,
  children,
  ...rest
}: TableHeaderCellProps) {
  const alignClass = align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : 'text-left';
  const icon: ReactNode =
    sort === 'asc' ? (
      <ArrowUp size={13} />
    ) : sort === 'desc' ? (
      <ArrowDown size={13} />
    ) : (
      <ArrowUpDown size={13} />
    );
  return (
    <th
      scope="col"
      aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : undefined}
      className={cx(
        'h-11 px-4 text-caption font-medium tracking-wide text-gray-500 uppercase',
        alignClass,
        className,
      )}
      {...rest}
    >
      {onSort ? (
        <button
          type="button"
          onClick={onSort}
          className={cx(
            'inline-flex items-center gap-1 rounded uppercase transition hover:text-gray-800',
            sort ? 'text-gray-800' : undefined,
          )}
        >
          {children}
          <span className={sort ? 'text-brand-600' : 'text-gray-300'}>{icon}</span>
        </button>
      ) : (
        children
      )}
    </th>
  );
}

/** Body cell. Numbers should pass align="right" and get tabular figures. */
export function TableCell({
  align = 'left',
  className,
  ...rest
}: ComponentPropsWithRef<'td'> & { align?: 'left' | 'right' | 'center' }) {
  const alignClass =
    align === 'right' ? 'text-right tabular-nums' : align === 'center' ? 'text-center' : undefined;
  return <td className={cx('h-14 px-4 text-gray-700', alignClass, className)} {...rest} />;
}
