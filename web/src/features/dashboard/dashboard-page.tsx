import { lazy, Suspense, useState } from 'react';
import { useIsLead } from '../../api/lead-store.ts';
import { Avatar, OverlayLoader } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { isFirstVisit } from '../auth/first-visit.ts';
import { displayName } from '../shell/display-name.ts';
import type { WalletTab } from '../wallet/wallet-modal.tsx';
import { useDashboard } from './api.ts';
import { BalanceCard } from './balance-card.tsx';
import { TerminalsCard } from './terminals-card.tsx';
import { TransactionsCard } from './transactions-card.tsx';

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
 * Home dashboard (/, /profile): the welcome header, the My Balance card with the wallet dialogs, the Last
 * Transaction table and the terminals' device cards.
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

  return (
    <>
      <header className="mb-8 flex items-center gap-4">
        <Avatar src={profile?.avatar} name={name} size="lg" />
        <h1 className="min-w-0 truncate text-h1 text-gray-900">{greeting(name, isFirstVisit(user.id))}</h1>
      </header>
      <div className="grid gap-6">
        <BalanceCard
          profile={profile}
          error={dashboard.isError ? `Error: ${dashboard.error.message}` : null}
          isLead={isLead}
          onOpenWallet={(tab) => setWallet({ open: true, tab, opened: true })}
        />
        {dashboard.isError ? null : (
          <>
            <TransactionsCard transactions={dashboard.data?.transactions} />
            <TerminalsCard terminals={dashboard.data?.terminals} />
          </>
        )}
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
