import { AppShell } from '../features/shell/app-shell.tsx';
import { AuthGuard } from './auth-guard.tsx';

// The role home and the role guard travel in this chunk: every signed-in route loads it anyway (router.tsx).
export { RoleGuard, RoleHome } from './role-home.tsx';

/** The layout of every signed-in route: the session check, then the shell. Its own chunk (see router.tsx). */
export function SignedInLayout() {
  return (
    <AuthGuard>
      <AppShell />
    </AuthGuard>
  );
}
