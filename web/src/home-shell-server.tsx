import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setIsLead } from './api/lead-store.ts';
import { HomeShell } from './app/home-shell.tsx';
import type { AuthUser } from './features/auth/api.ts';

/**
 * The components' test ids, left out: end-to-end tests find the app's elements by them, and for the moment the
 * shell stands beside the app those would be found twice. (React escapes quotes in text and attribute values,
 * so the pattern only meets attributes.)
 */
const TEST_ID = / data-testid="[^"]*"/g;

/**
 * The server's entry into the web app (built by `npm run build -w web` into dist/.ssr, which is never served):
 * the signed-in home page's first paint for one user (null: none for this user), rendered from the app's components (app/home-shell.tsx)
 * on each signed-in load of `/` (server/src/web/home-page.ts). Synchronous, so the lead flag set here is the one
 * the render reads.
 */
export function renderHomeShell(user: AuthUser): string | null {
  // The dashboard is the home of traders and leads (spec §2); merchants and support get homes of their own
  // (issue 25), which this first paint does not draw: their page waits for its code, as every other page does.
  if (user.role !== 'trader') return null;
  setIsLead(user.is_lead);
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <HomeShell user={user} />
    </StaticRouter>,
  ).replace(TEST_ID, '');
}
