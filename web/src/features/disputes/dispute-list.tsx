/** The Disputes page's list: the table or the cards of disputes, each with its details button. */
import { labelOf } from '../../labels/index.ts';
import type { TableColumn } from '../../ui/column-table.tsx';
import { formatRubles } from '../../ui/format-rubles.ts';
import { DetailsButton, DetailsIconButton, formatDate, RecordFact, RecordFacts } from '../../ui/index.ts';
import { RecordList } from '../../ui/record-list.tsx';
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
  /** Cards instead of the table (the page's narrow query). */
  cards: boolean;
  disputes: Dispute[];
  sort: DisputeSort;
  onSort: (column: DisputeSortColumn) => void;
  onDetails: (dispute: Dispute) => void;
  /** The dispute being opened (its block and detail calls in flight). */
  opening: string | null;
}

const TEXT = DISPUTE_PAGE_TEXT.columns;

function DisputeIdText({ id }: { id: string }) {
  return (
    <span className="font-mono text-small text-gray-800" title={id} data-testid="dispute-id">
      {shortId(id)}
    </span>
  );
}

/** The table's columns: dispute id, creation date, amount, status, actions; every data column sorts. */
function disputeColumns({
  onDetails,
  opening,
}: Pick<DisputeListProps, 'onDetails' | 'opening'>): Array<TableColumn<Dispute, DisputeSortColumn>> {
  return [
    { key: 'id', header: TEXT.id, sort: 'id', cell: (dispute) => <DisputeIdText id={dispute.id} /> },
    {
      key: 'date',
      header: TEXT.date,
      sort: 'created_at',
      cell: (dispute) => formatDate(dispute.created_at),
      cellClassName: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'amount',
      header: TEXT.amount,
      align: 'right',
      sort: 'amount',
      cell: (dispute) => (
        <>
          <span className="font-medium whitespace-nowrap text-gray-900" data-testid="dispute-amount">
            {formatRubles(dispute.transaction.amount_rub)}
          </span>
          <span className="block text-caption text-gray-500">
            <span className="whitespace-nowrap">{formatUsdtAmount(dispute.transaction.amount)}</span> ·{' '}
            {labelOf(ORDER_TYPE_LABELS, dispute.transaction.order_type)} · {disputeRequisite(dispute)}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: TEXT.status,
      sort: 'status',
      cell: (dispute) => <DisputeStatusBadge status={dispute.status} />,
    },
    {
      key: 'actions',
      header: TEXT.actions,
      headerAlign: 'right',
      cell: (dispute) => (
        <div className="flex justify-end">
          <DetailsIconButton
            label={DISPUTE_PAGE_TEXT.details}
            disabled={opening !== null}
            onClick={() => onDetails(dispute)}
          />
        </div>
      ),
    },
  ];
}

/** The disputes as a table, or (768 px or less) one card per dispute with the sort as buttons above the cards. */
export function DisputeList({ cards, disputes, sort, onSort, onDetails, opening }: DisputeListProps) {
  return (
    <RecordList
      cards={cards}
      testId="disputes-list"
      item="dispute"
      columns={disputeColumns({ onDetails, opening })}
      rows={disputes}
      sort={sort}
      onSort={onSort}
      sortLegend={DISPUTE_PAGE_TEXT.sort}
      sortBarClassName="max-w-full flex-wrap"
      card={{
        id: (dispute) => <DisputeIdText id={dispute.id} />,
        status: (dispute) => <DisputeStatusBadge status={dispute.status} />,
        body: (dispute) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
