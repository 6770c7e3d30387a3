import { WALLET_TEXT, type WhitelistEntry, whitelistAvailableFromText } from '@app/shared';
import { ListChecks } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  formatDate,
} from '../../ui/index.ts';

/** An address is usable unless its entry's cool-down (usable_at) is still ahead; then when it ends. */
function pendingUntil(entry: WhitelistEntry, now: number): Date | null {
  const usableAt = new Date(entry.usable_at);
  return Number.isNaN(usableAt.getTime()) || usableAt.getTime() <= now ? null : usableAt;
}

/**
 * 'Select from White List': shown only for a non-empty whitelist; picking an address fills the field.
 * Entries still in their cool-down are listed but cannot be picked, with 'доступен с <date time>' in
 * local time.
 */
export function WhitelistPicker({
  addresses,
  onPick,
}: {
  addresses: readonly WhitelistEntry[];
  onPick: (address: string) => void;
}) {
  if (addresses.length === 0) return null;
  const now = Date.now();
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
        {addresses.map((entry) => {
          const address = entry.wallet;
          const pending = pendingUntil(entry, now);
          return (
            <DropdownMenuItem
              key={address}
              disabled={pending !== null}
              onSelect={() => onPick(address)}
              className="h-auto min-h-9 flex-col items-start gap-0 py-1.5 font-mono text-caption"
            >
              <span className="max-w-full truncate">{address}</span>
              {pending && (
                <span className="font-sans text-caption text-gray-500">
                  {whitelistAvailableFromText(formatDate(pending))}
                </span>
              )}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
