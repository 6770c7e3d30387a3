import type { Page } from '@playwright/test';

/** One thing a visitor would see in red in the browser's console. */
export interface ConsoleProblem {
  kind: 'console' | 'page-error' | 'request-failed' | 'http-error';
  text: string;
  url?: string;
  status?: number;
}

/**
 * Records, from now on, what turns the DevTools console red on this page: console errors (Chromium
 * also logs every 4xx/5xx response and every CSP violation there), uncaught exceptions, requests that got
 * no answer, and answers with an error status (so each one is known by its URL, not only by its text).
 */
export function watchConsole(page: Page): ConsoleProblem[] {
  const problems: ConsoleProblem[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push({ kind: 'console', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'page-error', text: error.message }));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A navigation away cancels what the old page still had in flight; the visitor sees no error for that.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push({ kind: 'request-failed', text: reason, url: request.url() });
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push({
        kind: 'http-error',
        text: response.statusText(),
        url: response.url(),
        status: response.status(),
      });
  });
  return problems;
}

/**
 * Collects Content-Security-Policy violations (the `securitypolicyviolation` event) into
 * `window.__cspViolations` on every document the page loads; read them with `cspViolations(page)`.
 */
export async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: store });
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** The CSP violations the current document has seen (see watchCsp). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  ]);
}
