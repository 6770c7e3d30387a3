import {
  maskRequisite,
  modeUnavailableReason,
  PAYMENT_MESSAGES,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_TEXT,
  type PaymentMethod,
  type PaymentMode,
  type PaymentRatingTone,
  paymentModeFlags,
  paymentModeOf,
  paymentRatingTone,
} from '@app/shared';
import { Link2, Lock, SlidersHorizontal, Unlink2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, Card, cx, formatPercent, IconButton, Switch } from '../../ui/index.ts';
import { useUpdatePayment } from './api.ts';
import { BankMark } from './bank-mark.tsx';
import { EditPaymentModal } from './edit-payment-modal.tsx';
import { LimitsModal } from './limits-modal.tsx';
import { paymentErrorText, paymentNotice } from './notices.ts';

/** Short requisite captions on the card (Russian: the spec does not fix them). */
const REQUISITE_TEXT = { card: 'Карта', phone: 'Телефон', account: 'Счёт' } as const;

const RATING_CLASSES: Record<PaymentRatingTone, string> = {
  green: 'text-success-600',
  orange: 'text-warning-600',
  red: 'text-danger-600',
};

/** Rating as the page shows it: up to two decimals, no trailing zeros, ru-RU ("87,5%"). */
export function formatRating(rating: number): string {
  return formatPercent(rating, 2);
}

/** The rating percent in its spec §9 colour (75-100 green, 50-74 orange, below 50 red). */
export function RatingPercent({ rating, className }: { rating: number; className?: string }) {
  const tone = paymentRatingTone(rating);
  return (
    <span data-tone={tone} className={cx('font-semibold tabular-nums', RATING_CLASSES[tone], className)}>
      {formatRating(rating)}
    </span>
  );
}

/** Linked / not linked to a terminal (spec §2 connection status icon). */
export function ConnectionIcon({ connected }: { connected: boolean }) {
  const label = connected ? 'Привязан к терминалу' : 'Не привязан к терминалу';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-connected={connected}
      className={cx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg',
        connected ? 'bg-success-50 text-success-600' : 'bg-gray-100 text-gray-400',
      )}
    >
      {connected ? <Link2 size={16} /> : <Unlink2 size={16} />}
    </span>
  );
}

/**
 * The mode selector (spec §4): SBP/C2C, SBP or C2C, as a segmented radio group. While the method is
 * Online it is locked: it looks disabled and says why ('Отключите платеж перед изменением данных'); a
 * click still answers with that notice, so nobody is left wondering why nothing happened. A mode the
 * requisites cannot serve (SBP without phone and account, C2C without a card) is disabled the same way with
 * its own reason, instead of being sent and refused (issue 25).
 */
export function ModeSelector({
  value,
  onSelect,
  busy,
  locked = false,
  lockedHint = true,
  unavailable = {},
  onUnavailable,
  className,
}: {
  value: PaymentMode | null;
  onSelect: (mode: PaymentMode) => void;
  busy?: boolean;
  /** The method is Online: the mode cannot change until it is switched off. */
  locked?: boolean;
  /** Whether the reason shows as a caption under the control (the desktop row has no room for it). */
  lockedHint?: boolean;
  /** Modes the requisites cannot serve, each with the reason it shows. */
  unavailable?: Partial<Record<PaymentMode, string>>;
  /** Called with the reason when an unavailable mode is clicked. */
  onUnavailable?: (reason: string) => void;
  className?: string;
}) {
  const reasonId = useId();
  const unavailableId = useId();
  const reasons = [...new Set(Object.values(unavailable))];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div
        role="radiogroup"
        aria-label="Режим оплаты"
        aria-busy={busy || undefined}
        aria-disabled={locked || undefined}
        aria-describedby={locked ? reasonId : undefined}
        title={locked ? PAYMENT_MESSAGES.disableFirst : undefined}
        data-locked={locked || undefined}
        className={cx(
          'inline-flex min-w-0 items-center gap-0.5 rounded-lg bg-gray-100 p-0.5',
          locked && 'cursor-not-allowed opacity-60',
          className,
        )}
      >
        {PAYMENT_MODES.map((mode) => {
          const checked = value === mode;
          const reason = checked ? undefined : unavailable[mode];
          return (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as buttons, is the radio group here.
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-disabled={locked || reason ? true : undefined}
              aria-describedby={reason && !locked ? unavailableId : undefined}
              title={reason && !locked ? reason : undefined}
              data-unavailable={reason ? true : undefined}
              onClick={() => {
                if (checked) return;
                if (reason && !locked) onUnavailable?.(reason);
                else onSelect(mode);
              }}
              className={cx(
                'h-7 flex-1 rounded-md px-2.5 text-caption font-semibold whitespace-nowrap transition',
                checked ? 'bg-white text-brand-700 shadow-xs' : 'text-gray-500',
                reason && !checked && 'text-gray-400 line-through decoration-gray-400',
                locked || reason ? 'cursor-not-allowed' : !checked && 'hover:text-gray-800',
              )}
            >
              {PAYMENT_MODE_LABELS[mode]}
            </button>
          );
        })}
      </div>
      {locked ? (
        <p
          id={reasonId}
          className={cx('flex items-center gap-1 text-caption text-gray-500', !lockedHint && 'sr-only')}
        >
          <Lock size={12} className="shrink-0" aria-hidden />
          {PAYMENT_MESSAGES.disableFirst}
        </p>
      ) : reasons.length > 0 ? (
        <p
          id={unavailableId}
          data-testid="mode-unavailable"
          className={cx('text-caption text-gray-500', !lockedHint && 'sr-only')}
        >
          {reasons.join('. ')}
        </p>
      ) : null}
    </div>
  );
}

