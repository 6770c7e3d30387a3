import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setNavigator } from '../api/navigation.ts';
import { WelcomePage } from '../features/landing/welcome-page.tsx';
import { FullPageLoader } from '../ui/spinner.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteLoadError } from './route-load-error.tsx';

/**
 * Every page but the landing is its own chunk, loaded when its route matches (react-router `lazy`): the
 * first page carries no signed-in code, and a signed-in screen loads on navigation. The router resolves the matched routes'
 * chunks in parallel before it renders them; the first load shows the root's loading state meanwhile.
 */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/**
 * The home of / and /profile (issue 25): the role's own (layout chunk, loaded with every signed-in route)
 * around the trader's dashboard, whose chunk the server preloads for the first paint.
 */
function roleHome() {
  return async () => {
    const [layout, dashboard] = await Promise.all([
      import('./signed-in-layout.tsx'),
      import('../features/dashboard/dashboard-page.tsx'),
    ]);
    const { RoleHome } = layout;
    return { Component: () => <RoleHome traderHome={dashboard.DashboardPage} /> };
  };
}

/** A page only some roles can use (nav-items.ts `roles`): others are sent to / before it renders or calls. */
function rolePage(path: string, load: () => Promise<ComponentType>) {
  return async () => {
    const [{ RoleGuard }, Page] = await Promise.all([import('./signed-in-layout.tsx'), load()]);
    return {
      Component: () => (
        <RoleGuard path={path}>
          <Page />
        </RoleGuard>
      ),
    };
  };
}

/** Public routes: no session needed. */
const publicRoutes: RouteObject[] = [
  // The landing is the first page most visitors see: it ships in the entry chunk, no second round trip.
  { path: '/welcome', Component: WelcomePage },
  { path: '/about', lazy: page(() => import('../features/landing/about-page.tsx').then((m) => m.AboutPage)) },
  {
    path: '/services',
    lazy: page(() => import('../features/landing/services-page.tsx').then((m) => m.ServicesPage)),
  },
  {
    path: '/contact',
    lazy: page(() => import('../features/landing/contact-page.tsx').then((m) => m.ContactPage)),
  },
  // The payer page of an order (issue 10): strangers on phones, no session, no lead check (lead-check.ts).
  { path: '/c2c/:id', lazy: page(() => import('../features/payer/payer-page.tsx').then((m) => m.PayerPage)) },
  { path: '/logout', lazy: page(() => import('../features/auth/logout-page.tsx').then((m) => m.LogoutPage)) },
];

/**
 * A loader that starts the signed-in requests (see signed-in-prefetch.ts) beside the route chunks and
 * returns at once: the pages read the answers from the query cache. The prefetch code is its own small
 * chunk, so public pages neither load it nor call a signed-in API.
 */
function prefetchLoader(getClient: () => QueryClient, withDashboard: boolean) {
  return () => {
    void import('./signed-in-prefetch.ts').then((m) => m.prefetchSignedIn(getClient(), withDashboard));
    return null;
  };
}

/** Signed-in routes (spec §2), rendered inside the auth guard and the shell. One line per route. */
const guardedRoutes = (getClient: () => QueryClient): RouteObject[] => [
  {
    index: true,
    loader: prefetchLoader(getClient, true),
    lazy: roleHome(),
  },
  { path: 'profile', lazy: roleHome() },
  {
    path: 'payments',
    lazy: rolePage('/payments', () =>
      import('../features/payments/payments-page.tsx').then((m) => m.PaymentsPage),
    ),
  },
  {
    path: 'terminals',
    lazy: rolePage('/terminals', () =>
      import('../features/terminals/terminals-page.tsx').then((m) => m.TerminalsPage),
    ),
  },
  {
    path: 'dispute',
    lazy: rolePage('/dispute', () =>
      import('../features/disputes/disputes-page.tsx').then((m) => m.DisputesPage),
    ),
  },
  {
    path: 'deal',
    lazy: rolePage('/deal', () => import('../features/deals/deals-page.tsx').then((m) => m.DealsPage)),
  },
  {
    path: 'settings',
    lazy: page(() => import('../features/settings/settings-page.tsx').then((m) => m.SettingsPage)),
  },
  { path: 'help', lazy: page(() => import('../features/help/help-page.tsx').then((m) => m.HelpPage)) },
  {
    path: 'referrals',
    lazy: page(() => import('./lead-only-referrals.tsx').then((m) => m.LeadOnlyReferrals)),
  },
];

/**
 * The whole route table; exported so tests can mount it in a memory router. The loaders put their answers
 * into the query client the app renders with (a getter, so tests can give every render a fresh one).
 */
export const createRoutes = (getClient: () => QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    HydrateFallback: () => <FullPageLoader />,
    errorElement: <RouteLoadError />,
    children: [
      ...publicRoutes,
      {
        path: '/',
        loader: prefetchLoader(getClient, false),
        lazy: page(() => import('./signed-in-layout.tsx').then((m) => m.SignedInLayout)),
        children: guardedRoutes(getClient),
      },
      // The operator console (issue 27): its own frame and navigation, for admins only (admin-gate.tsx).
      { path: '/admin/*', lazy: page(() => import('./admin-gate.tsx').then((m) => m.AdminGate)) },
      {
        path: '*',
        lazy: page(() => import('../features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage)),
      },
    ],
  },
];

/** Creates the browser router and lets code outside React (the API client) navigate through it. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(() => queryClient));
  setNavigator((path) => {
    void router.navigate(path, { replace: true });
  });
  return router;
}
