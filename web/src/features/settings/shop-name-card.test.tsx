import { API, DISPLAY_NAME_LENGTH_MESSAGE } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/toast.tsx';
import { SHOP_NAME_TEXT } from './shop-name-card.tsx';
import { signedInMerchant } from './test-fixtures.ts';

const NAME = API.merchantSettings.displayName;

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

function open(current: string | null) {
  const api = mockApi(
    signedInMerchant({
      [`GET ${API.merchantSettings.keys}`]: { body: { results: [] } },
      [`GET ${API.merchantSettings.webhook}`]: { body: { url: null, has_secret: false } },
      [`GET ${API.merchantSettings.webhookEvents}`]: { body: { results: [], next_cursor: null } },
      [`GET ${NAME}`]: { body: { display_name: current } },
      [`PUT ${NAME}`]: (call) => ({
        body: { display_name: ((call.body as { display_name: string }).display_name || '').trim() || null },
      }),
    }),
  );
  renderAt('/settings#api');
  return api;
}

describe('Settings #api: the shop name (issue 25)', () => {
  it('saves the name trimmed and refuses one under 2 characters under the field, without a request', async () => {
    const user = userEvent.setup();
    const api = open(null);
    const input = await screen.findByRole('textbox', { name: SHOP_NAME_TEXT.label });
    await user.type(input, 'Я');
    await user.click(within(input.closest('form')!).getByRole('button', { name: SHOP_NAME_TEXT.save }));
    expect(await screen.findByText(DISPLAY_NAME_LENGTH_MESSAGE)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT' && call.path === NAME)).toBe(false);

    await user.clear(input);
    await user.type(input, '  Кофейня «Зерно» ');
    await user.click(within(input.closest('form')!).getByRole('button', { name: SHOP_NAME_TEXT.save }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT' && call.path === NAME)?.body).toEqual({
        display_name: 'Кофейня «Зерно»',
      }),
    );
    expect(await screen.findByText(SHOP_NAME_TEXT.saved)).toBeInTheDocument();
  });

  it('shows the current name', async () => {
    open('Магазин');
    expect(await screen.findByRole('textbox', { name: SHOP_NAME_TEXT.label })).toHaveValue('Магазин');
  });
});
