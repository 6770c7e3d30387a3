import { SUPPORT_CONTACTS } from '@app/shared/web-texts';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button, buttonClasses, cx, Logo } from '../../ui/index.ts';
import { LogoLink } from '../../ui/logo-link.tsx';
import { SUPPORT_EMAIL } from './contacts.ts';

const LINKS = [
  { to: '/about', label: 'О нас' },
  { to: '/services', label: 'Услуги' },
  { to: '/contact', label: 'Контакты' },
];

/** State that asks /welcome to open the auth modal (used by the header button on the other pages). */
export interface WelcomeState {
  openAuth?: 'login' | 'register';
}

function HeaderAction({ onSignIn }: { onSignIn?: () => void }) {
  if (onSignIn) {
    return (
      <Button variant="secondary" onClick={onSignIn}>
        Войти
      </Button>
    );
  }
  return (
    <Link
      to="/welcome"
      state={{ openAuth: 'login' } satisfies WelcomeState}
      className={buttonClasses({ variant: 'secondary' })}
    >
      Войти
    </Link>
  );
}

/** Header of the public pages: logo, About / Services / Contact and a sign-in button. */
export function PublicHeader({ onSignIn }: { onSignIn?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200/70 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-5 sm:px-8">
        <LogoLink to="/welcome" label="Processing — главная" />
        <nav aria-label="Разделы сайта" className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cx(
                  'rounded-md px-3 py-2 text-[0.875rem] font-medium transition-colors',
                  isActive ? 'text-gray-900' : 'text-gray-500 hover:text-gray-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <HeaderAction onSignIn={onSignIn} />
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 md:hidden"
            aria-label={open ? 'Закрыть меню' : 'Открыть меню'}
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X size={20} /> : <Menu size={20} />}
          </button>
        </div>
      </div>
      {open ? (
        <nav aria-label="Разделы сайта" className="border-t border-gray-100 bg-white px-5 py-3 md:hidden">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              onClick={() => setOpen(false)}
              className="block rounded-md px-2 py-2.5 text-body font-medium text-gray-700 hover:bg-gray-50"
            >
              {link.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </header>
  );
}

/** A footer link: a 44 px tall row to tap below lg, plain text in the desktop's tighter list. */
const FOOTER_LINK = 'inline-flex min-h-11 items-center hover:text-gray-900 lg:min-h-0';

/** Footer of the public pages. */
export function PublicFooter() {
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-10 sm:px-8 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-small text-gray-500">
            Приём платежей по картам и СБП с расчётами в USDT для мерчантов и трейдеров.
          </p>
        </div>
        <div className="grid w-fit grid-cols-[auto_1fr] gap-x-16 gap-y-8 text-small sm:grid-cols-[auto_auto]">
          <div>
            <p className="mb-3 font-semibold text-gray-900">Компания</p>
            <ul className="flex flex-col text-gray-600 lg:gap-2">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={FOOTER_LINK}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="mb-3 font-semibold text-gray-900">Поддержка</p>
            <ul className="flex flex-col text-gray-600 lg:gap-2">
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`} className={cx(FOOTER_LINK, 'break-all')}>
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li>{SUPPORT_CONTACTS.hours}</li>
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-gray-100">
        <p className="mx-auto max-w-6xl px-5 py-5 text-caption text-gray-500 sm:px-8">
          © {new Date().getFullYear()} Processing. Все права защищены.
        </p>
      </div>
    </footer>
  );
}

/** Page frame of the public pages: header, content, footer. */
export function PublicLayout({ children, onSignIn }: { children: ReactNode; onSignIn?: () => void }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <PublicHeader onSignIn={onSignIn} />
      <main className="flex-1">{children}</main>
      <PublicFooter />
    </div>
  );
}

/** Title block of a small public page. */
export function PublicPageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="border-b border-gray-100 bg-gradient-to-b from-brand-50/60 to-white">
      <div className="mx-auto max-w-6xl px-5 pt-16 pb-12 sm:px-8 sm:pt-20">
        <p className="text-small font-semibold text-brand-700">{eyebrow}</p>
        <h1 className="mt-2 max-w-2xl text-[2.25rem] leading-tight font-bold tracking-tight text-gray-900 sm:text-[2.75rem]">
          {title}
        </h1>
        <div className="mt-4 max-w-2xl text-[1.0625rem] leading-relaxed text-gray-600">{children}</div>
      </div>
    </section>
  );
}

/** The brand-tinted square that holds a public page's icon. */
export function PublicIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cx(
        'flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A tile of a public page: icon, title and a short text (the values on /about, the features on /welcome). */
export function PublicTile({
  icon,
  title,
  text,
  heading: Heading,
  className,
  iconClassName,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  heading: 'h2' | 'h3';
  className: string;
  iconClassName?: string;
}) {
  return (
    <div className={className}>
      <PublicIcon className={iconClassName}>{icon}</PublicIcon>
      <Heading className="mt-5 text-h3 text-gray-900">{title}</Heading>
      <p className="mt-2 text-small leading-relaxed text-gray-500">{text}</p>
    </div>
  );
}
