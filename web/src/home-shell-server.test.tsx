import { describe, expect, it } from 'vitest';
import type { AuthUser } from './features/auth/api.ts';
import { renderHomeShell } from './home-shell-server.tsx';

const USER: AuthUser = {
  id: 'u1',
  email: 'alice@example.com',
  role: 'trader',
  is_lead: false,
  username: 'alice<b>',
  avatar: null,
};

/** The rendered shell as a document, the way a browser reads it from the page. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('renderHomeShell (the server-rendered first paint of the home page)', () => {
  it("renders the app's own components for both sides of the 1140 px line, inert and hidden from assistive technology", () => {
    const html = renderHomeShell(USER) ?? '';
    const document = parse(html);
    const shell = document.body.firstElementChild;
    expect(shell?.id).toBe('boot-shell');
    expect(shell?.getAttribute('aria-hidden')).toBe('true');
    expect(shell?.hasAttribute('inert')).toBe(true);
    const [compact, wide] = [...(shell?.children ?? [])];
    expect(compact?.className).toBe('min-[1141px]:hidden');
    expect(wide?.className).toBe('hidden min-[1141px]:block');
    // Compact: the top bar's logo and the bottom menu; wide: the sidebar and the breadcrumb.
    expect(compact?.querySelector('nav[aria-label="Основное меню"]:not(aside nav)')).not.toBeNull();
    expect(compact?.querySelector('aside')).toBeNull();
    expect(wide?.querySelector('aside')).not.toBeNull();
    expect(wide?.querySelector('nav[aria-label="Основное меню"]:not(aside nav)')).toBeNull();
    expect(wide?.querySelector('header p')?.textContent).toBe('Processing /Overview');
    // No test id: the app's elements are found once by them while the shell stands beside it.
    expect(html).not.toContain('data-testid');
    // The user's own name and mail, as the app shows them (escaped by React).
    expect(html).not.toContain('alice<b>');
    expect(wide?.querySelector('aside')?.textContent).toContain('alice<b>');
    expect(wide?.querySelector('aside')?.textContent).toContain('alice@example.com');
    // The first banner, the page's largest picture, loads at once; the others wait.
    for (const frame of [compact, wide]) {
      const first = frame?.querySelector('[aria-roledescription="слайд"]:not([aria-hidden]) img');
      expect(first?.getAttribute('fetchpriority')).toBe('high');
      expect(first?.getAttribute('loading')).toBe('eager');
      expect(first?.getAttribute('width')).toBe('1080');
      const sources = [
        ...(frame?.querySelectorAll('[aria-roledescription="слайд"]:not([aria-hidden]) source') ?? []),
      ].map((source) => source.getAttribute('media'));
      expect(sources).toEqual(['(max-width: 499px)', '(max-width: 720px)', '(max-width: 1499px)']);
    }
  });

  it('paints nothing for merchants and support, whose home is not the dashboard', () => {
    expect(renderHomeShell({ ...USER, role: 'merchant' })).toBeNull();
    expect(renderHomeShell({ ...USER, role: 'support' })).toBeNull();
  });

  it("shows a lead's Referrals item and not a trader's", () => {
    const referrals = (user: AuthUser) =>
      parse(renderHomeShell(user) ?? '').querySelectorAll('aside a[href="/referrals"]').length;
    expect(referrals(USER)).toBe(0);
    expect(referrals({ ...USER, is_lead: true })).toBe(1);
    expect(referrals(USER)).toBe(0);
  });
});
