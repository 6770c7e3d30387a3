import { lazy, Suspense, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { useIsLead } from '../../api/lead-store.ts';
import { Avatar, OverlayLoader, useMediaQuery, useStepsAfterFirstPaint } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { isFirstVisit } from '../auth/first-visit.ts';
import { displayName } from '../shell/display-name.ts';
import type { WalletTab } from '../wallet/wallet-modal.tsx';
import { useDashboard } from './api.ts';
import { BalanceCard } from './balance-card.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { BANNER_ROW_CLASS } from './dashboard-first-paint.tsx';
import { RatingCard } from './rating-card.tsx';
import { TerminalsCard } from './terminals-card.tsx';
import { TransactionSummaryCard } from './transaction-summary-card.tsx';
import { TransactionsCard } from './transactions-card.tsx';

/** At this width or less the Rating card leaves the side column for the single column (spec §2, §9 900 px). */
export const DASHBOARD_SINGLE_COLUMN_QUERY = '(max-width: 900px)';

/**
 * The welcome header (spec §2 Home dashboard; English like the rest of the dashboard, whose name
 * fallback is 'User'): a plain welcome on the visit that follows sign-up, "welcome back" afterwards.
 */
export function greeting(name: string, firstVisit: boolean): string {
  return firstVisit ? `Welcome, ${name}` : `Welcome back, ${name}`;
}

// The wallet dialogs (forms, QR code, OTP) load when first opened, not with the home page.
const WalletModal = lazy(() =>
  import('../wallet/wallet-modal.tsx').then((module) => ({ default: module.WalletModal })),
);

/**
 * Home dashboard (/, /profile), spec §2: the welcome header; the banner carousel with the Rating card beside
 * it (above 900 px) or below it in the single column; My Balance with the wallet dialogs; the Transaction
 * Summary chart; the Last Transaction table and the terminals' device cards. The banners and the chart's
 * frame need no data, so they paint before the dashboard answer arrives.
 */
export function DashboardPage() {
  const user = useAuthUser();
  const storedIsLead = useIsLead();
  const dashboard = useDashboard();
  const profile = dashboard.data?.profile;
  const name = displayName({ username: profile?.username ?? user.username });
  // The dashboard's own answer is the freshest word on the lead flag; until it arrives, the stored flag.
  const isLead = profile?.is_lead ?? storedIsLead;
  const [wallet, setWallet] = useState<{ open: boolean; tab: WalletTab; opened: boolean }>({
    open: false,
    tab: 'deposit',
    opened: false,
  });
  const singleColumn = useMediaQuery(DASHBOARD_SINGLE_COLUMN_QUERY);
  // The header and the banners (with the Rating card beside them above 900 px) render first; then, one task
  // each, the Rating card of the single column, the balance, the chart and the two tables, so no task of the
  // first load is long on a phone.
  const step = useStepsAfterFirstPaint(5);
  const ratingCard = <RatingCard rating={profile?.rating} failed={dashboard.isError} className="h-full" />;

  return (
    <>
      <header className="mb-8 flex items-center gap-4">
        <Avatar src={profile?.avatar} name={name} size="lg" />
        {/* A long name wraps to a second line instead of being cut; two lines at this leading stay within the
            avatar's 56 px, so the row (and the banner under it) keeps the height of the first paint. */}
        <h1 className="line-clamp-2 min-w-0 text-h1 leading-[1.075] text-gray-900 [overflow-wrap:anywhere]">
          {greeting(name, isFirstVisit(user.id))}
        </h1>
      </header>
      <div className="grid grid-cols-1 gap-6">
        <div className={BANNER_ROW_CLASS}>
          <BannerCarousel />
          {singleColumn ? null : (
            <aside className="self-stretch" data-testid="dashboard-side-column">
              {ratingCard}
            </aside>
          )}
        </div>
        {singleColumn && step >= 1 ? ratingCard : null}
        {step >= 2 ? (
          <BalanceCard
            profile={profile}
            error={dashboard.isError ? `Error: ${readError(dashboard.error).text}` : null}
            isLead={isLead}
            onOpenWallet={(tab) => setWallet({ open: true, tab, opened: true })}
          />
        ) : null}
        {step >= 3 ? <TransactionSummaryCard /> : null}
        {step >= 4 && !dashboard.isError ? (
          <TransactionsCard transactions={dashboard.data?.transactions} />
        ) : null}
        {step >= 5 && !dashboard.isError ? <TerminalsCard terminals={dashboard.data?.terminals} /> : null}
      </div>
      {wallet.opened ? (
        <Suspense fallback={<OverlayLoader />}>
          <WalletModal
            open={wallet.open}
            onOpenChange={(open) => setWallet((current) => ({ ...current, open }))}
            initialTab={wallet.tab}
            isLead={isLead}
            whiteList={profile?.white_list ?? []}
          />
        </Suspense>
      ) : null}
    </>
  );
}
