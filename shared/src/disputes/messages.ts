/** Disputes (spec §5 Disputes, §8): every text a user sees from the disputes API. */
export const DISPUTE_MESSAGES = {
  /** Spec §6: traders and merchants need a linked Telegram account for every disputes call (400, never 403). */
  telegramRequired: 'Необходимо подключить Telegram аккаунт к платформе',
  filesUploaded: 'Файлы успешно загружены',
  fileDeleted: 'Файл успешно удален',
  fileTooLarge: 'Размер файла не должен превышать 50MB',
  fileBadType: 'Допустимые форматы файлов: pdf, jpeg, jpg, png, mp4',
  tooManyFiles: 'Можно приложить не более 10 файлов',
  notFound: 'Спор не найден',
  transactionNotFound: 'Транзакция не найдена',
  noRights: 'Недостаточно прав',
  invalidData: 'Некорректные данные',
  /** The deal is not in verification, or expired/canceled longer ago than the window allows. */
  notDisputable: 'По этой транзакции нельзя открыть спор',
  alreadyOpen: 'По этой транзакции уже открыт спор',
  completed: 'Спор уже завершён',
  blockedByOther: 'Спор обрабатывает другой сотрудник поддержки',
  reasonRequired: 'Укажите причину спора',
  resolved: 'Решение по спору принято',
  blocked: 'Спор заблокирован',
  unblocked: 'Спор разблокирован',
} as const;

/** The Telegram message to the trader and the merchant when a dispute opens (spec §5: with the deadline). */
export const disputeOpenedText = (dealId: string, deadline: string) =>
  `Открыт спор по сделке ${dealId}. Загрузите доказательства до ${deadline} (МСК).`;

/** The Telegram message when support decides. */
export const disputeResolvedText = (dealId: string, outcome: string) =>
  `Спор по сделке ${dealId}: ${outcome}.`;
