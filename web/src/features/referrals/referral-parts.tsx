import { formatUsdtAmount } from '@app/shared/money';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { Copy } from 'lucide-react';
import { REFERRAL_STATUS_LABELS } from '../../labels/index.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Badge, cx, IconButton, notify } from '../../ui/index.ts';

/** The Referrals page's own words (the spec fixes only the status and the messages in REFERRAL_MESSAGES). */
export const REFERRALS_TEXT = {
  title: 'Referrals',
  description: 'Приглашайте трейдеров по реферальному коду и получайте долю комиссии с их сделок.',
  create: 'Создать код',
  columns: {
    code: 'Код',
    email: 'Email',
    created: 'Создан',
    profit: 'Доход',
    status: 'Статус',
  },
  copyCode: 'Скопировать код',
  copyLink: 'Скопировать ссылку',
  details: 'Подробнее',
  emptyTitle: 'Вы ещё никого не пригласили',
  emptyText:
    'Создайте реферальный код для email трейдера — мы отправим ему приглашение, а вы будете получать долю комиссии с его сделок.',
  loadFailedTitle: 'Рефералы не загрузились',
  noPermissionTitle: 'Нет доступа',
  createTitle: 'Новый реферальный код',
  createDescription:
    'Код будет привязан к этому email, а приглашение со ссылкой для регистрации придёт на почту.',
  emailLabel: 'Email трейдера',
  emailPlaceholder: 'trader@example.com',
  emailRequired: 'Введите email',
  submit: 'Создать и отправить',
  cancel: 'Отмена',
  detailTitle: 'Реферальный код',
  detailFailed: 'Не удалось загрузить данные реферала',
  code: 'Код',
  link: 'Ссылка для регистрации',
  qrTitle: 'QR-код ссылки для регистрации',
  status: 'Статус',
  usedAt: 'Использован',
  notUsed: 'Ещё не использован',
  dealsCount: 'Завершённых сделок',
  commission: 'Комиссия всего',
  byMonth: 'По месяцам',
  month: 'Месяц',
  deals: 'Сделки',
  monthProfit: 'Доход',
  noMonths: 'Доход появится после первой завершённой сделки приглашённого трейдера.',
} as const;

/** Profit as USDT with 2 decimals and thousands separators: "1,234.50 USDT". */
export function formatReferralProfit(amount: number): string {
  return formatUsdtAmount(amount);
}

const MONTH_FORMAT = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A by-month row's month ("2026-11", UTC months as the server counts them) as "Ноябрь 2026"; other text as is. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const text = MONTH_FORMAT.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
  const plain = text.replace(/\s*г\.$/, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** Spec §4 Referral: 'Ожидает' until the code is used, then activated. */
export function ReferralStatusBadge({ isUsed }: { isUsed: boolean }) {
  return isUsed ? (
    <Badge tone="success" dot>
      {REFERRAL_STATUS_LABELS.used}
    </Badge>
  ) : (
    <Badge tone="warning" dot>
      {REFERRAL_STATUS_LABELS.pending}
    </Badge>
  );
}

/** Copies a value with the app's one copy helper; spec §8 referral copy error as a toast. */
export async function copyWithToast(value: string): Promise<void> {
  try {
    await copyText(value);
    notify.success(REFERRAL_MESSAGES.copied);
  } catch {
    notify.error(REFERRAL_MESSAGES.copyFailed);
  }
}

/** A copy icon button. */
export function CopyButton({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  return (
    <IconButton
      size="sm"
      aria-label={label}
      title={label}
      icon={<Copy size={13} />}
      onClick={(event) => {
        // Inside a clickable row the copy must not open the detail modal too.
        event.stopPropagation();
        void copyWithToast(value);
      }}
      className={cx('size-7 text-gray-400', className)}
    />
  );
}

/** The code in monospace with its copy button. */
export function ReferralCode({ code }: { code: string }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-0.5">
      <span className="truncate font-mono text-small font-medium text-gray-900" data-testid="referral-code">
        {code}
      </span>
      <CopyButton value={code} label={REFERRALS_TEXT.copyCode} />
    </span>
  );
}
