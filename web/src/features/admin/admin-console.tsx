/**
 * The operator console's frame (issue 27) at /admin: its own navigation (a sidebar on wide screens, a
 * scrolling strip of sections under the top bar on compact ones) and its pages, each its own chunk, loaded
 * when its path matches. Only admins get here (app/admin-gate.tsx); an unknown console path is the 404 page.
 */
import { LogOut } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { COMPACT_LAYOUT_QUERY, cx, Logo, PageHeader, Skeleton, useMediaQuery } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { ADMIN_NAV, ADMIN_TEXT, type AdminNavItem } from './admin-text.ts';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const OverviewPage = page(() => import('./overview-page.tsx'), 'OverviewPage');
const UsersPage = page(() => import('./users-page.tsx'), 'UsersPage');
const UserDetailPage = page(() => import('./user-detail-page.tsx'), 'UserDetailPage');
const WithdrawalsPage = page(() => import('./withdrawals-page.tsx'), 'WithdrawalsPage');
const BanksPage = page(() => import('./banks-page.tsx'), 'BanksPage');
const WebhooksPage = page(() => import('./webhooks-page.tsx'), 'WebhooksPage');
const NotificationsPage = page(() => import('./notifications-page.tsx'), 'NotificationsPage');
const AuditPage = page(() => import('./audit-page.tsx'), 'AuditPage');

/** The section a path belongs to: the longest console path it starts with. */
export function activeSection(pathname: string): AdminNavItem {
  const path = pathname.replace(/\/+$/, '') || '/';
  const matching = ADMIN_NAV.filter((item) => path === item.to || path.startsWith(`${item.to}/`));
  return matching.sort((a, b) => b.to.length - a.to.length)[0] ?? (ADMIN_NAV[0] as AdminNavItem);
}

function NavLinks({ compact }: { compact: boolean }) {
  const { pathname } = useLocation();
  const active = activeSection(pathname);
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the sections are a strip wider than the screen: the current one is scrolled into sight.
  const activeTo = active.to;
  useEffect(() => {
    if (!compact) return;
    const current = strip.current?.querySelector<HTMLElement>(`a[href="${activeTo}"]`);
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [compact, activeTo]);
  return (
    <ul
      ref={strip}
      className={compact ? 'flex gap-1 overflow-x-auto px-4 pb-2 sm:px-6' : 'flex flex-col gap-0.5'}
    >
      {ADMIN_NAV.map((item) => {
        const current = item.to === active.to;
        const Icon = item.icon;
        return (
          <li key={item.to} className="shrink-0">
            <Link
              to={item.to}
              aria-current={current ? 'page' : undefined}
              className={cx(
                'flex items-center gap-2.5 rounded-lg font-medium whitespace-nowrap transition-colors',
                compact ? 'h-9 px-3 text-small' : 'h-10 px-3 text-[0.875rem]',
                current
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
              )}
            >
              <Icon size={compact ? 16 : 18} className={current ? 'text-brand-600' : 'text-gray-400'} />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function LogoutLink({ compact }: { compact: boolean }) {
  return (
    <Link
      to="/logout"
      aria-label={compact ? ADMIN_TEXT.logout : undefined}
      className="flex h-10 items-center gap-3 rounded-lg px-3 text-[0.875rem] font-medium text-gray-600 transition-colors hover:bg-danger-50 hover:text-danger-700"
    >
      <LogOut size={18} className="text-gray-400" />
      {compact ? null : ADMIN_TEXT.logout}
    </Link>
  );
}

function PageFallback() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <PageHeader title={<Skeleton className="h-8 w-48" />} />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The console: navigation, top bar and the matched page; `notFound` answers an unknown console path. */
export function AdminConsole({ notFound: NotFound }: { notFound: ComponentType }) {
  const compact = useMediaQuery(COMPACT_LAYOUT_QUERY);
  const user = useAuthUser();
  const { pathname } = useLocation();
  const section = activeSection(pathname);
  return (
    <div className="min-h-dvh" data-testid="admin-console">
      {compact ? null : (
        <aside className="fixed inset-y-0 left-0 z-30 flex w-sidebar flex-col border-r border-gray-200 bg-white">
          <div className="flex h-topbar shrink-0 items-center px-6">
            <Link to="/admin" aria-label={ADMIN_TEXT.console}>
              <Logo />
            </Link>
          </div>
          <nav aria-label={ADMIN_TEXT.menu} className="flex-1 overflow-y-auto px-4 pt-4">
            <p className="mb-2 px-3 text-caption font-medium tracking-wide text-gray-500 uppercase">
              {ADMIN_TEXT.console}
            </p>
            <NavLinks compact={false} />
          </nav>
          <div className="border-t border-gray-100 p-4">
            <p className="mb-2 truncate px-3 text-caption text-gray-500">{user.email}</p>
            <LogoutLink compact={false} />
          </div>
        </aside>
      )}
      <div className={cx('flex min-h-dvh flex-col', compact ? undefined : 'pl-sidebar')}>
        <header className="sticky top-0 z-20 border-b border-gray-200/80 bg-canvas/90 backdrop-blur">
          <div className="mx-auto flex h-topbar w-full max-w-[1280px] items-center gap-4 px-4 sm:px-6 lg:px-10">
            {compact ? (
              <Link to="/admin" aria-label={ADMIN_TEXT.console}>
                <Logo />
              </Link>
            ) : (
              <p className="text-small font-medium text-gray-500">
                {ADMIN_TEXT.console} <span className="px-1.5 text-gray-300">/</span>
                <span className="text-gray-900">{section.label}</span>
              </p>
            )}
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <span className="hidden max-w-64 truncate text-small font-medium text-gray-800 sm:block">
                {user.email}
              </span>
              {compact ? <LogoutLink compact /> : null}
            </div>
          </div>
          {compact ? (
            <nav aria-label={ADMIN_TEXT.menu} data-testid="admin-nav-strip">
              <NavLinks compact />
            </nav>
          ) : null}
        </header>
        <main className="mx-auto w-full max-w-[1280px] flex-1 px-4 pt-6 pb-12 sm:px-6 sm:pt-8 lg:px-10">
          <Suspense fallback={<PageFallback />}>
            <Routes>
              <Route index element={<OverviewPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="users/:id" element={<UserDetailPage />} />
              <Route path="withdrawals" element={<WithdrawalsPage />} />
              <Route path="banks" element={<BanksPage />} />
              <Route path="webhooks" element={<WebhooksPage />} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route path="audit" element={<AuditPage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
