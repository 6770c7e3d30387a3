import { WALLET_TEXT } from '@app/shared';
import { ListChecks } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/index.ts';

/** 'Select from White List': shown only for a non-empty whitelist; picking an address fills the field. */
export function WhitelistPicker({
  addresses,
  onPick,
}: {
  addresses: string[];
  onPick: (address: string) => void;
}) {
  if (addresses.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md text-small font-medium text-brand-700 hover:text-brand-800 hover:underline"
        >
          <ListChecks size={15} aria-hidden />
          {WALLET_TEXT.selectFromWhiteList}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="max-w-[calc(100vw-2rem)]">
        {addresses.map((address) => (
          <DropdownMenuItem key={address} onSelect={() => onPick(address)} className="font-mono text-caption">
            <span className="truncate">{address}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
