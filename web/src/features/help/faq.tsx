import {
  DISPUTE_FILE_EXTENSIONS,
  DISPUTE_FILE_MAX_BYTES,
  DISPUTE_MESSAGES,
  ORDER_TTL_MAX_S,
  ORDER_TTL_MIN_S,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  PAYMENT_MESSAGES,
  RATING,
  TERMINAL_TEXT,
  WALLET_TEXT,
  WHITELIST_MAX_ENTRIES,
} from '@app/shared';
import { SERVICE_DEFAULTS as D } from '@app/shared/help-defaults';
import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { HelpAccordionItem } from './help-accordion-item.tsx';
import { AppLink, Bullets, Code, P, Ui } from './help-prose.tsx';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

const minutes = (seconds: number) => Math.round(seconds / 60);

/** Support → faq: what traders and merchants ask, answered from what the service does. */
export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'deposit',
    question: 'Как пополнить баланс?',
    answer: (
      <>
        <P>
          На <AppLink to="/">главной</AppLink> в карточке <Ui>{WALLET_TEXT.myBalance}</Ui> откройте{' '}
          <Ui>{WALLET_TEXT.deposit}</Ui>. Если адреса ещё нет, нажмите <Ui>{WALLET_TEXT.createWallet}</Ui> и
          подтвердите создание кодом из письма. Адрес постоянный, его можно скопировать или отсканировать.
        </P>
        <P>
          Отправляйте на него только <Ui>USDT в сети Tron (TRC20)</Ui>: другие монеты и сети зачислить нельзя,
          они будут потеряны. Со стороны сервиса пополнение бесплатно; комиссию сети в TRX платит отправитель.
        </P>
      </>
    ),
  },
  {
    id: 'deposit-pending',
    question: 'Перевод отправлен, а баланс не изменился. Что делать?',
    answer: (
      <>
        <P>
          Депозит зачисляется автоматически, как только перевод подтверждён в сети Tron, — обычно в течение
          нескольких минут. Открытие вкладки <Ui>{WALLET_TEXT.deposit}</Ui> дополнительно запускает проверку
          вашего адреса сразу.
        </P>
        <P>
          Если прошло больше получаса, проверьте в обозревателе блоков (например, Tronscan), что перевод
          подтверждён, отправлен именно в USDT TRC20 и на ваш адрес, и напишите в поддержку, указав хеш
          транзакции (txid).
        </P>
      </>
    ),
  },
  {
    id: 'withdrawal',
    question: 'Как вывести USDT и сколько это стоит?',
    answer: (
      <>
        <P>
          Вывод доступен лидам: вкладка <Ui>{WALLET_TEXT.withdraw}</Ui> в карточке{' '}
          <Ui>{WALLET_TEXT.myBalance}</Ui>. Укажите сумму и адрес TRC20 и подтвердите вывод кодом из письма.
        </P>
        <Bullets
          items={[
            <>
              Минимальная сумма — {D.withdrawalMinUsdt} USDT; комиссия сети — {D.withdrawalFeeUsdt} USDT, она
              списывается сверх суммы. Окно вывода показывает обе цифры до отправки.
            </>,
            <>
              Выводы больше {D.withdrawalAutoLimitUsdt} USDT перед отправкой проверяет оператор (статус «На
              проверке»).
            </>,
            <>
              Статус каждого вывода и хеш транзакции — во вкладке «История». Если вывод не выполнен или
              отклонён, средства возвращаются на баланс.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'whitelist',
    question: 'Что такое белый список и почему новый адрес доступен не сразу?',
    answer: (
      <P>
        В <AppLink to="/settings#wallet">Settings → Wallets</AppLink> лид может включить белый список: тогда
        вывод возможен только на адреса из него (до {WHITELIST_MAX_ENTRIES}). Включение и отключение
        подтверждаются кодом из письма. Новый адрес становится доступен для вывода через{' '}
        {D.whitelistCooldownHours} часа после добавления, и об этом приходит письмо: если адрес добавили не
        вы, у вас есть время удалить его и сменить пароль.
      </P>
    ),
  },
  {
    id: 'fees',
    question: 'Какие комиссии и сколько зарабатывает трейдер?',
    answer: (
      <Bullets
        items={[
          <>Сумма сделки в USDT — это сумма в рублях, делённая на курс, с округлением вниз до 6 знаков.</>,
          <>
            Трейдер получает вознаграждение с каждой завершённой сделки — по умолчанию {D.traderRewardPct} %
            от её суммы в USDT. Оно сразу поступает на доступный баланс и видно в колонке Profit и в{' '}
            <Ui>{WALLET_TEXT.totalProfit}</Ui>.
          </>,
          <>
            Мерчант платит комиссию с завершённого заказа — по умолчанию {D.merchantFeePct} % от суммы в USDT;
            на баланс зачисляется сумма за вычетом комиссии.
          </>,
          <>Ставки для отдельного аккаунта могут отличаться: их устанавливает оператор.</>,
          <>Вывод стоит {D.withdrawalFeeUsdt} USDT комиссии сети; пополнение со стороны сервиса бесплатно.</>,
        ]}
      />
    ),
  },
  {
    id: 'limits',
    question: 'Как настроить лимиты платёжного метода?',
    answer: (
      <P>
        На карточке метода на странице <AppLink to="/payments">Payments</AppLink> откройте настройки лимитов и
        укажите минимальную и максимальную сумму сделки в рублях (минимум не больше максимума). Сделки на
        другие суммы на этот метод не придут. Менять лимиты и реквизиты можно только у выключенного метода: у
        включённого сервис ответит «{PAYMENT_MESSAGES.disableFirst}». Кроме лимитов, сумма сделки в USDT не
        может быть больше вашего доступного баланса.
      </P>
    ),
  },
  {
    id: 'no-deals',
    question: 'Почему мне не приходят сделки?',
    answer: (
      <>
        <P>Сделку получает метод, у которого выполнено всё сразу:</P>
        <Bullets
          items={[
            <>
              метод включён (переключатель на карточке в <AppLink to="/payments">Payments</AppLink>), и режим
              подходит: для СБП нужны телефон и номер счёта, для перевода на карту — номер карты;
            </>,
            <>
              метод привязан к терминалу, который включён (<Ui>{TERMINAL_TEXT.enabled}</Ui>) и в сети —
              выходил на связь не дольше {D.terminalOfflineAfterSeconds} секунд назад;
            </>,
            <>
              рейтинг метода и ваш рейтинг не ниже {RATING.minPercent} % (см.{' '}
              <AppLink to="/help#rating">правила рейтинга</AppLink>);
            </>,
            <>
              на доступном балансе хватает USDT на всю сумму сделки: она замораживается на время сделки, так
              что открытые сделки уменьшают доступный остаток;
            </>,
            <>
              у вас нет долга: если после проигранного спора средств не хватило, долг сначала погашается из
              пополнений и вознаграждений, и до этого сделки не поступают;
            </>,
            <>сумма укладывается в лимиты метода, и на методе нет открытой сделки на ту же сумму.</>,
          ]}
        />
        <P>
          Подходящие методы получают заказы по очереди: первым — тот, что дольше всех ждал сделки. Если всё
          выполнено, а сделок нет, значит, сейчас нет заказов под ваши банки и суммы.
        </P>
      </>
    ),
  },
  {
    id: 'deal-flow',
    question: 'Сколько длится сделка и как её подтвердить?',
    answer: (
      <P>
        Плательщик видит ваши реквизиты и переводит деньги; по умолчанию на оплату даётся{' '}
        {minutes(D.orderTtlSeconds)} минут (мерчант может задать от {minutes(ORDER_TTL_MIN_S)} до{' '}
        {minutes(ORDER_TTL_MAX_S)}). Когда терминал видит входящий перевод, совпадающий со сделкой, она
        завершается сама. Иначе проверьте поступление в банке и подтвердите сделку вручную на странице{' '}
        <AppLink to="/deal">Transactions</AppLink>. Если время вышло без подтверждения, сделка истекает и
        замороженные USDT возвращаются на доступный баланс.
      </P>
    ),
  },
  {
    id: 'disputes',
    question: 'Как проходит спор и какие сроки?',
    answer: (
      <Bullets
        items={[
          <>
            Спор открывает мерчант или поддержка: по сделке на проверке, либо по истёкшей или отменённой — в
            течение {D.disputeWindowHours} часов. USDT сделки удерживаются до решения.
          </>,
          <>
            Когда на платформе работает Telegram-бот, для работы со спорами нужен подключённый Telegram — без
            него страница споров ответит «{DISPUTE_MESSAGES.telegramRequired}». Бот сообщит об открытом споре
            и сроке; если бота нет, эти уведомления приходят на почту.
          </>,
          <>
            У трейдера {D.disputeEvidenceHours} часов, чтобы загрузить доказательства на странице{' '}
            <AppLink to="/dispute">Disputes</AppLink>: {DISPUTE_FILE_EXTENSIONS.join(', ')}, до{' '}
            {Math.round(DISPUTE_FILE_MAX_BYTES / 1024 / 1024)} МБ каждый файл. Затем спор рассматривает
            поддержка.
          </>,
          <>
            Решение в пользу мерчанта завершает сделку за счёт удержанных USDT; в пользу трейдера — отменяет
            её, и USDT возвращаются. Если данных мало, спор уходит на углублённое рассмотрение.
          </>,
          <>
            Открытый спор — +1 балл к рейтингу, пропущенный срок доказательств — ещё +1, а спор, завершённый в
            течение 18 часов, снимает 1 балл.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'terminal-offline',
    question: 'Терминал показывает «не в сети». Что проверить?',
    answer: (
      <>
        <P>
          Приложение выходит на связь каждые {D.terminalHeartbeatSeconds} секунд; после{' '}
          {D.terminalOfflineAfterSeconds} секунд тишины терминал считается не в сети, и его методы не получают
          сделок. Проверьте:
        </P>
        <Bullets
          items={[
            'телефон включён, заряжен и подключён к интернету;',
            'приложение Terminal Manager запущено, а экономия батареи для него отключена;',
            <>
              терминал не удалён: после удаления приложение просит подключиться заново — добавьте терминал
              снова (<AppLink to="/help#terminal-connect">как подключить</AppLink>).
            </>,
          ]}
        />
        <P>Как только телефон снова выйдет на связь, терминал вернётся в сеть сам.</P>
      </>
    ),
  },
  {
    id: 'add-method',
    question: 'Почему я не могу добавить платёжный метод?',
    answer: (
      <P>
        Если ваш рейтинг ниже {RATING.minPercent} %, сервис ответит «{PAYMENT_MESSAGES.ratingTooLow}». Рейтинг
        растёт с каждой успешной сделкой на уже добавленных методах; если считаете снижение ошибочным,
        напишите в поддержку. Ещё одна частая причина — такой номер карты или счёта уже добавлен.
      </P>
    ),
  },
  {
    id: 'security',
    question: 'Как защищён мой аккаунт?',
    answer: (
      <Bullets
        items={[
          <>
            Вход — по паролю и {OTP_LENGTH}-значному коду из письма. Код одноразовый, действует{' '}
            {Math.round(OTP_TTL_MS / 60_000)} минут и сгорает после {OTP_MAX_ATTEMPTS} неверных попыток. Тем
            же кодом подтверждаются создание кошелька, вывод, белый список, подключение терминала и смена
            пароля.
          </>,
          <>
            После {D.loginMaxFailures} неверных паролей за {D.loginFailureWindowMinutes} минут вход
            блокируется на {D.loginLockMinutes} минут.
          </>,
          <>
            Сессия завершается после {D.sessionIdleHours} часов бездействия и не живёт дольше{' '}
            {D.sessionMaxDays} дней. Смена пароля завершает все остальные сессии.
          </>,
          <>О каждом входе приходит сообщение в Telegram, если включены уведомления об аккаунте.</>,
          <>
            Никому не сообщайте коды из писем и ключ подключения Telegram: поддержка их никогда не спрашивает.
          </>,
        ]}
      />
    ),
  },
  {
    id: 'merchant-start',
    question: 'Я мерчант. Как принимать платежи?',
    answer: (
      <P>
        В <AppLink to="/settings#api">Settings → API</AppLink> создайте API-ключ (он показывается один раз) и
        укажите адрес вебхука с секретом подписи. Ваш сервер создаёт заказ на сумму в рублях и отправляет
        плательщика на страницу оплаты; о каждом изменении статуса приходит подписанный вебхук. Если сейчас ни
        один метод не может принять заказ, API ответит <Code>no-method</Code> — предложите другую сумму или
        способ оплаты. Полное описание — в документации API, ссылка на неё есть в том же разделе.
      </P>
    ),
  },
];

/** The questions as a nested accordion (several may be open); each question is an h4 inside its h3. */
export function Faq() {
  return (
    <Accordion.Root type="multiple" className="flex flex-col gap-2" data-testid="faq">
      {FAQ_ITEMS.map((item) => (
        <HelpAccordionItem
          key={item.id}
          value={item.id}
          heading="h4"
          className="rounded-lg border border-gray-200 bg-white data-[state=open]:border-brand-200"
          triggerClassName="group flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left text-body font-medium text-gray-900 transition hover:bg-gray-50 data-[state=open]:text-brand-700"
          chevronSize={18}
          contentClassName="flex flex-col gap-3 px-4 pt-1 pb-4 data-[state=open]:animate-fade-in motion-reduce:animate-none"
          title={<span className="min-w-0 flex-1">{item.question}</span>}
        >
          {item.answer}
        </HelpAccordionItem>
      ))}
    </Accordion.Root>
  );
}
