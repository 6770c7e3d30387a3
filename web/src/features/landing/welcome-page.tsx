import { filterReferralCode } from '@app/shared/input-filters';
import { REFERRAL_LINK_PARAM } from '@app/shared/referrals/messages';
import { GET_STARTED_TEXT, LANDING_HEADLINE, SESSION_EXPIRED_TEXT } from '@app/shared/web-texts';
import {
  ArrowRight,
  BadgeCheck,
  CircleCheck,
  Coins,
  CreditCard,
  KeyRound,
  Scale,
  ShieldCheck,
  Smartphone,
  X,
  Zap,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearSessionEndedNotice, hasSessionEndedNotice } from '../../api/session.ts';
import { Alert, Button, buttonClasses, OverlayLoader } from '../../ui/index.ts';
import type { AuthMode } from '../auth/auth-modal.tsx';
import { PublicLayout, PublicTile, type WelcomeState } from './public-layout.tsx';

// The auth modal (forms, validation, dialog) is loaded on the first GET STARTED, not with the landing.
const AuthModal = lazy(() =>
  import('../auth/auth-modal.tsx').then((module) => ({ default: module.AuthModal })),
);

const FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <CreditCard size={20} />,
    title: 'Карты и СБП',
    text: 'Клиенты платят привычным способом: переводом на карту или через Систему быстрых платежей.',
  },
  {
    icon: <Coins size={20} />,
    title: 'Расчёты в USDT',
    text: 'Балансы хранятся в USDT в сети TRC20, пополнение и вывод — под вашим контролем.',
  },
  {
    icon: <Smartphone size={20} />,
    title: 'Автоматическое подтверждение',
    text: 'Терминалы читают уведомления банка и подтверждают совпадающие платежи без ручной проверки.',
  },
  {
    icon: <Scale size={20} />,
    title: 'Честные споры',
    text: 'Доказательства обеих сторон и поддержка, которая решает каждый спор по существу.',
  },
];

const STEPS: Array<{ title: string; text: string }> = [
  { title: 'Создайте аккаунт', text: 'Зарегистрируйтесь по email и коду приглашения от партнёра.' },
  {
    title: 'Подключите реквизиты',
    text: 'Добавьте платёжные реквизиты и привяжите их к терминалу за несколько минут.',
  },
  {
    title: 'Принимайте платежи',
    text: 'Платежи распределяются, подтверждаются и зачисляются — всё видно в реальном времени.',
  },
];

