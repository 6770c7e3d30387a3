import { AppLink, Bullets, Code, P, Steps, SubHeading, Ui } from './help-prose.tsx';

/** The bot's commands (server/src/modules/telegram: BOT_TEXT.help and the command handlers). */
export const BOT_COMMANDS = [
  { command: '/start <ключ>', text: 'подключить аккаунт по ключу из Settings → Connection' },
  {
    command: '/status',
    text: 'баланс, доступные и замороженные средства, сделки за сегодня (по московскому времени) и рейтинг',
  },
  { command: '/help', text: 'список команд' },
] as const;

/** Beginners → telegram-connect: the bot, the connection key, several accounts per key. */
export function TelegramHelp() {
  return (
    <div className="flex flex-col gap-4">
      <P>
        Telegram-бот присылает уведомления о сделках, спорах, входах в аккаунт, операциях с кошельком и
        терминалах, которые вышли из сети. Когда бот работает, подключённый Telegram обязателен для работы со
        спорами; без бота уведомления о спорах приходят на почту.
      </P>

      <SubHeading>Подключение</SubHeading>
      <Steps
        label="Как подключить Telegram"
        items={[
          <>
            Откройте <AppLink to="/settings#connection">Settings → Connection</AppLink>: там ваш ключ
            подключения, ссылка на бота и QR-код этой ссылки.
          </>,
          <>
            Нажмите <Ui>«Открыть бота в Telegram»</Ui> (или отсканируйте QR-код телефоном) и нажмите{' '}
            <Ui>Start</Ui> в чате с ботом. Можно и вручную: скопируйте ключ и отправьте боту{' '}
            <Code>/start ключ</Code>.
          </>,
          <>
            Бот ответит, что аккаунт подключён, а сам аккаунт появится в списке{' '}
            <Ui>«Подключённые аккаунты»</Ui> в настройках. Подключать нужно в личном чате с ботом, не в
            группе.
          </>,
        ]}
      />

      <SubHeading>Несколько аккаунтов на один ключ</SubHeading>
      <Bullets
        items={[
          <>
            Одним ключом можно подключить сколько угодно аккаунтов Telegram — например, ваш и напарника по
            смене. Уведомления приходят в каждый из них.
          </>,
          <>
            Лишний аккаунт отключается кнопкой <Ui>«Отключить»</Ui> в списке. Последний подключённый аккаунт
            отключить нельзя.
          </>,
          <>
            Если ключ попал к посторонним, нажмите <Ui>«Обновить ключ»</Ui>: старый ключ перестанет
            действовать и все аккаунты будут отключены. Затем подключите нужные аккаунты новым ключом.
          </>,
          <>
            Один аккаунт Telegram можно подключить и к нескольким аккаунтам сервиса — <Ui>/status</Ui> покажет
            каждый из них.
          </>,
        ]}
      />

      <SubHeading>Команды бота</SubHeading>
      <ul className="flex flex-col gap-2" aria-label="Команды бота">
        {BOT_COMMANDS.map((item) => (
          <li key={item.command} className="flex flex-col gap-1 text-body text-gray-700 sm:flex-row sm:gap-3">
            <span className="shrink-0 sm:w-32">
              <Code>{item.command}</Code>
            </span>
            <span className="min-w-0">{item.text}</span>
          </li>
        ))}
      </ul>

      <SubHeading>Какие уведомления приходят</SubHeading>
      <P>
        В <AppLink to="/settings#notification">Settings → Notification</AppLink> два переключателя:{' '}
        <Ui>«Уведомления о платежах»</Ui> (новые, завершённые и истёкшие сделки) и{' '}
        <Ui>«Уведомления об аккаунте»</Ui> (входы, смена пароля, выводы и белый список, терминал не в сети).
        Сообщения о спорах приходят всегда, даже если оба выключены.
      </P>
    </div>
  );
}
