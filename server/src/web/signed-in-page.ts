import zlib from 'node:zlib';
import { SESSION_BOOT_ELEMENT_ID } from '@app/shared/constants';
import type { SpaHtml } from './home-page.ts';

/**
 * The check_user_auth answer as an inert JSON data block (`type="application/json"` is never executed, so the
 * CSP needs no change). `<` is escaped so no text in it (a username, say) can close the element.
 */
export function sessionBootScript(answer: unknown): string {
  const json = JSON.stringify(answer).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_BOOT_ELEMENT_ID}">${json}</script>`;
}

/**
 * The HTML of a page load that carries a live session: the signed-in home page (`/`) gets its first paint, rendered
 * for this user, written in and its code deferred until after it (home-page.ts), and every page gets the session
 * check's answer inline, so the auth guard renders the shell without waiting for a second round trip
 * (web/src/app/session-boot.ts reads it once).
 */
export async function signedInPageHtml(
  spa: SpaHtml,
  pathname: string,
  checkAnswer: { user: unknown },
): Promise<string> {
  // The first paint is the trader's dashboard: a merchant's or support's home (issue 25) is another page.
  const role = (checkAnswer.user as { role?: string } | null)?.role;
  const html =
    pathname === '/' && spa.home && role === 'trader' ? await spa.home(checkAnswer.user) : spa.index;
  return html.replace('</head>', `    ${sessionBootScript(checkAnswer)}\n  </head>`);
}

/** The page compressed as the client accepts: it differs per user, so it is compressed per request (~2 kB). */
export function encodePage(
  html: string,
  acceptEncoding: string,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const raw = Buffer.from(html);
  if (/\bbr\b/.test(acceptEncoding))
    return {
      body: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: zlib.gzipSync(raw, { level: 6 }), encoding: 'gzip' };
  return { body: raw, encoding: null };
}
