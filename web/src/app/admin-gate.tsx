import { lazy, Suspense } from 'react';
import { useCheckAuth } from '../features/auth/api.ts';
import { AuthUserContext } from '../features/auth/auth-user-context.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { FullPageLoader } from '../ui/index.ts';

// The console is its own chunk, asked for only once the session says admin: no other role loads any of it.
const AdminConsole = lazy(() =>
  import('../features/admin/admin-console.tsx').then((m) => ({ default: m.AdminConsole })),
);

/**
 * /admin/* (issue 27): the session check, then the operator console for an admin and the 404 page for
 * everyone else, anonymous visitors included. The console API is never called for them (its 403 would log
 * them out, spec §8), and nothing of the console loads.
 */
export function AdminGate() {
  const check = useCheckAuth();
  if (check.isPending) return <FullPageLoader label="Проверяем сессию…" />;
  const user = check.data?.user;
  if (user?.role !== 'admin') return <NotFoundPage />;
  return (
    <AuthUserContext value={user}>
      <Suspense fallback={<FullPageLoader />}>
        <AdminConsole notFound={NotFoundPage} />
      </Suspense>
    </AuthUserContext>
  );
}
