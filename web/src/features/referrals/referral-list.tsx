import type { Referral } from '@app/shared/referrals/contracts';
import { Info } from 'lucide-react';
import {
  Button,
  Card,
  formatDate,
  IconButton,
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
              <IconButton
                variant="secondary"
                size="sm"
                aria-label={TEXT.details}
                title={TEXT.details}
                icon={<Info size={15} />}
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
    <ul
      data-testid="referrals-list"
      data-layout="cards"
      className="grid grid-cols-1 gap-3 min-[640px]:grid-cols-2"
    >
      {referrals.map((referral) => (
        <li key={referral.id} className="min-w-0">
          <Card padding="sm" data-testid="referral-card" className="flex h-full flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <ReferralCode code={referral.referral_code} />
              <ReferralStatusBadge isUsed={referral.is_used} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-small">
              <div className="col-span-2 min-w-0">
                <dt className="text-caption text-gray-500">{TEXT.columns.email}</dt>
                <dd className="truncate text-gray-800" title={referral.email}>
                  {referral.email}
                </dd>
              </div>
              <div>
                <dt className="text-caption text-gray-500">{TEXT.columns.created}</dt>
                <dd className="tabular-nums text-gray-800">{formatDate(referral.created_at)}</dd>
              </div>
              <div>
                <dt className="text-caption text-gray-500">{TEXT.columns.profit}</dt>
                <dd className="font-medium tabular-nums text-gray-900">
                  {formatReferralProfit(referral.profit)}
                </dd>
              </div>
            </dl>
            <Button
              variant="secondary"
              size="sm"
              leftIcon={<Info size={14} />}
              onClick={() => onDetails(referral)}
              className="mt-auto"
            >
              {TEXT.details}
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
