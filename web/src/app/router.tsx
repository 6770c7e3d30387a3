import { createBrowserRouter, type RouteObject } from 'react-router';
import { setNavigator } from '../api/navigation.ts';
import { LogoutPage } from '../features/auth/logout-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { DealsPage } from '../features/deals/deals-page.tsx';
import { DisputesPage } from '../features/disputes/disputes-page.tsx';
import { HelpPage } from '../features/help/help-page.tsx';
import { AboutPage } from '../features/landing/about-page.tsx';
import { ContactPage } from '../features/landing/contact-page.tsx';
import { ServicesPage } from '../features/landing/services-page.tsx';
import { WelcomePage } from '../features/landing/welcome-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { PaymentsPage } from '../features/payments/payments-page.tsx';
import { ReferralsPage } from '../features/referrals/referrals-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';
import { TerminalsPage } from '../features/terminals/terminals-page.tsx';
import { AuthGuard } from './auth-guard.tsx';
import { LeadGuard } from './lead-guard.tsx';
import { RootLayout } from './root-layout.tsx';

/** Public routes: no session needed. */
const publicRoutes: RouteObject[] = [
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/services', element: <ServicesPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/logout', element: <LogoutPage /> },
];

/** Signed-in routes (spec §2), rendered inside the auth guard and the shell. One line per route. */
const guardedRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'profile', element: <DashboardPage /> },
  { path: 'payments', element: <PaymentsPage /> },
  { path: 'terminals', element: <TerminalsPage /> },
  { path: 'dispute', element: <DisputesPage /> },
  { path: 'deal', element: <DealsPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'help', element: <HelpPage /> },
  {
    path: 'referrals',
    element: (
      <LeadGuard>
        <ReferralsPage />
      </LeadGuard>
    ),
  },
];

/** The whole route table; exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      {
        path: '/',
        element: (
          <AuthGuard>
            <AppShell />
          </AuthGuard>
        ),
        children: guardedRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Creates the browser router and lets code outside React (the API client) navigate through it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => {
    void router.navigate(path, { replace: true });
  });
  return router;
}
