import { WALLET_TEXT, type WhitelistEntry, WITHDRAWALS_TEXT } from '@app/shared';
import { ArrowDownToLine, ArrowUpFromLine, History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/index.ts';
import { useDepositNudge, useWalletAddress } from './api.ts';
import { DepositPanel, WalletLoading } from './deposit-panel.tsx';
import { WithdrawPanel } from './withdraw-panel.tsx';
import { WithdrawalsList } from './withdrawals-list.tsx';

export type WalletTab = 'deposit' | 'withdraw' | 'history';

export interface WalletModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab chosen in the balance menu. */
  initialTab: WalletTab;
  /** Leads get the Withdraw tab (spec §6). */
  isLead: boolean;
  /** The lead's whitelisted addresses for 'Select from White List'. */
  whiteList: WhitelistEntry[];
}

/**
 * 'Wallet Management' (spec §2 Wallet dialogs): a Deposit tab and, for leads, a Withdraw tab that stays
 * disabled until a wallet address exists. Opened for withdraw without an address, it falls back to Deposit.
 * Showing the Deposit tab also asks the server to look for new deposits (its failure is ignored). A lead
 * without an address is told why Withdraw is disabled; leads also get 'История', their withdrawals.
 */
export function WalletModal({ open, onOpenChange, initialTab, isLead, whiteList }: WalletModalProps) {
  const [tab, setTab] = useState<WalletTab>(initialTab);
  const address = useWalletAddress(open);
  const nudge = useDepositNudge();
  const nudged = useRef(false);
  const hasAddress = Boolean(address.data);
  const canWithdraw = isLead && hasAddress;
  // Known to have no address (not merely still loading or failed to load).
  const noAddress = isLead && address.isSuccess && !hasAddress;

  useEffect(() => {
    if (open) setTab(isLead || initialTab === 'deposit' ? initialTab : 'deposit');
    else nudged.current = false;
  }, [open, initialTab, isLead]);

  // Withdraw without an address (none yet, or it could not be fetched): back to Deposit.
  useEffect(() => {
    if (open && tab === 'withdraw' && !address.isPending && !canWithdraw) setTab('deposit');
  }, [open, tab, address.isPending, canWithdraw]);

  const { mutate: nudgeNow } = nudge;
  useEffect(() => {
    if (open && tab === 'deposit' && !nudged.current) {
      nudged.current = true;
      nudgeNow();
    }
  }, [open, tab, nudgeNow]);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={WALLET_TEXT.modalTitle} size="lg">
      <Tabs value={tab} onValueChange={(value) => setTab(value as WalletTab)}>
        <TabsList className="w-full">
          <TabsTrigger value="deposit">
            <ArrowDownToLine size={15} aria-hidden />
            {WALLET_TEXT.deposit}
          </TabsTrigger>
          {isLead ? (
            <>
              <TabsTrigger
                value="withdraw"
                disabled={!hasAddress}
                aria-describedby={noAddress ? 'withdraw-disabled-reason' : undefined}
              >
                <ArrowUpFromLine size={15} aria-hidden />
                {WALLET_TEXT.withdraw}
              </TabsTrigger>
              <TabsTrigger value="history">
                <History size={15} aria-hidden />
                {WITHDRAWALS_TEXT.historyTab}
              </TabsTrigger>
            </>
          ) : null}
        </TabsList>
        {noAddress && tab === 'deposit' ? (
          <Alert tone="info" title={WITHDRAWALS_TEXT.noAddressTitle} className="mt-4">
            <span id="withdraw-disabled-reason">{WITHDRAWALS_TEXT.noAddressBody}</span>
          </Alert>
        ) : null}
        <TabsContent value="deposit">
          <DepositPanel
            address={address.data}
            loading={address.isPending}
            failed={address.isError}
            onRetry={() => void address.refetch()}
          />
        </TabsContent>
        {isLead ? (
          <TabsContent value="withdraw">
            {address.isPending ? (
              <WalletLoading />
            ) : (
              <WithdrawPanel whiteList={whiteList} onDone={() => onOpenChange(false)} />
            )}
          </TabsContent>
        ) : null}
        {isLead ? (
          <TabsContent value="history">
            <WithdrawalsList />
          </TabsContent>
        ) : null}
      </Tabs>
    </Modal>
  );
}
