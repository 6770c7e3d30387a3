/** The Deals page's list: the table or the cards of deals, with the details and confirm-receipt buttons. */
import { DEALS_TEXT, formatUsdtAmount, type Transaction } from '@app/shared';
import { CheckCheck } from 'lucide-react';
import type { TableColumn } from '../../ui/column-table.tsx';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  Button,
  cx,
  DetailsButton,
  DetailsIconButton,
  formatDate,
  RecordFact,
  RecordFacts,
  StatusBadge,
} from '../../ui/index.ts';
import { RecordList } from '../../ui/record-list.tsx';
import type { DealSort, TransactionSort } from './api.ts';
import { DEAL_PAGE_TEXT, DealId } from './deal-parts.tsx';

export interface DealListProps {
  /** Cards instead of the table (the page's narrow query). */
  cards: boolean;
  deals: Transaction[];
  sort: DealSort;
  onSort: (column: TransactionSort) => void;
  canConfirm: (deal: Transaction) => boolean;
  onDetails: (deal: Transaction) => void;
  onConfirm: (deal: Transaction) => void;
}

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

/** The table's columns (spec §2 Deals page: ID, Date, Amount, Profit, Status, Actions); date, amount and profit sort. */
function dealColumns({
  canConfirm,
  onDetails,
  onConfirm,
}: Pick<DealListProps, 'canConfirm' | 'onDetails' | 'onConfirm'>): Array<
  TableColumn<Transaction, TransactionSort>
> {
  return [
    { key: 'id', header: DEALS_TEXT.columns.id, cell: (deal) => <DealId id={deal.id} /> },
    {
      key: 'date',
      header: DEALS_TEXT.columns.date,
      sort: 'created_at',
      cell: (deal) => formatDate(deal.created_at),
      cellClassName: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'amount',
      header: DEALS_TEXT.columns.amount,
      align: 'right',
      sort: 'amount',
      cell: (deal) => (
        <>
          <span className="font-medium text-gray-900">{formatUsdtAmount(deal.amount)}</span>
          <span className="block text-caption text-gray-500">
            {formatRubles(deal.payment_details.amount)}
          </span>
        </>
      ),
    },
    {
      key: 'profit',
      header: DEALS_TEXT.columns.profit,
      align: 'right',
      sort: 'profit',
      cell: (deal) => formatUsdtAmount(deal.profit),
    },
    {
      key: 'status',
      header: DEALS_TEXT.columns.status,
      cell: (deal) => <StatusBadge status={deal.status} />,
    },
    {
      key: 'actions',
      header: DEALS_TEXT.columns.actions,
      headerAlign: 'right',
      cell: (deal) => (
        <DealActions
          deal={deal}
          canConfirm={canConfirm(deal)}
          onDetails={onDetails}
          onConfirm={onConfirm}
          compact
        />
      ),
    },
  ];
}

/**
 * The deals as the spec's table with sortable headers, or (950 px or less) one card per deal with the sort as
 * buttons above the cards.
 */
export function DealList({ cards, deals, sort, onSort, canConfirm, onDetails, onConfirm }: DealListProps) {
  return (
    <RecordList
      cards={cards}
      testId="deals-list"
      item="deal"
      columns={dealColumns({ canConfirm, onDetails, onConfirm })}
      rows={deals}
      sort={sort}
      onSort={onSort}
      sortLegend={DEAL_PAGE_TEXT.sort}
      card={{
        id: (deal) => <DealId id={deal.id} />,
        status: (deal) => <StatusBadge status={deal.status} />,
        body: (deal) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
