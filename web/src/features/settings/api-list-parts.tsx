/** Pieces both lists of the API section (keys, webhook deliveries) draw alike: the loading rows, the narrow card, the actions header. */
import type { ReactNode } from 'react';
import { Skeleton, TableHeaderCell } from '../../ui/index.ts';

/** Grey rows while a list loads. */
export function ApiListLoading({ testId, rows }: { testId: string; rows: number }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length placeholder rows that never reorder
        <Skeleton key={row} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** One item of a list in the narrow layout: its name and detail left, its status badge right, then the rest. */
export function ApiListItem({
  testId,
  head,
  status,
  children,
}: {
  testId: string;
  head: ReactNode;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="rounded-lg border border-gray-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{head}</div>
        {status}
      </div>
      {children}
    </li>
  );
}

/** The header of the table's last column (the row's buttons), named only for screen readers. */
export function ActionsHeaderCell() {
  return (
    <TableHeaderCell>
      <span className="sr-only">Действия</span>
    </TableHeaderCell>
  );
}
