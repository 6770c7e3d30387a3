import { availableBalance, displayBalance, WALLET_TEXT } from '@app/shared/wallet/balance';
import type { DashboardProfile } from '@app/shared/wallet/dashboard';
import { WITHDRAWALS_TEXT } from '@app/shared/wallet/messages';
import { ArrowUpFromLine, EllipsisVertical, Eye, EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, Card, cx, formatDecimal, IconButton, lazyMenu, Skeleton } from '../../ui/index.ts';
import type { WalletTab } from '../wallet/wallet-modal.tsx';
import { useBalanceHidden } from './use-balance-hidden.ts';

const BalanceMenu = lazyMenu(() => import('./balance-menu.tsx'));

export interface BalanceCardProps {
  profile: DashboardProfile | undefined;
  /** 'Error: {message}' when the dashboard could not be loaded (spec §8). */
  error: string | null;
  isLead: boolean;
  /** A balance menu choice: opens 'Wallet Management' on that tab. */
  onOpenWallet: (tab: WalletTab) => void;
}

/**
 * My Balance (spec §2 Home dashboard): total, available, frozen and total profit in dollars with 2 decimals,
 * the rating, a hide/show toggle that masks the amounts, and the balance menu (Deposit; Withdraw for leads).
 */
export function BalanceCard({ profile, error, isLead, onOpenWallet }: BalanceCardProps) {
  const [hidden, toggleHidden] = useBalanceHidden();
  const show = (amount: number) => displayBalance(amount, hidden);

  return (
    <Card className="relative overflow-hidden" aria-labelledby="my-balance-title">
      <div className="flex items-start justify-between gap-3">
        <h2 id="my-balance-title" className="text-h3 text-gray-900">
          {WALLET_TEXT.myBalance}
        </h2>
        <div className="-mt-1.5 -mr-2 flex items-center gap-0.5">
          <IconButton
            size="sm"
            icon={hidden ? <EyeOff size={17} /> : <Eye size={17} />}
            aria-label={hidden ? WALLET_TEXT.showBalance : WALLET_TEXT.hideBalance}
            aria-pressed={hidden}
            onClick={toggleHidden}
          />
          <BalanceMenu
            isLead={isLead}
            onOpenWallet={onOpenWallet}
            trigger={
              <IconButton
                size="sm"
                icon={<EllipsisVertical size={17} />}
                aria-label={WALLET_TEXT.balanceMenu}
              />
            }
          />
        </div>
      </div>

      {error ? (
        <Alert tone="danger" role="alert" className="mt-4">
          {error}
        </Alert>
      ) : (
        <div className="mt-3 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between lg:gap-8">
          <div className="min-w-0">
            {profile ? (
              <p
                className="truncate text-[2rem] leading-tight font-semibold tracking-tight text-gray-900 tabular-nums sm:text-[2.25rem]"
                data-testid="balance-total"
              >
                {show(profile.balance)}
              </p>
            ) : (
              <Skeleton className="h-10 w-48" />
            )}
            <p className="mt-1 text-small text-gray-500">USDT · TRC20</p>
            {profile ? <Withdrawing amount={profile.withdrawing} hidden={hidden} /> : null}
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4 lg:w-[34rem] lg:shrink-0 lg:gap-x-8">
            <Stat label={WALLET_TEXT.available} testId="balance-available">
              {profile ? show(availableBalance(profile)) : null}
            </Stat>
            <Stat label={WALLET_TEXT.frozen} testId="balance-frozen">
              {profile ? show(profile.frozen_balance) : null}
            </Stat>
            <Stat label={WALLET_TEXT.totalProfit} testId="balance-profit">
              {profile ? show(profile.total_profit) : null}
            </Stat>
            <Stat label={WALLET_TEXT.rating} testId="balance-rating">
              {profile ? `${formatRating(profile.rating)}%` : null}
            </Stat>
          </dl>
        </div>
      )}
    </Card>
  );
}

/**
 * Money on its way out (dashboard profile.withdrawing): already taken from the balance, so the total never
 * drops without saying where it went. Nothing shows while nothing is in flight.
 */
function Withdrawing({ amount: value, hidden }: { amount: number; hidden: boolean }) {
  if (value <= 0) return null;
  return (
    <div
      className="mt-2 w-fit max-w-full rounded-md bg-brand-50 px-2.5 py-1.5 text-small text-brand-800"
      data-testid="balance-withdrawing"
    >
      <p className="flex items-center gap-1.5">
        <ArrowUpFromLine size={14} aria-hidden className="shrink-0" />
        <span className="font-medium">{WITHDRAWALS_TEXT.withdrawing}:</span>
        <span className="font-semibold tabular-nums">{displayBalance(value, hidden)}</span>
      </p>
      <p className="text-caption text-brand-700/80">{WITHDRAWALS_TEXT.withdrawingHint}</p>
    </div>
  );
}

function formatRating(rating: number): string {
  return formatDecimal(rating, 2);
}

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-caption text-gray-500">{label}</dt>
      <dd
        className={cx('mt-0.5 truncate text-body font-semibold text-gray-900 tabular-nums')}
        data-testid={testId}
      >
        {children ?? <Skeleton className="mt-1 h-5 w-20" />}
      </dd>
    </div>
  );
}
