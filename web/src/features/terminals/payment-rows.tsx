import { TERMINAL_TEXT, type TerminalPayment } from '@app/shared';
import type { ReactNode } from 'react';
import { Badge, cx, Skeleton } from '../../ui/index.ts';
import { BankMark } from '../payments/bank-mark.tsx';

/** Column captions of a terminal's payments (spec §2: Bank, Card, Phone, Status). */
export const PAYMENT_COLUMNS = { bank: 'Bank', card: 'Card', phone: 'Phone', status: 'Status' } as const;

/**
 * Columns from 640 px (below that each row stacks with its own captions). Every column has a width of its
 * own, so the header row and the item rows, each a grid of its own, line up.
 */
export function paymentRowGrid(withAction: boolean): string {
  return withAction
    ? 'sm:grid sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,1fr)_5.5rem_6.5rem] sm:items-center sm:gap-x-3'
    : 'sm:grid sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,1fr)_5.5rem] sm:items-center sm:gap-x-3';
}

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('flex min-w-0 items-baseline justify-between gap-3 sm:block', className)}>
      <span className="text-caption text-gray-500 sm:sr-only">{label}</span>
      <span className="min-w-0 truncate text-small text-gray-900 tabular-nums sm:block">{children}</span>
    </div>
  );
}

/** Active / Inactive (spec §2 Manage Payments). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge tone={active ? 'success' : 'muted'} dot>
      {active ? TERMINAL_TEXT.active : TERMINAL_TEXT.inactive}
    </Badge>
  );
}

/** One payment method of a terminal's list or the picker: bank, card, phone, status and an action slot. */
export function PaymentRow({
  payment,
  lead,
  action,
}: {
  payment: TerminalPayment;
  /** Before the bank (the picker's checkbox). */
  lead?: ReactNode;
  /** After the status (Unbind). */
  action?: ReactNode;
}) {
  return (
    <li
      data-testid="terminal-payment"
      aria-label={`${payment.bank.name} ${payment.card ?? payment.phone_number ?? ''}`.trim()}
      className={cx('flex flex-col gap-1.5 px-4 py-3', paymentRowGrid(action !== undefined))}
    >
      <div className="flex min-w-0 items-center gap-2.5">
        {lead}
        <BankMark name={payment.bank.name} size="sm" />
        <span className="truncate text-small font-semibold text-gray-900">{payment.bank.name}</span>
      </div>
      <Cell label={PAYMENT_COLUMNS.card}>{payment.card ?? payment.nomer_scheta ?? '—'}</Cell>
      <Cell label={PAYMENT_COLUMNS.phone}>{payment.phone_number ?? '—'}</Cell>
      <Cell label={PAYMENT_COLUMNS.status}>
        <ActiveBadge active={payment.is_active} />
      </Cell>
      {action === undefined ? null : <div className="flex justify-end">{action}</div>}
    </li>
  );
}

/** Header row with the column captions (hidden below 640 px, where each row carries its own). */
export function PaymentHeader({
  withLead = false,
  withAction = false,
}: {
  withLead?: boolean;
  withAction?: boolean;
}) {
  return (
    <div
      aria-hidden
      className={cx(
        'hidden border-b border-gray-100 bg-gray-50/70 px-4 py-2 text-caption font-medium text-gray-500',
        paymentRowGrid(withAction),
      )}
    >
      <span className={withLead ? 'pl-7' : undefined}>{PAYMENT_COLUMNS.bank}</span>
      <span>{PAYMENT_COLUMNS.card}</span>
      <span>{PAYMENT_COLUMNS.phone}</span>
      <span>{PAYMENT_COLUMNS.status}</span>
      {withAction ? <span /> : null}
    </div>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c'];

/** Rows standing in for a loading page of payments. */
export function PaymentRowsSkeleton() {
  return (
    <div className="flex flex-col gap-2 p-4" aria-busy="true">
      {SKELETON_KEYS.map((key) => (
        <Skeleton key={key} className="h-10 rounded-lg" />
      ))}
    </div>
  );
}
