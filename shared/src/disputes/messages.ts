/**
 * Disputes (spec §4 Dispute statuses, §5 Disputes, §8 Disputes): statuses, attachment rules and the
 * messages people see. The texts spec §8 fixes are copied as written; the rest are ours, in Russian.
 */

export const DISPUTE_STATUSES = [
  'waiting',
  'consideration',
  'deepconsideration',
  'completed_towards_merchant',
  'completed_towards_trader',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * The one Russian label of each dispute status (spec §4 lists the values; 'waiting' is "Waiting for
 * evidence" there): badges, the status filter, the history and the verdict texts all read it, so no screen
 * shows a raw value.
 */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  waiting: 'Ожидание доказательств',
  consideration: 'На рассмотрении',
  deepconsideration: 'Дополнительное рассмотрение',
  completed_towards_merchant: 'Решён в пользу мерчанта',
  completed_towards_trader: 'Решён в пользу трейдера',
};

/** A status's label; a value this build does not know reads as a neutral word, never as itself. */
export function disputeStatusLabel(status: string): string {
  return DISPUTE_STATUS_LABELS[status as DisputeStatus] ?? 'Неизвестный статус';
}

/** Completed disputes cannot be resolved, and no file can be added to or removed from them (spec §4). */
export function isDisputeCompleted(status: string): boolean {
  return status === 'completed_towards_merchant' || status === 'completed_towards_trader';
}

export const DISPUTE_ROLES = ['support', 'trader', 'merchant'] as const;
export type DisputeRole = (typeof DISPUTE_ROLES)[number];

export const DISPUTE_RESOLUTIONS = ['merchant', 'trader', 'insufficient'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_FILE_SIDES = ['trader', 'merchant'] as const;
export type DisputeFileSide = (typeof DISPUTE_FILE_SIDES)[number];

/** Spec §5 Disputes: attachments up to 50MB each, of these extensions. */
export const DISPUTE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const DISPUTE_FILE_EXTENSIONS = ['pdf', 'jpeg', 'jpg', 'png', 'mp4'] as const;

export const DISPUTE_MESSAGES = {
  roleFailed: 'Ошибка при получении роли пользователя',
  listFailed: 'Ошибка при загрузке списка споров',
  /** Spec §6: traders and merchants need a linked Telegram account for every disputes call (400, never 403). */
  telegramRequired: 'Необходимо подключить Telegram аккаунт к платформе',
  unavailable: 'Диспут недоступен для просмотра',
  openFailed: 'Ошибка при открытии диспута',
  resolveFailed: 'Ошибка при разрешении спора',
  deleteFailed: 'Ошибка при удалении файла',
  filesUploaded: 'Файлы успешно загружены',
  fileDeleted: 'Файл успешно удален',
  fileTooLarge: 'Размер файла не должен превышать 50MB',
  fileBadType: `Допустимые форматы файлов: ${DISPUTE_FILE_EXTENSIONS.join(', ')}`,
  tooManyFiles: 'Можно приложить не более 10 файлов',
  transactionIdRequired: 'Укажите ID транзакции',
  transactionIdFormat: 'ID транзакции должен быть в формате UUID',
  notFound: 'Спор не найден',
  /** Create by support (spec §8: 400 invalid data, 403 no rights, 404 transaction not found, 500). */
  invalidData: 'Некорректные данные',
  createForbidden: 'Нет прав на создание спора',
  transactionNotFound: 'Транзакция не найдена',
  createFailed: 'Внутренняя ошибка сервера',
  created: 'Спор создан',
  noRights: 'Недостаточно прав',
  /** Upload (spec §8: 400 wrong format, 401 authorization needed, 403 no rights, 413 too large). */
  uploadUnauthorized: 'Необходима авторизация',
  uploadForbidden: 'Нет прав на загрузку файлов',
  uploadFailed: 'Ошибка при загрузке файлов',
  /** The deal is not in verification, or expired/canceled longer ago than the window allows. */
  notDisputable: 'По этой транзакции нельзя открыть спор',
  alreadyOpen: 'По этой транзакции уже открыт спор',
  completed: 'Спор уже завершён',
  blockedByOther: 'Спор обрабатывает другой сотрудник поддержки',
  reasonRequired: 'Укажите причину спора',
  /** A dispute's side (or support) reached DISPUTE_MAX_FILES_PER_SIDE / DISPUTE_MAX_BYTES_PER_SIDE. */
  evidenceLimit: 'Превышен лимит файлов по спору',
  /** The evidence disk has less than DISK_MIN_FREE_MB free (507). */
  storageFull: 'Недостаточно места для хранения файлов. Попробуйте позже.',
  /** A merchant's dispute on an expired or canceled deal comes with proof of payment. */
  evidenceRequired: 'Для спора по истёкшей или отменённой сделке приложите подтверждение оплаты',
  /** DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER reached (429). */
  tooManyOpenWithTrader: 'Слишком много открытых споров с этим трейдером. Дождитесь решения по ним.',
  /** DISPUTE_MAX_PER_MERCHANT_PER_DAY reached within the last 24 hours (429). */
  tooManyToday: 'Превышен лимит споров за сутки. Попробуйте позже.',
  /** The reason recorded when support opens a dispute without a comment (the comment is optional, spec §5). */
  openedBySupport: 'Спор открыт поддержкой',
  resolved: 'Решение по спору принято',
  blocked: 'Спор заблокирован',
  unblocked: 'Спор разблокирован',
} as const;

/** The file checks of spec §5 Disputes, one message for the first file that breaks a rule (null = fine). */
export function disputeFileError(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(DISPUTE_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return DISPUTE_MESSAGES.fileBadType;
  }
  if (file.size > DISPUTE_FILE_MAX_BYTES) return DISPUTE_MESSAGES.fileTooLarge;
  return null;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §5 Disputes: the transaction id is required and a UUID (null = fine). */
export function transactionIdError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return DISPUTE_MESSAGES.transactionIdRequired;
  return UUID_PATTERN.test(trimmed) ? null : DISPUTE_MESSAGES.transactionIdFormat;
}

/** The Telegram message to the trader and the merchant when a dispute opens (spec §5: with the deadline). */
export const disputeOpenedText = (dealId: string, deadline: string) =>
  `Открыт спор по сделке ${dealId}. Загрузите доказательства до ${deadline} (МСК).`;

/** The message when support decides. */
export const disputeResolvedText = (dealId: string, outcome: string) =>
  `Спор по сделке ${dealId}: ${outcome}.`;

/** The message when the deadline job moves a waiting dispute to consideration, by what made it move. */
export const disputeConsiderationText = (dealId: string, cause: 'deadline' | 'evidence') =>
  cause === 'deadline'
    ? `Спор по сделке ${dealId}: срок загрузки доказательств истёк, спор передан на рассмотрение поддержке.`
    : `Спор по сделке ${dealId}: обе стороны представили доказательства, спор передан на рассмотрение поддержке.`;
