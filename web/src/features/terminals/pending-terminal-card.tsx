import type { TerminalListItem } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { readError } from '../../api/errors.ts';
import { terminalsKeys } from '../../api/query-keys.ts';
import { Badge, Button, formatDayTime, notify } from '../../ui/index.ts';
import { useDeleteTerminal } from './api.ts';
import { DETAILS_TEXT } from './details-modal.tsx';
import { TERMINAL_ACTIONS_CELL, TerminalCardFrame, TerminalIdentity } from './terminal-card.tsx';

export const PENDING_TEXT = {
  status: 'Ожидает телефон',
  until: (time: string) => `QR-код действует до ${time}`,
  explain:
    'Телефон ещё не подключился. Если он не подключится до этого времени, терминал исчезнет из списка.',
  remove: 'Удалить',
} as const;

/**
 * A terminal still waiting for its phone (issue 25): the trader closed the QR screen before the phone paired.
 * It cannot be renamed, switched or linked yet (the server acts only on activated terminals); it says until
 * when its QR code works and leaves the list by itself then, or the trader deletes it now.
 */
export function PendingTerminalCard({ terminal, mobile }: { terminal: TerminalListItem; mobile: boolean }) {
  const remove = useDeleteTerminal();
  const queryClient = useQueryClient();
  const until = terminal.pending_until;

  // At the QR code's expiry the server stops listing it: ask again then, so it leaves without a reload.
  useEffect(() => {
    if (!until) return;
    const left = new Date(until).getTime() - Date.now();
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: terminalsKeys.all }),
      Math.max(0, left) + 1000,
    );
    return () => clearTimeout(timer);
  }, [until, queryClient]);

  const onRemove = () =>
    remove.mutate(terminal.id, {
      onSuccess: () => notify.success(DETAILS_TEXT.deleted),
      onError: (error) => notify.error(readError(error).answer('detail') ?? DETAILS_TEXT.deleteFailed),
    });

  const badge = (
    <Badge tone="warning" dot className="justify-center">
      <span data-testid="terminal-status">{PENDING_TEXT.status}</span>
    </Badge>
  );
  const expiry = until ? (
    <p className="flex items-center gap-1.5 text-caption text-gray-600" data-testid="pending-until">
      <Clock size={13} aria-hidden className="shrink-0" />
      {PENDING_TEXT.until(formatDayTime(until))}
    </p>
  ) : null;
  const explain = <p className="text-caption text-gray-500">{PENDING_TEXT.explain}</p>;
  const removeButton = (
    <Button
      variant="secondary"
      size="sm"
      leftIcon={<Trash2 size={14} />}
      onClick={onRemove}
      loading={remove.isPending}
      className={mobile ? 'w-full' : undefined}
    >
      {PENDING_TEXT.remove}
    </Button>
  );

  const name = <span className="truncate font-semibold text-gray-900">{terminal.name}</span>;
  if (mobile) {
    return (
      <TerminalCardFrame terminal={terminal} mobile pending>
        <TerminalIdentity terminal={terminal} name={name} className="flex flex-col gap-1 px-4 pt-4" />
        <div className="flex flex-col gap-2 px-4 py-3.5">
          <div>{badge}</div>
          {expiry}
          {explain}
        </div>
        <div className="mt-auto border-t border-gray-100 px-4 py-3">{removeButton}</div>
      </TerminalCardFrame>
    );
  }

  return (
    <TerminalCardFrame terminal={terminal} mobile={false} pending>
      <TerminalIdentity terminal={terminal} name={name} className="flex min-w-0 flex-col" />
      <div className="col-span-2 flex min-w-0 flex-col gap-1">
        {expiry}
        {explain}
      </div>
      {badge}
      <div className={TERMINAL_ACTIONS_CELL}>{removeButton}</div>
    </TerminalCardFrame>
  );
}