function Requisite({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <p className="text-caption text-gray-500">{label}</p>
      <p className="truncate text-small font-medium text-gray-900 tabular-nums">{value || '—'}</p>
    </div>
  );
}

function InlineRequisite({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt className="text-caption leading-5 text-gray-500">{label}</dt>
      <dd className="truncate leading-5 font-medium text-gray-900 tabular-nums">{value || '—'}</dd>
    </>
  );
}

/** Columns of the desktop row; the page's column captions use the same grid. */
export const DESKTOP_GRID =
  'grid grid-cols-[minmax(9rem,1fr)_minmax(12.5rem,1.1fr)_11.5rem_6.5rem_11rem] gap-x-5';

export interface PaymentCardProps {
  method: PaymentMethod;
  /** desktop: one wide row; mobile: a stacked card (spec §2: the list has both layouts). */
  layout: 'desktop' | 'mobile';
}

/**
 * One payment method (spec §2 Payments page): bank, masked card and account, owner, phone, Online toggle,
 * link status, coloured rating, mode selector, Details and limits. Changes of an Online method are refused
 * with the spec message.
 */
export function PaymentCard({ method, layout }: PaymentCardProps) {
  const [editing, setEditing] = useState(false);
  const [limitsOpen, setLimitsOpen] = useState(false);
  const status = useUpdatePayment();
  const mode = useUpdatePayment();

  const pendingActive =
    status.isPending && status.variables && 'is_active' in status.variables.body
      ? Boolean(status.variables.body.is_active)
      : null;
  const online = pendingActive ?? method.is_active;

  const toggleOnline = (checked: boolean) =>
    status.mutate(
      { id: method.id, body: { is_active: checked } },
      { onError: (error) => paymentNotice.error(paymentErrorText(error, PAYMENT_TEXT.saveFailed)) },
    );

  const selectMode = (next: PaymentMode) => {
    if (method.is_active) {
      paymentNotice.error(PAYMENT_MESSAGES.disableFirst);
      return;
    }
    mode.mutate(
      { id: method.id, body: paymentModeFlags(next) },
      {
        onSuccess: () => paymentNotice.success(PAYMENT_TEXT.modeUpdated),
        onError: (error) => paymentNotice.error(paymentErrorText(error, PAYMENT_TEXT.saveFailed)),
      },
    );
  };

  const unavailable: Partial<Record<PaymentMode, string>> = {};
  for (const each of PAYMENT_MODES) {
    const reason = modeUnavailableReason(each, method);
    if (reason) unavailable[each] = reason;
  }
  const pendingBody = mode.isPending ? mode.variables?.body : undefined;
  const currentMode = pendingBody
    ? paymentModeOf({ is_SBP: Boolean(pendingBody.is_SBP), is_c2c: Boolean(pendingBody.is_c2c) })
    : paymentModeOf(method);

  const onlineSwitch = (
    <Switch
      checked={online}
      onCheckedChange={toggleOnline}
      disabled={status.isPending}
      label="Online"
      aria-label={`Online: ${method.name}`}
    />
  );
  const actions = (
    <>
      <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
        Details
      </Button>
      <IconButton
        size="sm"
        variant="secondary"
        aria-label={PAYMENT_TEXT.limitsButton}
        icon={<SlidersHorizontal size={15} className="shrink-0" />}
        onClick={() => setLimitsOpen(true)}
      />
    </>
  );
  const bank = (
    <div className="flex min-w-0 items-center gap-3">
      <BankMark name={method.bank.name} color={method.bank.color} />
      <div className="min-w-0">
        {/* Names wrap rather than cut (issue 25: no truncation where there is room); a very long one stops at
            two lines. */}
        <p className="line-clamp-2 text-small font-semibold [overflow-wrap:anywhere] text-gray-900">
          {method.bank.name}
        </p>
        <p className="line-clamp-2 text-small [overflow-wrap:anywhere] text-gray-500" title={method.name}>
          {method.name}
        </p>
      </div>
    </div>
  );
  const modals = (
    <>
      <EditPaymentModal method={method} open={editing} onOpenChange={setEditing} />
      <LimitsModal method={method} open={limitsOpen} onOpenChange={setLimitsOpen} />
    </>
  );

  // Both layouts show the same mode switch; only the desktop row drops its locked hint and the mobile card widens it.
  const modeSelector = (
    <ModeSelector
      value={currentMode}
      onSelect={selectMode}
      busy={mode.isPending}
      locked={method.is_active}
      lockedHint={layout === 'mobile'}
      unavailable={unavailable}
      onUnavailable={paymentNotice.error}
      className={layout === 'desktop' ? undefined : 'flex w-full'}
    />
  );

  return (
    <Card
      padding="none"
      data-testid="payment-card"
      data-layout={layout}
      aria-label={`${method.bank.name} ${method.name}`}
      className={layout === 'desktop' ? cx(DESKTOP_GRID, 'items-center px-5 py-3') : 'flex flex-col'}
    >
      {layout === 'desktop' ? (
        <>
          {bank}
          <dl className="grid min-w-0 grid-cols-[3.75rem_minmax(0,1fr)] gap-y-0.5 text-small">
            <InlineRequisite label={REQUISITE_TEXT.card} value={maskRequisite(method.card)} />
            <InlineRequisite label={REQUISITE_TEXT.phone} value={method.phone_number} />
            <InlineRequisite label={REQUISITE_TEXT.account} value={maskRequisite(method.nomer_scheta)} />
          </dl>
          {modeSelector}
          <div className="flex items-center gap-2.5">
            <RatingPercent rating={method.rating} className="w-14 text-small" />
            <ConnectionIcon connected={method.is_connect} />
          </div>
          <div className="flex items-center gap-2">
            <Switch
              checked={online}
              onCheckedChange={toggleOnline}
              disabled={status.isPending}
              aria-label={`Online: ${method.name}`}
              className="mr-1.5 flex"
            />
            {actions}
          </div>
        </>
      ) : (
        <>
          <div className="flex items-start justify-between gap-3 px-4 pt-4">
            {bank}
            <div className="flex shrink-0 items-center gap-2">
              <RatingPercent rating={method.rating} className="text-small" />
              <ConnectionIcon connected={method.is_connect} />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 px-4 py-3.5">
            <div className="col-span-2">
              <Requisite label={REQUISITE_TEXT.card} value={maskRequisite(method.card)} />
            </div>
            <Requisite label={REQUISITE_TEXT.phone} value={method.phone_number} />
            <Requisite label={REQUISITE_TEXT.account} value={maskRequisite(method.nomer_scheta)} />
          </div>
          <div className="px-4 pb-3.5">{modeSelector}</div>
          <div className="mt-auto flex items-center justify-between gap-3 border-t border-gray-100 px-4 py-3">
            {onlineSwitch}
            <div className="flex items-center gap-2">{actions}</div>
          </div>
        </>
      )}
      {modals}
    </Card>
  );
}
