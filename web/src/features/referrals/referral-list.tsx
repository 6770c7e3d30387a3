/** The Referrals page's list: the table or the cards of the lead's codes, each opening its details. */
import type { Referral } from '@app/shared/referrals/contracts';
import type { TableColumn } from '../../ui/column-table.tsx';
import { DetailsButton, DetailsIconButton, formatDate, RecordFact, RecordFacts } from '../../ui/index.ts';
import { RecordList } from '../../ui/record-list.tsx';
import {
  formatReferralProfit,
  ReferralCode,
  ReferralStatusBadge,
  REFERRALS_TEXT as TEXT,
} from './referral-parts.tsx';

export interface ReferralListProps {
  /** Cards instead of the table (the page's narrow query). */
  cards: boolean;
  referrals: Referral[];
  onDetails: (referral: Referral) => void;
}

/** The table's columns: code, email, created, profit, status and the details button. */
function referralColumns(onDetails: ReferralListProps['onDetails']): Array<TableColumn<Referral>> {
  return [
    {
      key: 'code',
      header: TEXT.columns.code,
      cell: (referral) => <ReferralCode code={referral.referral_code} />,
    },
    {
      key: 'email',
      header: TEXT.columns.email,
      cell: (referral) => referral.email,
      cellClassName: 'max-w-[16rem] truncate text-gray-800',
      cellTitle: (referral) => referral.email,
    },
    {
      key: 'created',
      header: TEXT.columns.created,
      cell: (referral) => formatDate(referral.created_at),
      cellClassName: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'profit',
      header: TEXT.columns.profit,
      align: 'right',
      cell: (referral) => formatReferralProfit(referral.profit),
      cellClassName: 'whitespace-nowrap font-medium text-gray-900 tabular-nums',
    },
    {
      key: 'status',
      header: TEXT.columns.status,
      cell: (referral) => <ReferralStatusBadge isUsed={referral.is_used} />,
    },
    {
      key: 'details',
      header: <span className="sr-only">{TEXT.details}</span>,
      align: 'right',
      cell: (referral) => (
        <DetailsIconButton
          label={TEXT.details}
          onClick={(event) => {
            event.stopPropagation();
            onDetails(referral);
          }}
        />
      ),
    },
  ];
}

/**
 * The codes as a table (a row click opens details too), or on narrow screens one card per code, stacked
 * (two columns from 640 px).
 */
export function ReferralList({ cards, referrals, onDetails }: ReferralListProps) {
  return (
    <RecordList
      cards={cards}
      testId="referrals-list"
      item="referral"
      columns={referralColumns(onDetails)}
      rows={referrals}
      onRowClick={onDetails}
      card={{
        id: (referral) => <ReferralCode code={referral.referral_code} />,
        status: (referral) => <ReferralStatusBadge isUsed={referral.is_used} />,
        body: (referral) => (
          <>
            <RecordFacts>
              <RecordFact
                label={TEXT.columns.email}
                className="col-span-2 min-w-0"
                valueClassName="truncate text-gray-800"
                valueTitle={referral.email}
              >
                {referral.email}
              </RecordFact>
              <RecordFact label={TEXT.columns.created} valueClassName="tabular-nums text-gray-800">
                {formatDate(referral.created_at)}
              </RecordFact>
              <RecordFact label={TEXT.columns.profit} valueClassName="font-medium tabular-nums text-gray-900">
                {formatReferralProfit(referral.profit)}
              </RecordFact>
            </RecordFacts>
            <DetailsButton label={TEXT.details} onClick={() => onDetails(referral)} className="mt-auto" />
          </>
        ),
      }}
    />
  );
}
