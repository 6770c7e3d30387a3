import { WALLET_TEXT, type WhitelistEntry } from '@app/shared';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Modal, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/index.ts';
import { useDepositNudge, useWalletAddress } from './api.ts';
import { DepositPanel, WalletLoading } from './deposit-panel.tsx';
import { WithdrawPanel } from './withdraw-panel.tsx';

export type WalletTab = 'deposit' | 'withdraw';

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
 * Showing the Deposit tab also asks the server to look for new deposits (its failure is ignored).
 */
export function WalletModal({ open, onOpenChange, initialTab, isLead, whiteList }: WalletModalProps) {
  const [tab, setTab] = useState<WalletTab>(initialTab);
  const address = useWalletAddress(open);
  const nudge = useDepositNudge();
  const nudged = useRef(false);
  const hasAddress = Boolean(address.data);
  const canWithdraw = isLead && hasAddress;

  useEffect(() => {
    if (open) setTab(isLead ? initialTab : 'deposit');
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
            <TabsTrigger value="withdraw" disabled={!hasAddress}>
              <ArrowUpFromLine size={15} aria-hidden />
              {WALLET_TEXT.withdraw}
            </TabsTrigger>
          ) : null}
        </TabsList>
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
      </Tabs>
    </Modal>
  );
}
