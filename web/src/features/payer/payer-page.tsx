import { PAYER_TEXT } from '@app/shared/deals/messages';
import { CircleCheck, CircleX, Clock, Hourglass, SearchX, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorState } from '../../ui/empty-state.tsx';
import { formatRubles } from '../../ui/format-rubles.ts';
import { Logo } from '../../ui/logo.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { StandalonePage } from '../../ui/standalone-page.tsx';
import { notify } from '../../ui/toast.tsx';
import { type PayerOrderView, useMarkPaid, usePayerOrder } from './api.ts';
import { formatCountdown, safeReturnUrl } from './format.ts';
import { ReceiptUpload } from './receipt-upload.tsx';
import { Instructions, Requisites } from './requisites.tsx';
import { useCountdown } from './use-countdown.ts';

/** The last minute is shown in warning colours so the payer hurries. */
const HURRY_SECONDS = 60;

/**
 * The public payer page /c2c/<order id> (issue 10): the requisites to pay, a countdown on server time,
 * "Я оплатил", an optional receipt and the outcome, updated by polling. No session, no app shell, and
 * nothing about the trader or the merchant beyond what the transfer needs.
 */
export function PayerPage() {
  const { id = '' } = useParams();
  const query = usePayerOrder(id);

  let content: ReactNode;
  if (query.data) content = <OrderView view={query.data} />;
  else if (query.isError && isApiError(query.error, 404)) {
    content = (
      <Outcome
        tone="neutral"
        icon={<SearchX size={26} />}
        title={PAYER_TEXT.notFound}
        text="Проверьте ссылку на оплату или вернитесь в магазин и оформите заказ заново."
      />
    );
  } else if (query.isError) {
    content = (
      <section className="rounded-2xl border border-gray-200/80 bg-white shadow-card">
        <ErrorState message={PAYER_TEXT.loadFailed} retry={query} />
      </section>
    );
  } else content = <LoadingCard />;

  return (
    <StandalonePage
      headerClassName="border-b border-gray-200/70 bg-white"
      header={
        <div className="mx-auto flex h-14 w-full max-w-[30rem] items-center justify-between px-4 sm:h-16">
          <Logo />
          <span className="flex items-center gap-1.5 text-caption text-gray-500">
            <ShieldCheck size={14} className="text-success-600" aria-hidden />
            Безопасная оплата
          </span>
        </div>
      }
      mainClassName="mx-auto w-full max-w-[30rem] flex-1 px-4 py-5 sm:py-10"
    >
      {content}
    </StandalonePage>
  );
}

function OrderView({ view }: { view: PayerOrderView }) {
  const { order } = view;
  const amount = formatRubles(order.amount);
  switch (order.status) {
    case 'pending':
      return <PaymentCard view={view} amount={amount} />;
    case 'verification':
      return <WaitingCard view={view} amount={amount} />;
    case 'complete': {
      const back = safeReturnUrl(order.return_url);
      return (
        <Outcome
          tone="success"
          icon={<CircleCheck size={26} />}
          title={PAYER_TEXT.success}
          amount={amount}
          text="Спасибо! Магазин получит подтверждение автоматически."
          action={
            back ? (
              <a href={back} className={buttonClasses({ size: 'lg', fullWidth: true })}>
                {PAYER_TEXT.backToShop}
              </a>
            ) : null
          }
        />
      );
    }
    case 'expired':
      return (
        <Outcome
          tone="neutral"
          icon={<Clock size={26} />}
          title={PAYER_TEXT.expired}
          amount={amount}
          text="Не переводите деньги по этим реквизитам. Если вы уже оплатили, сохраните чек и обратитесь в магазин."
        />
      );
    case 'canceled':
      return (
        <Outcome
          tone="danger"
          icon={<CircleX size={26} />}
          title={PAYER_TEXT.canceled}
          amount={amount}
          text="Не переводите деньги по этим реквизитам. Вернитесь в магазин, чтобы оформить оплату заново."
        />
      );
    case 'dispute':
      return (
        <Outcome
          tone="warning"
          icon={<Hourglass size={26} />}
          title={PAYER_TEXT.dispute}
          amount={amount}
          text="Мы разбираемся с этим платежом. Сохраните чек об оплате; результат появится на этой странице."
          action={<ReceiptUpload orderId={order.id} uploaded={order.receipt_uploaded} />}
        />
      );
  }
}

