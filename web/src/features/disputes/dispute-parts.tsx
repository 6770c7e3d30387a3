import { groupCardDigits } from '@app/shared';
import { DISPUTE_STATUS_LABELS } from '@app/shared/disputes/messages';
import {
  DISPUTE_ACTOR_LABELS,
  DISPUTE_TIMER_CAUSE_LABELS,
  disputeStatusText,
  labelOf,
} from '../../labels/index.ts';
import { Badge, type BadgeTone } from '../../ui/index.ts';
import type { Dispute } from './api.ts';

/** Words of the Disputes page the spec does not fix (Russian); the spec's own stay in English. */
export const DISPUTE_PAGE_TEXT = {
  title: 'Disputes',
  description: 'Споры между мерчантами и трейдерами, с доказательствами.',
  statusFilter: 'Статусы',
  allStatuses: 'Все статусы',
  search: 'Поиск по ID или реквизитам',
  createDispute: 'Create dispute',
  columns: {
    id: 'ID спора',
    date: 'Дата создания',
    amount: 'Сумма',
    status: 'Статус',
    actions: 'Действия',
  },
  details: 'Подробнее',
  sort: 'Сортировка',
  empty: 'Споров пока нет',
  emptyFiltered: 'Нет споров по выбранным условиям',
  loadFailedTitle: 'Не удалось загрузить споры',
  telegramTitle: 'Подключите Telegram',
  telegramLink: 'Перейти в настройки',
  detailTitle: 'Спор',
  transaction: 'Транзакция',
  amount: 'Сумма',
  profit: 'Вознаграждение',
  /** A merchant's share is no reward: it is what the deal credits after the fee. */
  merchantShare: 'К зачислению после комиссии',
  mode: 'Способ оплаты',
  bank: 'Банк',
  card: 'Карта',
  phone: 'Телефон',
  reason: 'Причина спора',
  reasonBy: { merchant: 'Заявление мерчанта', support: 'Комментарий поддержки при открытии' },
  mailNotices: 'Telegram-бот на этом сервере не настроен: уведомления о спорах приходят на почту.',
  deal: 'Сделка',
  created: 'Создан',
  deadline: 'Срок доказательств',
  history: 'История',
  evidence: 'Доказательства',
  traderFiles: 'Файлы трейдера',
  merchantFiles: 'Файлы мерчанта',
  noFiles: 'Файлов нет',
  supportComment: 'Комментарий поддержки',
  noComment: 'Комментария нет',
  deleteFile: 'Удалить файл',
  deleteTitle: 'Удалить файл?',
  deleteConfirm: 'Удалить',
  upload: 'Загрузить файлы',
  uploadTitle: 'Загрузить доказательства?',
  uploadConfirm: 'Загрузить',
  chooseFiles: 'Выбрать файлы',
  resolveTitle: 'Решение спора',
  resolveComment: 'Комментарий к решению',
  resolveConfirmTitle: 'Подтвердите решение',
  resolveConfirm: 'Подтвердить',
  back: 'Назад',
  resolutions: {
    merchant: 'В пользу мерчанта',
    trader: 'В пользу трейдера',
    insufficient: 'Недостаточно доказательств',
  },
  verdicts: {
    merchant: `Новый статус: «${DISPUTE_STATUS_LABELS.completed_towards_merchant}». Сделка будет завершена.`,
    trader: `Новый статус: «${DISPUTE_STATUS_LABELS.completed_towards_trader}». Сделка будет отменена.`,
    insufficient: `Новый статус: «${DISPUTE_STATUS_LABELS.deepconsideration}». Спор пропадёт из вашего списка.`,
  },
  createTitle: 'Create dispute',
  transactionId: 'ID транзакции',
  note: 'Комментарий',
  files: 'Файлы',
  filesHint: 'pdf, jpeg, jpg, png, mp4, до 50MB каждый',
  create: 'Создать',
  cancel: 'Отмена',
  copyId: 'Скопировать ID',
  hash: 'SHA-256',
} as const;

/** USDT the one way every page writes it ("12,97 USDT"), from shared money. */
export { formatUsdtAmount } from '@app/shared/money';
// The label maps live in the one labels module; these names stay for the disputes feature's imports.
export {
  DISPUTE_ACTION_LABELS as ACTION_LABELS,
  DISPUTE_ACTOR_LABELS as ACTOR_LABELS,
  DISPUTE_TIMER_CAUSE_LABELS as TIMER_CAUSE_LABELS,
  ORDER_TYPE_LABELS,
} from '../../labels/index.ts';

/** Who (or what) made a history entry, in words. */
export function historyActorLabel(entry: { actor_role: string; cause?: string }): string {
  if (entry.actor_role === 'timer' && entry.cause)
    return labelOf(DISPUTE_TIMER_CAUSE_LABELS, entry.cause, DISPUTE_ACTOR_LABELS.timer);
  return labelOf(DISPUTE_ACTOR_LABELS, entry.actor_role, DISPUTE_ACTOR_LABELS.timer);
}

const STATUS_TONES: Record<string, BadgeTone> = {
  waiting: 'warning',
  consideration: 'info',
  deepconsideration: 'brand',
  completed_towards_merchant: 'success',
  completed_towards_trader: 'success',
};

export function DisputeStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} dot>
      {disputeStatusText(status)}
    </Badge>
  );
}

/** The requisite the payer paid to: the card grouped by four, or the phone number. */
export function disputeRequisite(dispute: Dispute): string {
  const details = dispute.transaction.payment_details;
  if (details.card) return groupCardDigits(details.card);
  return details.phone_number ?? '—';
}

export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 16)}…` : hash;
}
