import { HOME_SHELL_ELEMENT_ID } from '@app/shared/constants';
import { Route, Routes } from 'react-router';
import type { AuthUser } from '../features/auth/api.ts';
import { AuthUserContext } from '../features/auth/auth-user-context.tsx';
import { DashboardFirstPaint } from '../features/dashboard/dashboard-first-paint.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';

/** The layout for one side of the 1140 px line (spec §2), with the dashboard's top in its content column. */
function Frame({ compact }: { compact: boolean }) {
  return (
    <Routes>
      <Route element={<AppShell compact={compact} />}>
        <Route index element={<DashboardFirstPaint />} />
      </Route>
    </Routes>
  );
}

/**
 * The signed-in home page as it first paints: rendered on the server from the app's own components
 * (home-shell-server.tsx) and written into the HTML before #root, so the screen is laid out and its largest
 * picture shown before any script has loaded. The layout's choice between sidebar and bottom menu is made in
 * JavaScript in the app; here both are drawn and a media query shows one. The app renders behind it (theme.css
 * hides #root while it stands) and removes it in the commit that shows the page (boot-shell.ts): the same
 * components in the same boxes, so nothing moves. Inert and hidden from assistive technology: it stands for
 * the page for a moment.
 */
export function HomeShell({ user }: { user: AuthUser }) {
  return (
    // One pixel taller than the screen, like the dashboard it stands for: where scroll bars take room, both
    // have one, so the banner keeps its width when the app takes over.
    <div id={HOME_SHELL_ELEMENT_ID} className="min-h-[calc(100dvh+1px)]" aria-hidden="true" inert>
      <AuthUserContext value={user}>
        <div className="min-[1141px]:hidden">
          <Frame compact />
        </div>
        <div className="hidden min-[1141px]:block">
          <Frame compact={false} />
        </div>
      </AuthUserContext>
    </div>
  );
}
