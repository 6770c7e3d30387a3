import { reservedUntilText, usdtText, WITHDRAWABLE_TEXT, type WithdrawableBalance } from '@app/shared';
import { formatDayTime } from '../../ui/format-date.ts';
import { Alert } from '../../ui/index.ts';

/** How many reserve lines are listed; the rest are summed in the "В резерве" total above them. */
const RESERVE_LINES = 3;

/**
 * What can leave now and why the rest cannot (issue 23): the withdrawable amount, the USDT reserved until the
 * dispute window of each recently expired or canceled deal closes ('В резерве до 12.03 14:05'), and a
 * dispute's debt, which blocks every withdrawal until it is repaid.
 */
export function WithdrawableSummary({ balance }: { balance: WithdrawableBalance }) {
  return (
    <div className="flex flex-col gap-3" data-testid="withdrawable">
      <dl className="flex flex-col gap-1.5 rounded-lg border border-brand-100 bg-brand-50/60 px-3.5 py-3 text-small">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-gray-600">{WITHDRAWABLE_TEXT.withdrawable}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums" data-testid="withdrawable-amount">
            {usdtText(balance.withdrawable)}
          </dd>
        </div>
        {balance.reserved > 0 ? (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-gray-600">{WITHDRAWABLE_TEXT.reserved}</dt>
              <dd className="text-gray-800 tabular-nums">{usdtText(balance.reserved)}</dd>
            </div>
            {balance.reserves.slice(0, RESERVE_LINES).map((reserve) => (
              <div
                key={`${reserve.until}-${reserve.amount}`}
                className="flex items-baseline justify-between gap-3 pl-3 text-caption"
                data-testid="reserve-line"
              >
                <dt className="text-gray-500">{reservedUntilText(formatDayTime(reserve.until))}</dt>
                <dd className="text-gray-600 tabular-nums">{usdtText(reserve.amount)}</dd>
              </div>
            ))}
            <p className="pt-0.5 text-caption text-gray-500">{WITHDRAWABLE_TEXT.reservedHint}</p>
          </>
        ) : null}
      </dl>
      {balance.debt > 0 ? (
        <Alert
          tone="danger"
          title={`${WITHDRAWABLE_TEXT.debt}: ${usdtText(balance.debt)}`}
          data-testid="debt"
        >
          {WITHDRAWABLE_TEXT.debtHint}
        </Alert>
      ) : null}
    </div>
  );
}
