import { groupCardDigits } from '@app/shared';
import { disputeStatusText } from '../../labels/index.ts';
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
  mode: 'Способ оплаты',
  bank: 'Банк',
  card: 'Карта',
  phone: 'Телефон',
  currency: 'Валюта',
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
    merchant: 'Спор будет закрыт в пользу мерчанта.',
    trader: 'Спор будет закрыт в пользу трейдера.',
    insufficient: 'Спор уйдёт на дополнительное рассмотрение и пропадёт из вашего списка.',
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

// The label maps live in the one labels module; these names stay for the disputes feature's imports.
export {
  DISPUTE_ACTION_LABELS as ACTION_LABELS,
  DISPUTE_ACTOR_LABELS as ACTOR_LABELS,
  ORDER_TYPE_LABELS,
} from '../../labels/index.ts';

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