/** Illustrative product card in the hero: what a confirmed payment looks like. */
function HeroVisual() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:mx-0" aria-hidden>
      <div className="absolute -inset-6 -z-10 hidden rounded-[2rem] bg-gradient-to-br from-brand-200/60 via-brand-100/40 to-transparent blur-2xl sm:block" />
      <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-raised sm:p-6">
        <div className="flex items-center justify-between">
          <p className="text-small font-medium text-gray-500">Доступный баланс</p>
          <span className="inline-flex items-center gap-1 rounded-full bg-success-50 px-2 py-0.5 text-caption font-medium text-success-700">
            <span className="size-1.5 rounded-full bg-success-500" /> Онлайн
          </span>
        </div>
        <p className="mt-2 text-[2rem] leading-none font-semibold tracking-tight text-gray-900 tabular-nums">
          4,812.50 <span className="text-h3 font-medium text-gray-500">USDT</span>
        </p>
        <div className="mt-5 grid grid-cols-3 gap-2 text-caption">
          {[
            ['Всего', '5,240.00'],
            ['Заморожено', '427.50'],
            ['Прибыль', '318.20'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-gray-50 px-3 py-2.5">
              <p className="text-gray-500">{label}</p>
              <p className="mt-0.5 text-small font-semibold text-gray-900 tabular-nums">{value}</p>
            </div>
          ))}
        </div>
        <ul className="mt-5 divide-y divide-gray-100 border-t border-gray-100">
          {[
            ['СБП · Т-Банк', '12 500 ₽', 'завершён'],
            ['Карта · Сбербанк', '3 200 ₽', 'завершён'],
            ['СБП · Альфа-Банк', '7 850 ₽', 'проверка'],
          ].map(([method, amount, status]) => (
            <li key={method} className="flex items-center gap-3 py-3">
              <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Zap size={15} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-small font-medium text-gray-900">{method}</span>
                <span className="block text-caption text-gray-500">{status}</span>
              </span>
              <span className="text-small font-semibold text-gray-900 tabular-nums">{amount}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute -bottom-5 -left-4 hidden items-center gap-2.5 rounded-xl border border-gray-200 bg-white px-3.5 py-2.5 shadow-raised sm:flex">
        <span className="flex size-7 items-center justify-center rounded-full bg-success-100 text-success-700">
          <CircleCheck size={16} />
        </span>
        <span className="text-small font-medium text-gray-800">Платёж подтверждён за 14 с</span>
      </div>
    </div>
  );
}

/**
 * The one place that says a session ended (the API client's 401 logout): shown on arrival until the user
 * closes it, signs in or leaves /welcome (the root layout ends it then; a second arrival in between, from an
 * overlapping 401, still shows it).
 */
function SessionEndedNotice() {
  const [shown, setShown] = useState(hasSessionEndedNotice);
  const close = () => {
    clearSessionEndedNotice();
    setShown(false);
  };
  if (!shown) return null;
  return (
    <div className="mx-auto max-w-6xl px-5 pt-6 sm:px-8">
      <Alert
        tone="warning"
        role="alert"
        data-testid="session-ended"
        action={
          <button
            type="button"
            aria-label="Закрыть уведомление"
            onClick={close}
            className="-my-3 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-warning-100"
          >
            <X size={16} />
          </button>
        }
      >
        {SESSION_EXPIRED_TEXT}
      </Alert>
    </div>
  );
}

/**
 * The link mailed with an account an operator created (issue 27): /welcome?password_reset=EMAIL&code=CODE. Only a
 * six-digit code and an address-shaped email count; anything else opens nothing.
 */
export function passwordSetupLink(params: URLSearchParams): { email: string; code: string } | null {
  const email = (params.get('password_reset') ?? '').trim();
  const code = (params.get('code') ?? '').trim();
  if (!/^\d{6}$/.test(code) || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return null;
  return { email, code };
}

/**
 * /welcome: the public landing with the GET STARTED button that opens the auth modal. A lead's sign-up link
 * (/welcome?ref=CODE, issue 14) opens it in register mode with the referral code filled in.
 */
export function WelcomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const linkCode = filterReferralCode(searchParams.get(REFERRAL_LINK_PARAM) ?? '');
  const passwordSetup = passwordSetupLink(searchParams);
  const [auth, setAuth] = useState<{ open: boolean; mode: AuthMode; key: number }>({
    open: false,
    mode: 'login',
    key: 0,
  });

  const openAuth = (mode: AuthMode) => setAuth((current) => ({ open: true, mode, key: current.key + 1 }));

  useEffect(() => {
    if (!linkCode) return;
    setAuth((current) => ({ open: true, mode: 'register', key: current.key + 1 }));
  }, [linkCode]);

  // Opens once per link (the parsed object is new on every render; its text is not).
  const setupLink = passwordSetup ? `${passwordSetup.email} ${passwordSetup.code}` : '';
  useEffect(() => {
    if (!setupLink) return;
    setAuth((current) => ({ open: true, mode: 'forgot', key: current.key + 1 }));
  }, [setupLink]);

  // Other public pages link here with state asking for the modal; consume it so Back does not reopen it.
  const requested = (location.state as WelcomeState | null)?.openAuth;
  useEffect(() => {
    if (!requested) return;
    setAuth((current) => ({ open: true, mode: requested, key: current.key + 1 }));
    navigate(location.pathname, { replace: true, state: null });
  }, [requested, navigate, location.pathname]);

  return (
    <PublicLayout onSignIn={() => openAuth('login')}>
      <SessionEndedNotice />
      <section className="relative overflow-hidden">
        <div
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60rem_30rem_at_70%_-10%,var(--color-brand-100),transparent_70%)]"
          aria-hidden
        />
        <div className="mx-auto grid max-w-6xl items-center gap-14 px-5 pt-14 pb-20 sm:px-8 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-small font-medium text-brand-700">
              <ShieldCheck size={15} /> Платёжный процессинг с расчётами в USDT
            </p>
            <h1 className="mt-6 max-w-xl text-[2.5rem] leading-[1.05] font-bold tracking-[-0.035em] text-gray-950 sm:text-display">
              {LANDING_HEADLINE}
            </h1>
            <p className="mt-5 max-w-lg text-[1.0625rem] leading-relaxed text-gray-600 sm:text-[1.125rem]">
              Принимайте оплату по картам и СБП и получайте расчёт в USDT. Каждый платёж уходит проверенному
              трейдеру, подтверждается автоматически и учитывается до цента — вы всегда знаете, где ваши
              деньги.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button size="lg" onClick={() => openAuth('login')} rightIcon={<ArrowRight size={18} />}>
                {GET_STARTED_TEXT}
              </Button>
              <Button size="lg" variant="secondary" onClick={() => openAuth('register')}>
                Создать аккаунт
              </Button>
            </div>
            <ul className="mt-8 flex flex-col gap-2.5 text-small text-gray-600 sm:flex-row sm:flex-wrap sm:gap-x-6">
              <li className="flex items-center gap-2">
                <KeyRound size={16} className="text-brand-600" /> Одноразовый код при каждом входе
              </li>
              <li className="flex items-center gap-2">
                <BadgeCheck size={16} className="text-brand-600" /> Двойная запись операций
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck size={16} className="text-brand-600" /> Поддержка круглосуточно
              </li>
            </ul>
          </div>
          <HeroVisual />
        </div>
      </section>

      <section className="border-t border-gray-100 bg-gray-25 py-20">
        <div className="mx-auto max-w-6xl px-5 sm:px-8">
          <div className="max-w-2xl">
            <p className="text-small font-semibold text-brand-700">Почему Processing</p>
            <h2 className="mt-2 text-[1.75rem] leading-tight font-bold tracking-tight text-gray-900 sm:text-[2rem]">
              Всё, чтобы принимать платежи и держать их под контролем
            </h2>
          </div>
          <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <PublicTile
                key={feature.title}
                {...feature}
                heading="h3"
                className="rounded-xl border border-gray-200 bg-white p-6 shadow-card"
                iconClassName="ring-1 ring-brand-100"
              />
            ))}
          </div>
        </div>
      </section>

      <section className="py-20">
        <div className="mx-auto max-w-6xl px-5 sm:px-8">
          <div className="grid gap-12 lg:grid-cols-[1fr_1.4fr] lg:gap-20">
            <div>
              <p className="text-small font-semibold text-brand-700">Как это работает</p>
              <h2 className="mt-2 text-[1.75rem] leading-tight font-bold tracking-tight text-gray-900 sm:text-[2rem]">
                Начните принимать платежи за три шага
              </h2>
              <Link to="/services" className={`${buttonClasses({ variant: 'secondary' })} mt-8`}>
                Все услуги <ArrowRight size={16} />
              </Link>
            </div>
            <ol className="flex flex-col gap-4">
              {STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-5 rounded-xl border border-gray-200 p-5 sm:p-6">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gray-900 text-small font-semibold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="text-h3 text-gray-900">{step.title}</h3>
                    <p className="mt-1 text-small leading-relaxed text-gray-500">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section className="px-5 pb-20 sm:px-8">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 rounded-2xl bg-gray-950 px-6 py-10 sm:px-12 sm:py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-[1.5rem] leading-tight font-bold tracking-tight text-white sm:text-[1.75rem]">
              Готовы принять первый платёж?
            </h2>
            <p className="mt-2 text-body text-gray-400">Войдите или создайте аккаунт по коду приглашения.</p>
          </div>
          <Button size="lg" onClick={() => openAuth('login')} rightIcon={<ArrowRight size={18} />}>
            {GET_STARTED_TEXT}
          </Button>
        </div>
      </section>

      {auth.key > 0 ? (
        <Suspense fallback={<OverlayLoader />}>
          <AuthModal
            key={auth.key}
            open={auth.open}
            onOpenChange={(open) => setAuth((current) => ({ ...current, open }))}
            initialMode={auth.mode}
            referralCode={linkCode || undefined}
            passwordSetup={passwordSetup ?? undefined}
          />
        </Suspense>
      ) : null}
    </PublicLayout>
  );
}
