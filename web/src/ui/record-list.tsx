/**
 * A record list in its two layouts (deals, disputes, referrals): the column table when wide, the card grid when
 * narrow, with the sortable columns as a sort bar above the cards.
 */
import type { ReactNode } from 'react';
import { ColumnTable, type ColumnTableProps, sortOrderOf } from './column-table.tsx';
import { RecordCard, RecordCardGrid } from './record-cards.tsx';
import { SortBar } from './sort-bar.tsx';

/** How one record fills its card: the id and status on top, then the body (facts and buttons). */
export interface RecordCardParts<Row> {
  id: (row: Row) => ReactNode;
  status: (row: Row) => ReactNode;
  body: (row: Row) => ReactNode;
}

export interface RecordListProps<Row extends { id: string }, Sort extends string = string>
  extends Omit<ColumnTableProps<Row, Sort>, 'rowTestId' | 'data-testid' | 'data-layout'> {
  /** Cards instead of the table (the page's narrow media query). */
  cards: boolean;
  /** The test id of the list in either layout. */
  testId: string;
  /** The record's name in test ids: `<item>-row` in the table, `<item>-card` in the grid. */
  item: string;
  card: RecordCardParts<Row>;
  /** The sort bar's name for screen readers; needed when the list sorts. */
  sortLegend?: string;
  sortBarClassName?: string;
}

/** The list as a table or as cards; the page picks the layout, the columns serve both. */
export function RecordList<Row extends { id: string }, Sort extends string = string>({
  cards,
  testId,
  item,
  card,
  sortLegend,
  sortBarClassName,
  ...table
}: RecordListProps<Row, Sort>) {
  if (!cards)
    return <ColumnTable {...table} rowTestId={`${item}-row`} data-testid={testId} data-layout="table" />;
  const { columns, rows, sort, onSort } = table;
  const items = rows.map((row) => (
    <RecordCard key={row.id} testId={`${item}-card`} id={card.id(row)} status={card.status(row)}>
      {card.body(row)}
    </RecordCard>
  ));
  if (!onSort || sortLegend === undefined) {
    return (
      <RecordCardGrid data-testid={testId} data-layout="cards">
        {items}
      </RecordCardGrid>
    );
  }
  const sortColumns = columns.flatMap((column) =>
    column.sort === undefined ? [] : [{ column: column.sort, label: column.header }],
  );
  return (
    <div data-testid={testId} data-layout="cards">
      <SortBar
        legend={sortLegend}
        columns={sortColumns}
        orderOf={(column) => sortOrderOf(sort, column)}
        onSort={onSort}
        className={sortBarClassName}
      />
      <RecordCardGrid>{items}</RecordCardGrid>
    </div>
  );
}
