import type { MerchantHomeResponse } from '@app/shared/homes/contracts';
import { WEBHOOK_OUTCOME_TEXT } from '@app/shared/merchant/messages';
import { Clock, Percent, ShoppingBag, Wallet, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { dealStatusText, webhookEventText } from '../../labels/index.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  ArrowLink,
  Badge,
  Card,
  CardHeader,
  ErrorState,
  formatDate,
  formatDuration,
  formatPercent,
  formatUsdtText,
  PageHeader,
  Skeleton,
  STATUS_TONES,
} from '../../ui/index.ts';
import { useMerchantHome } from './api.ts';

/** completed ÷ created as a whole percent ("40%"), or a dash when nothing was created. */
function formatConversion(completed: number, created: number): string {
  return created === 0 ? '—' : formatPercent(Math.round((completed / created) * 100), 0);
}
/** The merchant home's words (Russian: the spec fixes none of them). */
export const MERCHANT_HOME_TEXT = {
  title: 'Обзор магазина',
  description: 'Заказы, зачисления и вебхуки вашего магазина.',
  loadFailed: 'Не удалось загрузить обзор магазина',
  today: 'Сегодня',
  completedToday: 'Завершено заказов',
  volume: 'Оборот',
  credited: 'Зачислено вам после комиссии',
  conversion: 'Конверсия',
  conversionHint: 'Доля завершённых среди созданных заказов',
  conversionToday: 'Сегодня',
  conversionWeek: 'За 7 дней',
  ofCreated: (completed: number, created: number) => `${completed} из ${created}`,
  confirmation: 'Среднее время подтверждения',
  confirmationHint: 'От создания заказа до завершения, за 7 дней',
  noConfirmations: 'Нет завершённых заказов за 7 дней',
  balance: 'Баланс',
  balanceHint: 'Зачисления после комиссии за вычетом выплат',
  openOrders: 'В обработке, ещё не зачислено',
  openOrdersCount: (count: number) => `${count} ${plural(count, 'заказ', 'заказа', 'заказов')}`,
  webhooks: 'Вебхуки',
  webhooksPending: 'Ожидают доставки',
  webhooksFailed: 'Ошибок за 24 часа',
  lastFailures: 'Последние ошибки доставки',
  noFailures: 'Ошибок доставки нет',
  attempts: (count: number) => `${count} ${plural(count, 'попытка', 'попытки', 'попыток')}`,
  givenUp: 'доставка прекращена',
  webhookLog: 'Журнал доставки',
  lastOrders: 'Последние заказы',
  allOrders: 'Все заказы',
  noOrders: 'Заказов пока нет',
  order: 'Заказ',
} as const;

function plural(count: number, one: string, few: string, many: string): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

const T = MERCHANT_HOME_TEXT;

