import { TERMINAL_APP_LABELS, TERMINAL_TEXT, type TerminalListItem } from '@app/shared';
import { Copy, Info, Link2, Send, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { terminalStatusText } from '../../labels/index.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Badge, BatteryRing, Button, Card, cx, IconButton, notify, Switch } from '../../ui/index.ts';
import { useSetTerminalStatus } from './api.ts';
import { DetailsModal } from './details-modal.tsx';
import { displayCharge } from './device-card.tsx';
import { ManagePaymentsModal } from './manage-payments-modal.tsx';
import { NewUrlButton, NewUrlDialogs, type NewUrlState } from './new-url-action.tsx';
import { OnlineStatus } from './online-status.tsx';
import { isForwarderApp } from './terminal-apps.ts';
import { TerminalName } from './terminal-name.tsx';

export const CARD_TEXT = {
  copied: 'ID скопирован',
  copyFailed: 'Не удалось скопировать',
  copyId: 'Скопировать ID',
  statusFailed: 'Не удалось изменить статус терминала',
  charging: 'Заряжается',
} as const;

/**
 * Columns of the wide layout (the list is a size container): four columns with the actions on a second
 * line while the list is narrower than 56rem (768 px screens, or a sidebar beside a 1200 px window), one row
 * from there on. The page's column captions use the same grid.
 */
export const TERMINAL_GRID =
  'grid grid-cols-[minmax(10rem,1.3fr)_minmax(8rem,1fr)_3rem_8.5rem] items-center gap-x-5 gap-y-3 @min-[56rem]:grid-cols-[minmax(10rem,1.3fr)_minmax(8rem,1fr)_3rem_8.5rem_15.5rem]';
/** The actions cell: a line of its own in the narrower grid. */
export const TERMINAL_ACTIONS_CELL = 'col-span-full justify-self-end @min-[56rem]:col-span-1';

/** The list's columns above 720 px (Russian: the spec fixes only the card's parts, not captions). */
export const TERMINAL_COLUMNS = ['Терминал', 'Связь', 'Заряд', 'Статус'];

export function CopyableId({ id }: { id: string }) {
  const copy = async () => {
    try {
      await copyText(id);
      notify.success(CARD_TEXT.copied);
    } catch {
      notify.error(CARD_TEXT.copyFailed);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="truncate font-mono text-caption text-gray-500" data-testid="terminal-id" title={id}>
        ID: {id}
      </span>
      <IconButton
        size="sm"
        aria-label={CARD_TEXT.copyId}
        icon={<Copy size={13} />}
        onClick={copy}
        className="size-7 text-gray-400"
      />
    </div>
  );
}

/** Which app the phone runs (issue 24), by the name the app choice gave it. */
export function TerminalAppLabel({
  terminal,
  className,
}: {
  terminal: TerminalListItem;
  className?: string;
}) {
  return (
    <span
      data-testid="terminal-app"
      data-app={terminal.app}
      className={cx('inline-flex min-w-0 items-center gap-1.5 text-caption text-gray-500', className)}
    >
      {terminal.app === 'terminal-manager' ? (
        <Smartphone size={13} aria-hidden className="shrink-0" />
      ) : (
        <Send size={13} aria-hidden className="shrink-0" />
      )}
      <span className="truncate" data-literal>
        {TERMINAL_APP_LABELS[terminal.app]}
      </span>
    </span>
  );
}

/**
 * The card around one terminal, active or still pending: a stacked card on phones, one row of the list's grid
 * otherwise. Tests and the page find every terminal by its test id, layout and (pending) flag.
 */
export function TerminalCardFrame({
  terminal,
  mobile,
  pending,
  children,
}: {
  terminal: TerminalListItem;
  mobile: boolean;
  pending?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      padding="none"
      data-testid="terminal-card"
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-pending={pending ? 'true' : undefined}
      aria-label={terminal.name}
      className={mobile ? 'flex flex-col' : cx(TERMINAL_GRID, 'px-5 py-3')}
    >
      {children}
    </Card>
  );
}

/** The terminal's name (plain, or editable), its copyable ID and its app, with anything the layout adds below. */
export function TerminalIdentity({
  terminal,
  name,
  className,
  children,
}: {
  terminal: TerminalListItem;
  name: ReactNode;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {name}
      <CopyableId id={terminal.id} />
      <TerminalAppLabel terminal={terminal} />
      {children}
    </div>
  );
}

/**
 * A lightning bolt, drawn here rather than taken from the icon set: every new icon there grows the icons chunk
 * that every page, /welcome included, loads first.
 */
function BoltIcon() {
  return (
    <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M14 2 4 14h7l-1 8 10-12h-7z" />
    </svg>
  );
}

/** The battery ring from the phone's pings (12 % until one reports), with a bolt while it charges. */
function Charge({ terminal, size }: { terminal: TerminalListItem; size: number }) {
  return (
    <span className="relative inline-flex shrink-0">
      <BatteryRing percent={displayCharge(terminal.phone_charge)} size={size} />
      {terminal.charging ? (
        <span
          role="img"
          aria-label={CARD_TEXT.charging}
          title={CARD_TEXT.charging}
          data-testid="terminal-charging"
          className="absolute -right-1 -bottom-0.5 flex size-5 items-center justify-center rounded-full bg-white text-warning-500 shadow-xs ring-1 ring-gray-200"
        >
          <BoltIcon />
        </span>
      ) : null}
    </span>
  );
}

/**
 * One terminal (spec §2 Terminals page): name with inline edit, copyable ID, the app it runs, battery ring (12 %
 * until the phone reports, a bolt while charging), status, online dot, the Enabled/Disabled switch, Details and
 * Manage Payments, and for a forwarder app 'Новый URL' (issue 24). `mobile` stacks it as a card (720 px or
 * less); otherwise it is one row of the list's grid.
 */
export function TerminalCard({ terminal, mobile }: { terminal: TerminalListItem; mobile: boolean }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  const [newUrl, setNewUrl] = useState<NewUrlState>({ step: 'idle' });
  const setStatus = useSetTerminalStatus();

  const enabled = setStatus.isPending
    ? Boolean(setStatus.variables?.enabled)
    : terminal.terminal_status_display === 'Enabled';
  const statusLabel = setStatus.isPending
    ? enabled
      ? TERMINAL_TEXT.enabled
      : TERMINAL_TEXT.disabled
    : terminalStatusText(terminal.terminal_status_display);

  const toggle = (checked: boolean) =>
    setStatus.mutate(
      { id: terminal.id, enabled: checked },
      { onError: (error) => notify.error(readError(error).answer('detail') ?? CARD_TEXT.statusFailed) },
    );

  const charge = <Charge terminal={terminal} size={mobile ? 52 : 46} />;
  const forwarder = isForwarderApp(terminal.app);
  const status = (
    <div className="flex items-center gap-2.5">
      <Switch
        checked={enabled}
        onCheckedChange={toggle}
        disabled={setStatus.isPending}
        aria-label={`${TERMINAL_TEXT.enabled}: ${terminal.name}`}
      />
      <Badge tone={enabled ? 'brand' : 'muted'} className="min-w-[4.75rem] justify-center">
        <span data-testid="terminal-status">{statusLabel}</span>
      </Badge>
    </div>
  );
  const buttons = [
    { label: TERMINAL_TEXT.details, icon: Info, open: setDetailsOpen, variant: 'secondary' },
    { label: TERMINAL_TEXT.managePayments, icon: Link2, open: setPaymentsOpen, variant: 'primary' },
  ] as const;
  const actions = (
    <div className={cx('flex items-center gap-2', mobile && 'w-full')}>
      {buttons.map(({ label, icon: Icon, open, variant }) => (
        <Button
          key={label}
          variant={variant}
          size="sm"
          leftIcon={<Icon size={14} />}
          onClick={() => open(true)}
          className={mobile ? 'flex-1' : undefined}
        >
          {label}
        </Button>
      ))}
    </div>
  );
  const modals = (
    <>
      <DetailsModal terminal={terminal} open={detailsOpen} onOpenChange={setDetailsOpen} />
      <ManagePaymentsModal
        terminalId={terminal.id}
        terminalName={terminal.name}
        open={paymentsOpen}
        onOpenChange={setPaymentsOpen}
      />
      {forwarder ? <NewUrlDialogs terminal={terminal} state={newUrl} onStateChange={setNewUrl} /> : null}
    </>
  );

  const name = <TerminalName id={terminal.id} name={terminal.name} />;
  if (mobile) {
    return (
      <TerminalCardFrame terminal={terminal} mobile>
        <div className="flex items-start gap-3 px-4 pt-4">
          <TerminalIdentity terminal={terminal} name={name} className="flex min-w-0 flex-1 flex-col gap-1">
            <OnlineStatus online={terminal.online} lastPing={terminal.last_ping} className="mt-1" />
          </TerminalIdentity>
          {charge}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3.5">
          {status}
          {forwarder ? <NewUrlButton touch onClick={() => setNewUrl({ step: 'confirm' })} /> : null}
        </div>
        <div className="mt-auto border-t border-gray-100 px-4 py-3">{actions}</div>
        {modals}
      </TerminalCardFrame>
    );
  }

  return (
    <TerminalCardFrame terminal={terminal} mobile={false}>
      <TerminalIdentity terminal={terminal} name={name} className="flex min-w-0 flex-col" />
      {forwarder ? (
        // The connection column also holds the way to reconnect the phone: a new URL for its app.
        <div className="flex min-w-0 flex-col items-start gap-1">
          <OnlineStatus online={terminal.online} lastPing={terminal.last_ping} />
          <NewUrlButton className="-ml-3" onClick={() => setNewUrl({ step: 'confirm' })} />
        </div>
      ) : (
        <OnlineStatus online={terminal.online} lastPing={terminal.last_ping} />
      )}
      {charge}
      {status}
      <div className={TERMINAL_ACTIONS_CELL}>{actions}</div>
      {modals}
    </TerminalCardFrame>
  );
}