/** Pending: what to pay, where to, how long is left, and "Я оплатил". */
function PaymentCard({ view, amount }: { view: PayerOrderView; amount: string }) {
  const { order } = view;
  const markPaid = useMarkPaid(order.id);

  const paid = async () => {
    try {
      await markPaid.mutateAsync();
    } catch (error) {
      notify.error(readError(error, PAYER_TEXT.paidFailed).text);
    }
  };

  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-gray-200/80 bg-white p-5 shadow-card sm:p-7">
      <div className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-body font-medium text-gray-500">{PAYER_TEXT.title}</h1>
        <ShopName name={order.shop_name} />
        <p className="text-[2.25rem] leading-none font-bold tracking-tight text-gray-900 tabular-nums sm:text-[2.5rem]">
          {amount}
        </p>
        <Countdown view={view} />
      </div>
      <Requisites order={order} />
      <Alert tone="warning">
        Переведите ровно {amount} одним переводом. Если сумма будет другой или перевод разделится на части,
        платёж может не найтись.
      </Alert>
      <Instructions order={order} amount={amount} />
      <div className="flex flex-col gap-3">
        <Button size="lg" fullWidth loading={markPaid.isPending} onClick={() => void paid()}>
          {PAYER_TEXT.paid}
        </Button>
        <ReceiptUpload orderId={order.id} uploaded={order.receipt_uploaded} />
      </div>
    </section>
  );
}

/** Verification: the payer said they paid; the page waits for the outcome and still takes a receipt. */
function WaitingCard({ view, amount }: { view: PayerOrderView; amount: string }) {
  const { order } = view;
  return (
    <section className="flex flex-col gap-5 rounded-2xl border border-gray-200/80 bg-white p-5 shadow-card sm:p-7">
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Spinner size={26} />
        </div>
        <h1 className="text-h2 text-gray-900">{PAYER_TEXT.waiting}</h1>
        <ShopName name={order.shop_name} />
        <p className="text-small text-gray-500">
          Обычно это занимает несколько минут. Страница обновится сама — её можно не перезагружать.
        </p>
      </div>
      <dl className="flex items-center justify-between gap-3 rounded-xl border border-gray-200 bg-gray-25 px-4 py-3">
        <dt className="text-small text-gray-500">Сумма</dt>
        <dd className="text-h3 text-gray-900 tabular-nums">{amount}</dd>
      </dl>
      <Countdown view={view} />
      <ReceiptUpload orderId={order.id} uploaded={order.receipt_uploaded} />
    </section>
  );
}

/**
 * Whom the payer pays (issue 25): the shop name the merchant set in Settings. Nothing when none is set: the
 * page never falls back to an email or an id.
 */
function ShopName({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <p className="max-w-full text-small break-words text-gray-600" data-testid="payer-shop">
      Магазин: <span className="font-medium text-gray-900">{name}</span>
    </p>
  );
}

function Countdown({ view }: { view: PayerOrderView }) {
  const left = useCountdown(view.order.expires_at, view.clockOffsetMs);
  const hurry = left <= HURRY_SECONDS;
  return (
    <p
      className={cx(
        'mx-auto inline-flex items-center gap-2 rounded-full px-3 py-1 text-small font-medium ring-1 ring-inset',
        hurry
          ? 'bg-warning-50 text-warning-700 ring-warning-200'
          : 'bg-brand-50 text-brand-700 ring-brand-100',
      )}
    >
      <Clock size={15} aria-hidden />
      {PAYER_TEXT.timeLeft}
      <time data-testid="payer-countdown" className="font-mono tabular-nums">
        {formatCountdown(left)}
      </time>
    </p>
  );
}

const OUTCOME_TONES = {
  success: 'bg-success-50 text-success-600 ring-success-100',
  warning: 'bg-warning-50 text-warning-600 ring-warning-100',
  danger: 'bg-danger-50 text-danger-600 ring-danger-100',
  neutral: 'bg-gray-100 text-gray-500 ring-gray-200',
} as const;

interface OutcomeProps {
  tone: keyof typeof OUTCOME_TONES;
  icon: ReactNode;
  title: string;
  text: string;
  amount?: string;
  action?: ReactNode;
}

/** A final (or resting) screen: icon, one headline, what to do now. */
function Outcome({ tone, icon, title, text, amount, action }: OutcomeProps) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-gray-200/80 bg-white px-5 py-10 text-center shadow-card sm:px-8">
      <div className={cx('flex size-16 items-center justify-center rounded-2xl ring-1', OUTCOME_TONES[tone])}>
        {icon}
      </div>
      <h1 className="text-h1 text-gray-900">{title}</h1>
      {amount ? <p className="text-h2 text-gray-700 tabular-nums">{amount}</p> : null}
      <p className="max-w-sm text-small text-gray-500">{text}</p>
      {action ? <div className="mt-2 w-full">{action}</div> : null}
    </section>
  );
}

function LoadingCard() {
  return (
    <section
      aria-busy="true"
      aria-label="Загрузка заказа"
      data-testid="payer-loading"
      className="flex flex-col gap-5 rounded-2xl border border-gray-200/80 bg-white p-5 shadow-card sm:p-7"
    >
      <div className="flex flex-col items-center gap-3">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-7 w-40 rounded-full" />
      </div>
      <Skeleton className="h-44 w-full rounded-xl" />
      <Skeleton className="h-16 w-full rounded-lg" />
      <Skeleton className="h-12 w-full rounded-lg" />
    </section>
  );
}