/** The merchant's order status, in Russian, with the transaction badge tones. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} dot>
      {dealStatusText(status)}
    </Badge>
  );
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-small text-gray-500">{label}</dt>
      <dd className="mt-1 text-h3 break-words text-gray-900 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-caption text-gray-500">{hint}</dd> : null}
    </div>
  );
}

function StatCard({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <span className="text-brand-600" aria-hidden>
              {icon}
            </span>
            {title}
          </span>
        }
        description={hint}
        className="mb-4"
      />
      {children}
    </Card>
  );
}

function LoadingCards() {
  return (
    <div
      className="grid grid-cols-1 gap-6 min-[768px]:grid-cols-2 min-[1500px]:grid-cols-4"
      aria-busy="true"
      data-testid="merchant-home-loading"
    >
      {['today', 'conversion', 'confirmation', 'balance'].map((key) => (
        <Card key={key}>
          <Skeleton className="mb-4 h-5 w-32" />
          <Skeleton className="h-8 w-24" />
          <Skeleton className="mt-3 h-4 w-40" />
        </Card>
      ))}
    </div>
  );
}

function TodayCard({ today }: { today: MerchantHomeResponse['today'] }) {
  return (
    <StatCard icon={<ShoppingBag size={18} />} title={T.today}>
      <dl className="grid grid-cols-1 gap-4">
        <Figure label={T.completedToday} value={today.completed} />
        <Figure
          label={T.volume}
          value={formatRubles(today.volume_rub)}
          hint={formatUsdtText(today.volume_usdt)}
        />
        <Figure label={T.credited} value={formatUsdtText(today.credited_usdt)} />
      </dl>
    </StatCard>
  );
}

function ConversionCard({ conversion }: { conversion: MerchantHomeResponse['conversion'] }) {
  return (
    <StatCard icon={<Percent size={18} />} title={T.conversion} hint={T.conversionHint}>
      <dl className="grid grid-cols-2 gap-4">
        <Figure
          label={T.conversionToday}
          value={formatConversion(conversion.today.completed, conversion.today.created)}
          hint={T.ofCreated(conversion.today.completed, conversion.today.created)}
        />
        <Figure
          label={T.conversionWeek}
          value={formatConversion(conversion.week.completed, conversion.week.created)}
          hint={T.ofCreated(conversion.week.completed, conversion.week.created)}
        />
      </dl>
    </StatCard>
  );
}

function ConfirmationCard({ seconds }: { seconds: number | null }) {
  return (
    <StatCard icon={<Clock size={18} />} title={T.confirmation} hint={T.confirmationHint}>
      <p className="text-h2 text-gray-900 tabular-nums" data-testid="merchant-home-confirmation">
        {seconds === null ? (
          <span className="text-body text-gray-500">{T.noConfirmations}</span>
        ) : (
          formatDuration(seconds)
        )}
      </p>
    </StatCard>
  );
}

function BalanceCard({ home }: { home: MerchantHomeResponse }) {
  return (
    <StatCard icon={<Wallet size={18} />} title={T.balance} hint={T.balanceHint}>
      <dl className="grid grid-cols-1 gap-4">
        <Figure label={T.credited} value={formatUsdtText(home.balance.available_usdt)} />
        <div className="rounded-lg bg-gray-50 p-3" data-testid="merchant-home-open-orders">
          <dt className="text-small text-gray-500">{T.openOrders}</dt>
          <dd className="mt-1 text-body font-medium text-gray-900 tabular-nums">
            {T.openOrdersCount(home.open_orders.count)} · {formatRubles(home.open_orders.amount_rub)}
          </dd>
          <dd className="text-caption text-gray-500">{formatUsdtText(home.open_orders.amount_usdt)}</dd>
        </div>
      </dl>
    </StatCard>
  );
}

function WebhooksCard({ webhooks }: { webhooks: MerchantHomeResponse['webhooks'] }) {
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Webhook size={18} className="text-brand-600" aria-hidden />
            {T.webhooks}
          </span>
        }
        actions={
          <ArrowLink to="/settings#api" tall>
            {T.webhookLog}
          </ArrowLink>
        }
        className="mb-4"
      />
      <dl className="mb-4 grid grid-cols-2 gap-4">
        <Figure label={T.webhooksPending} value={webhooks.pending} />
        <div className="min-w-0">
          <dt className="text-small text-gray-500">{T.webhooksFailed}</dt>
          <dd
            className={
              webhooks.failed_24h > 0
                ? 'mt-1 text-h3 text-danger-700 tabular-nums'
                : 'mt-1 text-h3 text-gray-900 tabular-nums'
            }
          >
            {webhooks.failed_24h}
          </dd>
        </div>
      </dl>
      <h3 className="mb-2 text-small font-medium text-gray-700">{T.lastFailures}</h3>
      {webhooks.last_failures.length === 0 ? (
        <p className="text-small text-gray-500">{T.noFailures}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100" data-testid="merchant-home-failures">
          {webhooks.last_failures.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 py-2">
              <span className="text-small font-medium text-gray-900">
                {webhookEventText(event.type)} · {T.order}{' '}
                <span data-literal>{event.order_id.slice(0, 8)}</span>
              </span>
              <span className="text-caption text-gray-500">
                {event.outcome
                  ? `${event.status_code ? `${event.status_code} · ` : ''}${WEBHOOK_OUTCOME_TEXT[event.outcome as keyof typeof WEBHOOK_OUTCOME_TEXT] ?? '—'}`
                  : '—'}{' '}
                · {T.attempts(event.attempts)}
                {event.state === 'failed' ? ` · ${T.givenUp}` : ''} · {formatDate(event.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function LastOrdersCard({ orders }: { orders: MerchantHomeResponse['last_orders'] }) {
  return (
    <Card padding="none">
      <div className="p-5 pb-0 sm:p-6 sm:pb-0">
        <CardHeader
          title={T.lastOrders}
          actions={
            <ArrowLink to="/deal" tall>
              {T.allOrders}
            </ArrowLink>
          }
          className="mb-2"
        />
      </div>
      {orders.length === 0 ? (
        <p className="px-5 pb-6 text-small text-gray-500 sm:px-6">{T.noOrders}</p>
      ) : (
        <ul className="divide-y divide-gray-100" data-testid="merchant-home-orders">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3 sm:px-6">
              <div className="min-w-0 flex-1">
                <p
                  className="truncate text-small font-medium text-gray-900"
                  title={order.external_id}
                  data-literal
                >
                  {order.external_id}
                </p>
                <p className="text-caption text-gray-500">{formatDate(order.created_at)}</p>
              </div>
              <div className="text-right">
                <p className="text-small font-medium whitespace-nowrap text-gray-900 tabular-nums">
                  {formatRubles(order.amount_rub)}
                </p>
                <p className="text-caption whitespace-nowrap text-gray-500 tabular-nums">
                  {formatUsdtText(order.amount_usdt)}
                </p>
              </div>
              <div className="flex w-full justify-end min-[420px]:w-auto">
                <OrderStatusBadge status={order.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The merchant's home at / (issue 25): today's completed orders and volume, conversion, confirmation time,
 * the balance (net credit after fee) with open orders on their own line, webhook delivery health and the
 * newest orders. Never the trader's rating, terminals or deal-taking switch.
 */
export function MerchantHomePage() {
  const home = useMerchantHome();
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      {home.isPending ? (
        <LoadingCards />
      ) : home.isError ? (
        <Card>
          <ErrorState message={T.loadFailed} retry={home} />
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-6" data-testid="merchant-home">
          <div className="grid grid-cols-1 gap-6 min-[768px]:grid-cols-2 min-[1500px]:grid-cols-4">
            <TodayCard today={home.data.today} />
            <ConversionCard conversion={home.data.conversion} />
            <ConfirmationCard seconds={home.data.avg_confirmation_seconds} />
            <BalanceCard home={home.data} />
          </div>
          <div className="grid grid-cols-1 items-start gap-6 min-[1261px]:grid-cols-[minmax(0,1fr)_24rem]">
            <LastOrdersCard orders={home.data.last_orders} />
            <WebhooksCard webhooks={home.data.webhooks} />
          </div>
        </div>
      )}
    </>
  );
}
