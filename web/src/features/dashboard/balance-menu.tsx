import { WALLET_TEXT } from '@app/shared/wallet/balance';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  type LazyMenuControl,
} from '../../ui/index.ts';
import type { WalletTab } from '../wallet/wallet-modal.tsx';

/** The balance menu (Deposit; Withdraw for leads), loaded on first use by the balance card. */
export default function BalanceMenu({
  open,
  onOpenChange,
  trigger,
  isLead,
  onOpenWallet,
}: LazyMenuControl & { isLead: boolean; onOpenWallet: (tab: WalletTab) => void }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem icon={<ArrowDownToLine size={16} />} onSelect={() => onOpenWallet('deposit')}>
          {WALLET_TEXT.deposit}
        </DropdownMenuItem>
        {isLead ? (
          <DropdownMenuItem icon={<ArrowUpFromLine size={16} />} onSelect={() => onOpenWallet('withdraw')}>
            {WALLET_TEXT.withdraw}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
