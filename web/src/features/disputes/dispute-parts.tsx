import { groupCardDigits } from '@app/shared';
import { DISPUTE_STATUS_LABELS, disputeStatusLabel } from '@app/shared/disputes/messages';
import { Badge, type BadgeTone } from '../../ui/index.ts';
import type { Dispute } from './api.ts';

/** Words of the Disputes page the spec does not fix (Russian); the spec's own stay in English. */
export const DISPUTE_PAGE_TEXT = {
  title: 'Disputes',
  description: 'Споры между мерчантами и трейдерами, с доказательствами.',
  statusFilter: 'Статус',
  allStatuses: 'Все статусы',
  search: 'Поиск по ID или реквизитам',
  createDispute: 'Create dispute',
  columns: {
    id: 'Dispute ID',
    date: 'Creation date',
    amount: 'Amount',
    status: 'Status',
    actions: 'Actions',
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

export const ORDER_TYPE_LABELS: Record<string, string> = { sbp: 'SBP', c2c: 'C2C' };

/** Who did it, as the history's actor_role names them (shared disputeHistoryItemSchema). */
export const ACTOR_LABELS: Record<string, string> = {
  support: 'поддержка',
  trader: 'трейдер',
  merchant: 'мерчант',
  timer: 'автоматически',
};

/** Why the deadline job moved a dispute: 'по сроку' only when the deadline is what did it. */
export const TIMER_CAUSE_LABELS: Record<string, string> = {
  deadline: 'по сроку',
  evidence: 'автоматически: обе стороны представили доказательства',
};

/** Who (or what) made a history entry, in words. */
export function historyActorLabel(entry: { actor_role: string; cause?: string }): string {
  if (entry.actor_role === 'timer' && entry.cause)
    return TIMER_CAUSE_LABELS[entry.cause] ?? ACTOR_LABELS.timer!;
  return ACTOR_LABELS[entry.actor_role] ?? ACTOR_LABELS.timer!;
}

const NBSP = '\u00a0';
const USDT_NUMBER = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A USDT amount the ru-RU way, written with its unit: "12,97 USDT" (no-break spaces, never a '$'). */
export function formatUsdtAmount(amount: number): string {
  return `${USDT_NUMBER.format(amount).replace(/\s/g, NBSP)}${NBSP}USDT`;
}

/** What happened, as the history's action names it (shared disputeHistoryItemSchema). */
export const ACTION_LABELS: Record<string, string> = {
  opened: 'спор открыт',
  status: 'статус изменён',
  file_added: 'файл загружен',
  file_deleted: 'файл удалён',
  comment: 'комментарий поддержки',
};

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
      {disputeStatusLabel(status)}
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
