import { SIDEBAR_COLLAPSE_PX } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { signedIn } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { CONTENT_COLUMN } from './content-column.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(1024);
});

describe('AppShell', () => {
  it('shows the sidebar above 1140px and the bottom menu at 1140px or less', async () => {
    setViewportWidth(1280);
    mockApi(signedIn(false));
    renderAt('/payments');
    const sidebar = await screen.findByTestId('sidebar');
    expect(screen.queryByTestId('bottom-menu')).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Help & Supports' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Log Out' })).toHaveAttribute('href', '/logout');

    act(() => setViewportWidth(SIDEBAR_COLLAPSE_PX));
    const bottom = screen.getByTestId('bottom-menu');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Payments', 'Terminals', 'Disputes', 'Transactions']);

    act(() => setViewportWidth(SIDEBAR_COLLAPSE_PX + 1));
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByTestId('bottom-menu')).not.toBeInTheDocument();
  });

  it('offers Referrals to leads only, in the sidebar and in the burger menu', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    mockApi(signedIn(false));
    const first = renderAt('/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).queryByRole('link', { name: 'Referrals' })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('burger-menu'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Help & Support', 'Log Out']);
    first.unmount();

    mockApi(signedIn(true));
    renderAt('/');
    const leadSidebar = await screen.findByTestId('sidebar');
    expect(within(leadSidebar).getByRole('link', { name: 'Referrals' })).toHaveAttribute(
      'href',
      '/referrals',
    );
    await user.click(screen.getByTestId('burger-menu'));
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Referrals' }),
    ).toBeInTheDocument();
  });

  it('closes the burger menu on an outside click and navigates from it', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    mockApi(signedIn(false));
    const { router } = renderAt('/');
    await screen.findByTestId('sidebar');
    await user.click(screen.getByTestId('burger-menu'));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('burger-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Help & Support' }));
    await waitFor(() => expect(currentPath(router)).toBe('/help'));
  });

  it('names the user by username, with the fallback User', async () => {
    setViewportWidth(1280);
    mockApi({
      ...signedIn(false),
      'GET /account/check_user_auth/': {
        body: { user: { id: 'u1', email: 'a@b.cc', role: 'trader', is_lead: false, username: null } },
      },
    });
    renderAt('/profile/');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByText('User')).toBeInTheDocument();
    expect(within(sidebar).getByText('a@b.cc')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('top bar on wide screens', () => {
  it('puts the breadcrumb in the same centred column as the page content', async () => {
    setViewportWidth(1920);
    mockApi(signedIn(false));
    renderAt('/payments');
    const inner = await screen.findByTestId('top-bar-inner');
    const main = screen.getByRole('main');
    for (const name of CONTENT_COLUMN.split(' ')) {
      expect(inner).toHaveClass(name);
      expect(main).toHaveClass(name);
    }
    expect(within(inner).getByText('Payments')).toBeInTheDocument();
  });
});
