/**
 * A table described by its columns (the deal, dispute and referral lists, the API keys, the webhook deliveries):
 * one header cell and one body cell a column, the sortable headers wired to the list's sort.
 */
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table.tsx';

type Align = 'left' | 'right' | 'center';

/** One column: its header, how a row fills its cell, and (when it sorts) the sort column it stands for. */
export interface TableColumn<Row, Sort extends string = string> {
  key: string;
  header: ReactNode;
  /** The cell's alignment; the header's too unless headerAlign says otherwise. */
  align?: Align;
  /** A header aligned apart from its cells (an actions header right over cells that align their own buttons). */
  headerAlign?: Align;
  /** The sort column this header sorts by; without it the header is plain text. */
  sort?: Sort;
  cell: (row: Row) => ReactNode;
  cellClassName?: string;
  /** The cell's tooltip, for a value the cell may truncate. */
  cellTitle?: (row: Row) => string;
}

/** A list's sort as its query sends it: the column and the direction. */
export interface ColumnSort<Sort extends string> {
  sort: Sort;
  order: 'asc' | 'desc';
}

export interface ColumnTableProps<Row extends { id: string }, Sort extends string = string> {
  columns: ReadonlyArray<TableColumn<Row, Sort>>;
  rows: readonly Row[];
  rowTestId: string;
  /** Makes the whole row a button (a pointer cursor); buttons inside it stop the click themselves. */
  onRowClick?: (row: Row) => void;
  sort?: ColumnSort<Sort>;
  onSort?: (column: Sort) => void;
  'data-testid'?: string;
  'data-layout'?: string;
}

/** The direction of a column when the list is sorted by it, else null. */
export function sortOrderOf<Sort extends string>(sort: ColumnSort<Sort> | undefined, column: Sort) {
  return sort?.sort === column ? sort.order : null;
}

/** The table: a header row from the columns, then a row per record keyed by its id. */
export function ColumnTable<Row extends { id: string }, Sort extends string = string>({
  columns,
  rows,
  rowTestId,
  onRowClick,
  sort,
  onSort,
  ...rest
}: ColumnTableProps<Row, Sort>) {
  const headerOf = (column: TableColumn<Row, Sort>) => {
    const sortColumn = column.sort;
    const sortable = sortColumn !== undefined && onSort !== undefined;
    return (
      <TableHeaderCell
        key={column.key}
        align={column.headerAlign ?? column.align}
        sort={sortable ? sortOrderOf(sort, sortColumn) : undefined}
        onSort={sortable ? () => onSort(sortColumn) : undefined}
      >
        {column.header}
      </TableHeaderCell>
    );
  };
  return (
    <Table {...rest}>
      <TableHead>
        <tr>{columns.map(headerOf)}</tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={row.id}
            data-testid={rowTestId}
            className={onRowClick ? 'cursor-pointer' : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                className={column.cellClassName}
                title={column.cellTitle?.(row)}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
