import { DEALS_TEXT, formatUsdtAmount, type Transaction } from '@app/shared';
import { CheckCheck } from 'lucide-react';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  Button,
  cx,
  DetailsButton,
  DetailsIconButton,
  formatDate,
  RecordCard,
  RecordCardGrid,
  RecordFact,
  RecordFacts,
  SortBar,
  StatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui/index.ts';
import type { DealSort, TransactionSort } from './api.ts';
import { DEAL_PAGE_TEXT, DealId } from './deal-parts.tsx';

export interface DealListProps {
  deals: Transaction[];
  sort: DealSort;
  onSort: (column: TransactionSort) => void;
  canConfirm: (deal: Transaction) => boolean;
  onDetails: (deal: Transaction) => void;
  onConfirm: (deal: Transaction) => void;
}

/** The sortable columns and their captions (spec §2 Deals page: by date, amount and profit). */
const SORT_COLUMNS: Array<{ column: TransactionSort; label: string }> = [
  { column: 'created_at', label: DEALS_TEXT.columns.date },
  { column: 'amount', label: DEALS_TEXT.columns.amount },
  { column: 'profit', label: DEALS_TEXT.columns.profit },
];

const sortOf = (sort: DealSort, column: TransactionSort) => (sort.sort === column ? sort.order : null);

function DealActions({
  deal,
  canConfirm,
  onDetails,
  onConfirm,
  compact,
}: Pick<DealListProps, 'onDetails' | 'onConfirm'> & {
  deal: Transaction;
  canConfirm: boolean;
  /** In the table the details button is an icon, so the row fits beside the sidebar. */
  compact: boolean;
}) {
  return (
    <div className={cx('flex items-center gap-2', compact ? 'justify-end' : 'flex-wrap')}>
      {compact ? (
        <DetailsIconButton label={DEAL_PAGE_TEXT.details} onClick={() => onDetails(deal)} />
      ) : (
        <DetailsButton label={DEAL_PAGE_TEXT.details} onClick={() => onDetails(deal)} className="flex-1" />
      )}
      {canConfirm ? (
        <Button
          size="sm"
          leftIcon={<CheckCheck size={14} />}
          onClick={() => onConfirm(deal)}
          className={compact ? undefined : 'flex-1'}
        >
          {DEALS_TEXT.confirmReceipt}
        </Button>
      ) : null}
    </div>
  );
}

/** The wide layout: the spec's table (ID, Date, Amount, Profit, Status, Actions) with sortable headers. */
export function DealTable({ deals, sort, onSort, canConfirm, onDetails, onConfirm }: DealListProps) {
  return (
    <Table data-testid="deals-list" data-layout="table">
      <TableHead>
        <tr>
          <TableHeaderCell>{DEALS_TEXT.columns.id}</TableHeaderCell>
          <TableHeaderCell sort={sortOf(sort, 'created_at')} onSort={() => onSort('created_at')}>
            {DEALS_TEXT.columns.date}
          </TableHeaderCell>
          <TableHeaderCell align="right" sort={sortOf(sort, 'amount')} onSort={() => onSort('amount')}>
            {DEALS_TEXT.columns.amount}
          </TableHeaderCell>
          <TableHeaderCell align="right" sort={sortOf(sort, 'profit')} onSort={() => onSort('profit')}>
            {DEALS_TEXT.columns.profit}
          </TableHeaderCell>
          <TableHeaderCell>{DEALS_TEXT.columns.status}</TableHeaderCell>
          <TableHeaderCell align="right">{DEALS_TEXT.columns.actions}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {deals.map((deal) => (
          <TableRow key={deal.id} data-testid="deal-row">
            <TableCell>
              <DealId id={deal.id} />
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDate(deal.created_at)}</TableCell>
            <TableCell align="right">
              <span className="font-medium text-gray-900">{formatUsdtAmount(deal.amount)}</span>
              <span className="block text-caption text-gray-500">
                {formatRubles(deal.payment_details.amount)}
              </span>
            </TableCell>
            <TableCell align="right">{formatUsdtAmount(deal.profit)}</TableCell>
            <TableCell>
              <StatusBadge status={deal.status} />
            </TableCell>
            <TableCell>
              <DealActions
                deal={deal}
                canConfirm={canConfirm(deal)}
                onDetails={onDetails}
                onConfirm={onConfirm}
                compact
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The narrow layout (950 px or less): one card per deal, with the sort as buttons above the cards. */
export function DealCards({ deals, sort, onSort, canConfirm, onDetails, onConfirm }: DealListProps) {
  return (
    <div data-testid="deals-list" data-layout="cards">
      <SortBar
        legend={DEAL_PAGE_TEXT.sort}
        columns={SORT_COLUMNS}
        orderOf={(column) => sortOf(sort, column)}
        onSort={onSort}
      />
      <RecordCardGrid>
        {deals.map((deal) => (
          <RecordCard
            key={deal.id}
            testId="deal-card"
            id={<DealId id={deal.id} />}
            status={<StatusBadge status={deal.status} />}
          >
            <RecordFacts>
              <RecordFact label={DEALS_TEXT.columns.date} valueClassName="tabular-nums text-gray-800">
                {formatDate(deal.created_at)}
              </RecordFact>
              <RecordFact label={DEALS_TEXT.columns.amount} valueClassName="tabular-nums">
                <span className="font-medium text-gray-900">{formatUsdtAmount(deal.amount)}</span>
                <span className="ml-1 text-caption text-gray-500">
                  {formatRubles(deal.payment_details.amount)}
                </span>
              </RecordFact>
              <RecordFact label={DEALS_TEXT.columns.profit} valueClassName="tabular-nums text-gray-800">
                {formatUsdtAmount(deal.profit)}
              </RecordFact>
              <RecordFact label={DEAL_PAGE_TEXT.bank} valueClassName="truncate text-gray-800">
                {deal.payment_details.bank.name}
              </RecordFact>
            </RecordFacts>
            <div className="mt-auto">
              <DealActions
                deal={deal}
                canConfirm={canConfirm(deal)}
                onDetails={onDetails}
                onConfirm={onConfirm}
                compact={false}
              />
            </div>
          </RecordCard>
        ))}
      </RecordCardGrid>
    </div>
  );
}
