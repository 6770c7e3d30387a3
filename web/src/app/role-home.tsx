import type { ReactNode } from 'react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useAuthUser } from '../features/auth/auth-user-context.tsx';
import { GENERAL_NAV, roleCanUse } from '../features/shell/nav-items.ts';
import { FullPageLoader } from '../ui/index.ts';

// The other roles' homes load only for them; the trader's dashboard comes with the route (router.tsx), so a
// trader's home has no extra round trip.
const MerchantHomePage = lazy(() =>
  import('../features/merchant-home/merchant-home-page.tsx').then((m) => ({ default: m.MerchantHomePage })),
);
const SupportHomePage = lazy(() =>
  import('../features/support-home/support-home-page.tsx').then((m) => ({ default: m.SupportHomePage })),
);

/**
 * The home at / and /profile (issue 25): each role's own work. Traders and leads keep the spec's dashboard;
 * merchants get the merchant home, support the dispute queue, admins the console at /admin. Each home calls only its role's APIs.
 */
export function RoleHome({ traderHome: TraderHome }: { traderHome: ComponentType }) {
  const { role } = useAuthUser();
  if (role === 'trader') return <TraderHome />;
  // An admin's work is the operator console (issue 27): signing in lands there.
  if (role === 'admin') return <Navigate to="/admin" replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      {role === 'merchant' ? <MerchantHomePage /> : <SupportHomePage />}
    </Suspense>
  );
}

/**
 * A page of the sidebar that not every role can use (nav-items.ts `roles`): another role is sent to /, so the
 * page never renders and never calls an API meant for others. The navigation and this guard read one table.
 */
export function RoleGuard({ path, children }: { path: string; children: ReactNode }) {
  const { role } = useAuthUser();
  const item = GENERAL_NAV.find((entry) => entry.to === path);
  return !item || roleCanUse(item, role) ? children : <Navigate to="/" replace />;
}
