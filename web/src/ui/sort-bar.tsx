import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type SortOrderOf = 'asc' | 'desc' | null;

export interface SortBarProps<C extends string> {
  /** The group's name for screen readers ("Сортировка"). */
  legend: string;
  columns: ReadonlyArray<{ column: C; label: ReactNode }>;
  /** The column's direction when the list is sorted by it, else null. */
  orderOf: (column: C) => SortOrderOf;
  onSort: (column: C) => void;
  className?: string;
}

/** The sort of a list's narrow (card) layout: one button per column, the active one showing its direction. */
export function SortBar<C extends string>({ legend, columns, orderOf, onSort, className }: SortBarProps<C>) {
  return (
    <fieldset className={cx('mb-3 inline-flex items-center gap-0.5 rounded-lg bg-gray-100 p-0.5', className)}>
      <legend className="sr-only">{legend}</legend>
      {columns.map(({ column, label }) => {
        const order = orderOf(column);
        const Icon = order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ArrowUpDown;
        return (
          <button
            key={column}
            type="button"
            onClick={() => onSort(column)}
            aria-pressed={order !== null}
            className={cx(
              'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-caption font-medium transition',
              order ? 'bg-white text-brand-700 shadow-xs' : 'text-gray-500 hover:text-gray-800',
            )}
          >
            {label}
            <Icon size={13} aria-hidden />
          </button>
        );
      })}
    </fieldset>
  );
}
