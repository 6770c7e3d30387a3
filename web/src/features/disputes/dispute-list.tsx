import { labelOf } from '../../labels/index.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  DetailsButton,
  DetailsIconButton,
  formatDate,
  RecordCard,
  RecordCardGrid,
  RecordFact,
  RecordFacts,
  SortBar,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui/index.ts';
import type { Dispute, DisputeSort, DisputeSortColumn } from './api.ts';
import {
  DISPUTE_PAGE_TEXT,
  DisputeStatusBadge,
  disputeRequisite,
  formatUsdtAmount,
  ORDER_TYPE_LABELS,
  shortId,
} from './dispute-parts.tsx';

export interface DisputeListProps {
  disputes: Dispute[];
  sort: DisputeSort;
  onSort: (column: DisputeSortColumn) => void;
  onDetails: (dispute: Dispute) => void;
  /** The dispute being opened (its block and detail calls in flight). */
  opening: string | null;
}

const TEXT = DISPUTE_PAGE_TEXT.columns;
const SORT_COLUMNS: Array<{ column: DisputeSortColumn; label: string }> = [
  { column: 'id', label: TEXT.id },
  { column: 'created_at', label: TEXT.date },
  { column: 'amount', label: TEXT.amount },
  { column: 'status', label: TEXT.status },
];

const sortOf = (sort: DisputeSort, column: DisputeSortColumn) => (sort.sort === column ? sort.order : null);

function DisputeIdText({ id }: { id: string }) {
  return (
    <span className="font-mono text-small text-gray-800" title={id} data-testid="dispute-id">
      {shortId(id)}
    </span>
  );
}

/** The wide layout: dispute id, creation date, amount, status, actions; every data column sorts. */
export function DisputeTable({ disputes, sort, onSort, onDetails, opening }: DisputeListProps) {
  return (
    <Table data-testid="disputes-list" data-layout="table">
      <TableHead>
        <tr>
          <TableHeaderCell sort={sortOf(sort, 'id')} onSort={() => onSort('id')}>
            {TEXT.id}
          </TableHeaderCell>
          <TableHeaderCell sort={sortOf(sort, 'created_at')} onSort={() => onSort('created_at')}>
            {TEXT.date}
          </TableHeaderCell>
          <TableHeaderCell align="right" sort={sortOf(sort, 'amount')} onSort={() => onSort('amount')}>
            {TEXT.amount}
          </TableHeaderCell>
          <TableHeaderCell sort={sortOf(sort, 'status')} onSort={() => onSort('status')}>
            {TEXT.status}
          </TableHeaderCell>
          <TableHeaderCell align="right">{TEXT.actions}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {disputes.map((dispute) => (
          <TableRow key={dispute.id} data-testid="dispute-row">
            <TableCell>
              <DisputeIdText id={dispute.id} />
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDate(dispute.created_at)}</TableCell>
            <TableCell align="right">
              <span className="font-medium whitespace-nowrap text-gray-900" data-testid="dispute-amount">
                {formatRubles(dispute.transaction.amount_rub)}
              </span>
              <span className="block text-caption text-gray-500">
                <span className="whitespace-nowrap">{formatUsdtAmount(dispute.transaction.amount)}</span> ·{' '}
                {labelOf(ORDER_TYPE_LABELS, dispute.transaction.order_type)} · {disputeRequisite(dispute)}
              </span>
            </TableCell>
            <TableCell>
              <DisputeStatusBadge status={dispute.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end">
                <DetailsIconButton
                  label={DISPUTE_PAGE_TEXT.details}
                  disabled={opening !== null}
                  onClick={() => onDetails(dispute)}
                />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The narrow layout (768 px or less): one card per dispute, the sort as buttons above the cards. */
export function DisputeCards({ disputes, sort, onSort, onDetails, opening }: DisputeListProps) {
  return (
    <div data-testid="disputes-list" data-layout="cards">
      <SortBar
        legend={DISPUTE_PAGE_TEXT.sort}
        columns={SORT_COLUMNS}
        orderOf={(column) => sortOf(sort, column)}
        onSort={onSort}
        className="max-w-full flex-wrap"
      />
      <RecordCardGrid>
        {disputes.map((dispute) => (
          <RecordCard
            key={dispute.id}
            testId="dispute-card"
            id={<DisputeIdText id={dispute.id} />}
            status={<DisputeStatusBadge status={dispute.status} />}
          >
            <RecordFacts>
              <RecordFact label={TEXT.date} valueClassName="tabular-nums text-gray-800">
                {formatDate(dispute.created_at)}
              </RecordFact>
              <RecordFact label={TEXT.amount} valueClassName="tabular-nums" valueTestId="dispute-amount">
                <span className="block font-medium text-gray-900">
                  {formatRubles(dispute.transaction.amount_rub)}
                </span>
                <span className="block text-caption text-gray-500">
                  {formatUsdtAmount(dispute.transaction.amount)}
                </span>
              </RecordFact>
              <RecordFact
                label={dispute.transaction.payment_details.bank.name}
                className="col-span-2 min-w-0"
                valueClassName="truncate font-mono text-gray-800"
              >
                {disputeRequisite(dispute)}
              </RecordFact>
            </RecordFacts>
            <DetailsButton
              label={DISPUTE_PAGE_TEXT.details}
              disabled={opening !== null}
              loading={opening === dispute.id}
              onClick={() => onDetails(dispute)}
              className="mt-auto"
            />
          </RecordCard>
        ))}
      </RecordCardGrid>
    </div>
  );
}
