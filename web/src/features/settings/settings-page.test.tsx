import { API } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { currentPath, loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/toast.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import { settingsApi, signedInMerchant } from './test-fixtures.ts';

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

const menu = () => screen.findByRole('navigation', { name: T.menuLabel });

describe('Settings: sections and menu', () => {
  it('redirects /settings without a hash to #profile and shows the Profile section', async () => {
    mockApi(settingsApi(false));
    const { router } = renderAt('/settings');
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
    expect(currentPath(router)).toBe('/settings');
    expect(await screen.findByRole('heading', { name: T.profileTitle })).toBeInTheDocument();
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: T.profile })).toHaveAttribute('aria-current', 'page');
  });

  it('groups Profile under Account and Connection, Notification under Telegram', async () => {
    mockApi(settingsApi(false));
    renderAt('/settings#profile');
    const nav = await menu();
    const account = within(nav).getByRole('button', { name: T.groupAccount });
    const telegram = within(nav).getByRole('button', { name: T.groupTelegram });
    const accountList = document.getElementById(account.getAttribute('aria-controls')!)!;
    const telegramList = document.getElementById(telegram.getAttribute('aria-controls')!)!;
    expect(
      within(accountList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([T.profile]);
    expect(
      within(telegramList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([T.connection, T.notification]);
  });

  it('opens each section from the menu, and an unknown hash goes to #profile', async () => {
    const user = userEvent.setup();
    mockApi(settingsApi(false));
    const { router } = renderAt('/settings#nothing');
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
    const nav = await menu();
    await user.click(within(nav).getByRole('link', { name: T.connection }));
    expect(await screen.findByRole('heading', { name: T.connectionTitle })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#connection');
    await user.click(within(nav).getByRole('link', { name: T.notification }));
    expect(await screen.findByRole('heading', { name: T.notificationTitle })).toBeInTheDocument();
  });

  it('collapses the groups at 900 px or less; a click opens one', async () => {
    const user = userEvent.setup();
    setViewportWidth(900);
    mockApi(settingsApi(false));
    renderAt('/settings#profile');
    const nav = await menu();
    const account = within(nav).getByRole('button', { name: new RegExp(T.groupAccount) });
    const telegram = within(nav).getByRole('button', { name: new RegExp(T.groupTelegram) });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(telegram).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: T.connection })).not.toBeInTheDocument();
    await user.click(telegram);
    expect(telegram).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: T.connection })).toBeVisible();
  });

  it('keeps the groups open above 900 px and collapses them when the window narrows', async () => {
    setViewportWidth(901);
    mockApi(settingsApi(false));
    renderAt('/settings#profile');
    const nav = await menu();
    const account = within(nav).getByRole('button', { name: T.groupAccount });
    expect(account).toHaveAttribute('aria-expanded', 'true');
    setViewportWidth(375);
    await waitFor(() => expect(account).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('Settings: #wallet is for leads with a whitelist', () => {
  it('a lead whose whitelist loads gets Wallets under Account and the section', async () => {
    mockApi(settingsApi(true));
    const { router } = renderAt('/settings#wallet');
    expect(await screen.findByRole('heading', { name: T.walletsTitle })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#wallet');
    const nav = await menu();
    expect(within(nav).getByRole('link', { name: T.wallets })).toHaveAttribute('aria-current', 'page');
  });

  it('a non-lead never sees it: no menu entry, no whitelist call, #wallet goes to #profile', async () => {
    const { calls } = mockApi(settingsApi(false));
    const { router } = renderAt('/settings#wallet');
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
    expect(await screen.findByRole('heading', { name: T.profileTitle })).toBeInTheDocument();
    expect(within(await menu()).queryByRole('link', { name: T.wallets })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === API.wallet.white)).toBe(false);
  });

  it('a lead whose whitelist call answers 451 gets no Wallets either', async () => {
    mockApi(settingsApi(true, { [`GET ${API.wallet.white}`]: { status: 451, body: { detail: 'no' } } }));
    const { router } = renderAt('/settings#wallet');
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
    expect(within(await menu()).queryByRole('link', { name: T.wallets })).not.toBeInTheDocument();
  });

  it('a merchant keeps the API section under Account', async () => {
    mockApi({ ...settingsApi(false), ...signedInMerchant() });
    renderAt('/settings#profile');
    const nav = await menu();
    const account = within(nav).getByRole('button', { name: T.groupAccount });
    const list = document.getElementById(account.getAttribute('aria-controls')!)!;
    expect(within(list).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/settings#api');
  });
});
