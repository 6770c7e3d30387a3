import { type DealPaymentDetails, groupCardDigits } from '@app/shared';
import { Copy } from 'lucide-react';
import { copyText } from '../../ui/copy-text.ts';
import { cx, IconButton, notify } from '../../ui/index.ts';

/** Words of the Deals page that spec §2 does not fix (Russian); the fixed ones are DEALS_TEXT in shared. */
export const DEAL_PAGE_TEXT = {
  description: 'Сделки по вашим реквизитам и их статусы.',
  merchantDescription: 'Ваши заказы и их статусы.',
  statusFilter: 'Статус',
  allStatuses: 'Все статусы',
  details: 'Подробнее',
  sort: 'Сортировка',
  copyId: 'Скопировать ID',
  copied: 'ID скопирован',
  copyFailed: 'Не удалось скопировать',
  loadFailedTitle: 'Не удалось загрузить сделки',
  confirmTitle: 'Подтверждение получения',
  confirm: 'Подтвердить',
  back: 'Назад',
  dealId: 'Сделка',
  amountRub: 'Сумма, ₽',
  amountUsdt: 'Сумма, USDT',
  profit: 'Вознаграждение',
  rate: 'Курс, ₽ за USDT',
  bank: 'Банк',
  card: 'Карта',
  phone: 'Телефон',
  owner: 'Получатель',
  orderType: 'Способ оплаты',
  status: 'Статус',
  created: 'Создана',
  expires: 'Оплатить до',
  paid: 'Плательщик сообщил об оплате',
  dealDescription: 'Описание',
  requisites: 'Реквизиты',
  timeline: 'История статусов',
  notification: 'Уведомление банка',
  noNotification: 'Уведомление банка не сопоставлено',
  sender: 'Отправитель',
  receivedAt: 'Получено',
  receipt: 'Чек плательщика',
  noReceipt: 'Плательщик не загружал чек',
  openReceipt: 'Открыть чек',
  detailTitle: 'Сделка',
} as const;

// The label maps live in the one labels module; these names stay for the deals feature's imports.
export { DEAL_ACTOR_LABELS, ORDER_TYPE_LABELS } from '../../labels/index.ts';

/** The first block of a UUID, enough to tell deals apart on screen; the full id is in the title and copy. */
export function shortDealId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** The requisite the payer paid to: the card grouped by four, or the phone number. */
export function requisiteText(details: DealPaymentDetails): string {
  if (details.card) return groupCardDigits(details.card);
  return details.phone_number ?? '—';
}

/** A deal's id: shortened, with the full UUID in its title and a copy button. */
export function DealId({ id, className }: { id: string; className?: string }) {
  const copy = async () => {
    try {
      await copyText(id);
      notify.success(DEAL_PAGE_TEXT.copied);
    } catch {
      notify.error(DEAL_PAGE_TEXT.copyFailed);
    }
  };
  return (
    <span className={cx('inline-flex min-w-0 items-center gap-0.5', className)}>
      <span className="truncate font-mono text-small text-gray-800" title={id} data-testid="deal-id">
        {shortDealId(id)}
      </span>
      <IconButton
        size="sm"
        aria-label={DEAL_PAGE_TEXT.copyId}
        icon={<Copy size={13} />}
        onClick={copy}
        className="size-7 text-gray-400"
      />
    </span>
  );
}
