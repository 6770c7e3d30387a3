import type { Referral } from '@app/shared/referrals/contracts';
import {
  DetailsButton,
  DetailsIconButton,
  formatDate,
  RecordCard,
  RecordCardGrid,
  RecordFact,
  RecordFacts,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui/index.ts';
import {
  formatReferralProfit,
  ReferralCode,
  ReferralStatusBadge,
  REFERRALS_TEXT as TEXT,
} from './referral-parts.tsx';

export interface ReferralListProps {
  referrals: Referral[];
  onDetails: (referral: Referral) => void;
}

/** The wide layout: code, email, created, profit, status and the details button; a row click opens details too. */
export function ReferralTable({ referrals, onDetails }: ReferralListProps) {
  return (
    <Table data-testid="referrals-list" data-layout="table">
      <TableHead>
        <tr>
          <TableHeaderCell>{TEXT.columns.code}</TableHeaderCell>
          <TableHeaderCell>{TEXT.columns.email}</TableHeaderCell>
          <TableHeaderCell>{TEXT.columns.created}</TableHeaderCell>
          <TableHeaderCell align="right">{TEXT.columns.profit}</TableHeaderCell>
          <TableHeaderCell>{TEXT.columns.status}</TableHeaderCell>
          <TableHeaderCell align="right">
            <span className="sr-only">{TEXT.details}</span>
          </TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {referrals.map((referral) => (
          <TableRow
            key={referral.id}
            data-testid="referral-row"
            className="cursor-pointer"
            onClick={() => onDetails(referral)}
          >
            <TableCell>
              <ReferralCode code={referral.referral_code} />
            </TableCell>
            <TableCell className="max-w-[16rem] truncate text-gray-800" title={referral.email}>
              {referral.email}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDate(referral.created_at)}
            </TableCell>
            <TableCell align="right" className="whitespace-nowrap font-medium text-gray-900 tabular-nums">
              {formatReferralProfit(referral.profit)}
            </TableCell>
            <TableCell>
              <ReferralStatusBadge isUsed={referral.is_used} />
            </TableCell>
            <TableCell align="right">
              <DetailsIconButton
                label={TEXT.details}
                onClick={(event) => {
                  event.stopPropagation();
                  onDetails(referral);
                }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The narrow layout: one card per code, stacked (two columns from 640 px). */
export function ReferralCards({ referrals, onDetails }: ReferralListProps) {
  return (
    <RecordCardGrid data-testid="referrals-list" data-layout="cards">
      {referrals.map((referral) => (
        <RecordCard
          key={referral.id}
          testId="referral-card"
          id={<ReferralCode code={referral.referral_code} />}
          status={<ReferralStatusBadge isUsed={referral.is_used} />}
        >
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
        </RecordCard>
      ))}
    </RecordCardGrid>
  );
}
