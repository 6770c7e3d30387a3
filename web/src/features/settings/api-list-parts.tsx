/** Both lists of the API section (keys, webhook deliveries): the loading rows, and the table or (narrow) the cards. */
import type { ReactNode } from 'react';
import { ColumnTable, type TableColumn } from '../../ui/column-table.tsx';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';

/** Grey rows while a list loads. */
export function ApiListLoading({ testId, rows }: { testId: string; rows: number }) {
  return (
    <SkeletonStack
      shapes={Array.from({ length: rows }, () => 'h-12 w-full')}
      className="flex flex-col gap-2"
      testId={testId}
    />
  );
}

/** How a row fills its card in the narrow layout: name and detail left, status badge right, then the rest. */
export interface ApiListCard<Row> {
  head: (row: Row) => ReactNode;
  status: (row: Row) => ReactNode;
  body: (row: Row) => ReactNode;
}

/** The header of the table's last column (the row's buttons), named only for screen readers. */
export const ACTIONS_HEADER = <span className="sr-only">Действия</span>;

/** A list of the section: the table when there is room, else one card per row. */
export function ApiList<Row extends { id: string }>({
  narrow,
  rows,
  testId,
  columns,
  card,
}: {
  narrow: boolean;
  rows: readonly Row[];
  /** Each row's or card's test id. */
  testId: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  card: ApiListCard<Row>;
}) {
  if (!narrow) return <ColumnTable columns={columns} rows={rows} rowTestId={testId} />;
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} data-testid={testId} className="rounded-lg border border-gray-200 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">{card.head(row)}</div>
            {card.status(row)}
          </div>
          {card.body(row)}
        </li>
      ))}
    </ul>
  );
}
