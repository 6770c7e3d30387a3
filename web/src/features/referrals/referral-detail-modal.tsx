import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { PAIRING_QR_LEVEL, PAIRING_QR_SIZE } from '@app/shared/terminals/constants';
import type { ReactNode } from 'react';
import { ErrorState, formatDate, Modal } from '../../ui/index.ts';
import { FluidQrCode } from '../../ui/qr-code.tsx';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { isNoPermission, useReferralDetail } from './api.ts';
import {
  CopyButton,
  formatMonth,
  formatReferralProfit,
  ReferralStatusBadge,
  REFERRALS_TEXT as TEXT,
} from './referral-parts.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-small text-gray-500">{label}</dt>
      <dd className="min-w-0 text-right text-small text-gray-900">{children}</dd>
    </div>
  );
}

/** A value to share (the code, the link) in a read-only box with its copy button. */
function CopyBox({
  label,
  value,
  copyLabel,
  mono,
}: {
  label: string;
  value: string;
  copyLabel: string;
  mono?: boolean;
}) {
  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-caption font-medium text-gray-500">{label}</p>
      <div className="flex items-center gap-1 rounded-lg border border-gray-200 bg-gray-50 py-1 pr-1 pl-3">
        <span
          className={
            mono
              ? 'min-w-0 flex-1 truncate font-mono text-small font-semibold text-gray-900'
              : 'min-w-0 flex-1 truncate text-small text-gray-800'
          }
          title={value}
          data-testid={mono ? 'detail-code' : 'detail-link'}
        >
          {value}
        </span>
        <CopyButton value={value} label={copyLabel} className="text-gray-500" />
      </div>
    </div>
  );
}

/**
 * The detail modal of one code (GET account/lead/refferal/{id}/, our addition): the code and its sign-up
 * link with copy, the link as a QR code (spec §9 QR constants: 256, level H), the status, when it was used,
 * the referred trader's completed deals, the commission and its months.
 */
export function ReferralDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useReferralDetail(id);

  let content: ReactNode;
  if (detail.isPending) {
    content = (
      <SkeletonStack
        shapes={['h-14 w-full rounded-lg', 'mx-auto size-48 rounded-xl', 'h-24 w-full rounded-lg']}
        className="flex flex-col gap-4"
        testId="referral-detail-loading"
      />
    );
  } else if (detail.isError) {
    content = (
      <ErrorState
        message={isNoPermission(detail.error) ? REFERRAL_MESSAGES.noPermission : TEXT.detailFailed}
        onRetry={isNoPermission(detail.error) ? undefined : () => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  } else {
    const data = detail.data;
    content = (
      <div className="flex flex-col gap-6" data-testid="referral-detail">
        <div className="grid grid-cols-1 gap-3">
          <CopyBox label={TEXT.code} value={data.referral_code} copyLabel={TEXT.copyCode} mono />
          <CopyBox label={TEXT.link} value={data.link} copyLabel={TEXT.copyLink} />
        </div>
        <div
          className="mx-auto w-full max-w-[14rem] rounded-xl border border-gray-200 bg-white p-2"
          data-testid="referral-qr"
          data-qr-value={data.link}
        >
          <FluidQrCode
            value={data.link}
            size={PAIRING_QR_SIZE}
            level={PAIRING_QR_LEVEL}
            title={TEXT.qrTitle}
          />
        </div>
        <dl className="divide-y divide-gray-100 border-y border-gray-100">
          <Row label={TEXT.status}>
            <ReferralStatusBadge isUsed={data.is_used} />
          </Row>
          <Row label={TEXT.columns.email}>
            <span className="block truncate">{data.email}</span>
          </Row>
          <Row label={TEXT.columns.created}>
            <span className="tabular-nums">{formatDate(data.created_at)}</span>
          </Row>
          <Row label={TEXT.usedAt}>
            <span className="tabular-nums" data-testid="detail-used-at">
              {data.used_at ? formatDate(data.used_at) : TEXT.notUsed}
            </span>
          </Row>
          <Row label={TEXT.dealsCount}>
            <span className="tabular-nums" data-testid="detail-deals">
              {data.deals_count}
            </span>
          </Row>
          <Row label={TEXT.commission}>
            <span className="font-semibold tabular-nums" data-testid="detail-profit">
              {formatReferralProfit(data.profit)}
            </span>
          </Row>
        </dl>
        <section>
          <h3 className="mb-2 text-h3 text-gray-900">{TEXT.byMonth}</h3>
          {data.by_month.length === 0 ? (
            <p className="text-small text-gray-500">{TEXT.noMonths}</p>
          ) : (
            <table className="w-full text-small" data-testid="referral-months">
              <thead>
                <tr className="border-b border-gray-200 text-caption text-gray-500">
                  <th className="py-2 text-left font-medium">{TEXT.month}</th>
                  <th className="py-2 text-right font-medium">{TEXT.deals}</th>
                  <th className="py-2 text-right font-medium">{TEXT.monthProfit}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.by_month.map((row) => (
                  <tr key={row.month} data-testid="referral-month">
                    <td className="py-2 text-gray-800">{formatMonth(row.month)}</td>
                    <td className="py-2 text-right tabular-nums text-gray-800">{row.deals}</td>
                    <td className="py-2 text-right font-medium tabular-nums text-gray-900">
                      {formatReferralProfit(row.profit)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={TEXT.detailTitle}
      size="md"
    >
      {content}
    </Modal>
  );
}
