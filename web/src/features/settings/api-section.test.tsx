import { API, MERCHANT_TEXT, WEBHOOK_OUTCOME_TEXT } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '../../api/client.ts';
import { type Handlers, mockApi, type RecordedCall } from '../../test/fetch-mock.ts';
import { currentPath, loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { signedIn } from '../../test/session-fixtures.ts';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/toast.tsx';
import { API_SECTION_TEXT as T } from './api-texts.ts';
import { apiKey, signedInMerchant, webhookEvent } from './test-fixtures.ts';

const KEYS = `GET ${API.merchantSettings.keys}`;
const WEBHOOK = `GET ${API.merchantSettings.webhook}`;
const EVENTS = `GET ${API.merchantSettings.webhookEvents}`;

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

/** Everything the section asks for, answered well unless a test says otherwise. */
function section(extra: Handlers = {}) {
  return signedInMerchant({
    [KEYS]: { body: { results: [apiKey()] } },
    [WEBHOOK]: { body: { url: null, has_secret: false } },
    [EVENTS]: { body: { results: [], next_cursor: null } },
    ...extra,
  });
}

function openSection(handlers: Handlers) {
  const api = mockApi(handlers);
  const view = renderAt('/settings#api');
  const called = (method: string, path: string) =>
    api.calls.filter((call: RecordedCall) => call.method === method && call.path === path);
  return { ...api, ...view, called };
}

describe('Settings #api: who sees it', () => {
  it('a merchant gets the API menu entry, and it opens the section', async () => {
    const user = userEvent.setup();
    mockApi(section());
    const { router } = renderAt('/settings');
    const menu = await screen.findByRole('navigation', { name: 'Разделы настроек' });
    expect(screen.queryByRole('heading', { name: MERCHANT_TEXT.keysTitle })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'API' }));
    expect(await screen.findByRole('heading', { name: MERCHANT_TEXT.keysTitle })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#api');
    expect(currentPath(router)).toBe('/settings');
  });

  it('a trader gets neither the menu entry nor the section, even at #api', async () => {
    const { calls } = mockApi(signedIn(false));
    renderAt('/settings#api');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'API' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MERCHANT_TEXT.keysTitle })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === API.merchantSettings.keys)).toBe(false);
  });

  it('links to the API docs under the API prefix', async () => {
    openSection(section());
    const link = await screen.findByRole('link', { name: MERCHANT_TEXT.docsLink });
    expect(link).toHaveAttribute('href', `${API_PREFIX}${API.merchant.docs}`);
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('Settings #api: API keys', () => {
  it('lists keys with prefix, dates and status', async () => {
    openSection(
      section({
        [KEYS]: {
          body: {
            results: [
              apiKey(),
              apiKey({
                id: 'key-2',
                name: 'Старый',
                prefix: 'pk_live_0c1d',
                revoked_at: '2026-11-22T10:00:00Z',
              }),
            ],
          },
        },
      }),
    );
    const rows = await screen.findAllByTestId('api-key');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('pk_live_8f3a…');
    expect(rows[0]).toHaveTextContent(T.active);
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: MERCHANT_TEXT.revokeKey }),
    ).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(T.revoked);
    expect(
      within(rows[1] as HTMLElement).queryByRole('button', { name: MERCHANT_TEXT.revokeKey }),
    ).toBeNull();
  });

  it('shows keys as cards on a phone', async () => {
    setViewportWidth(375);
    openSection(section());
    const card = await screen.findByTestId('api-key');
    expect(card.tagName).toBe('LI');
  });

  it('creates a key, shows it once with a copy button, and refetches the list', async () => {
    const user = userEvent.setup();
    let created = false;
    const { called } = openSection(
      section({
        [KEYS]: () => ({
          body: { results: created ? [apiKey({ id: 'key-9', name: 'Касса' }), apiKey()] : [apiKey()] },
        }),
        [`POST ${API.merchantSettings.keys}`]: () => {
          created = true;
          return {
            status: 201,
            body: { ...apiKey({ id: 'key-9', name: 'Касса' }), key: 'pk_live_8f3a_SECRET_VALUE' },
          };
        },
      }),
    );
    await screen.findAllByTestId('api-key');
    await user.click(screen.getByRole('button', { name: MERCHANT_TEXT.createKey }));
    const dialog = await screen.findByRole('dialog', { name: MERCHANT_TEXT.createKey });
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText('Длина должна быть не меньше 1 символа')).toBeInTheDocument();
    expect(called('POST', API.merchantSettings.keys)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(new RegExp(T.keyName)), '  Касса ');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    const shown = await screen.findByRole('dialog', { name: T.keyCreated });
    expect(called('POST', API.merchantSettings.keys)[0]?.body).toEqual({ name: 'Касса' });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('pk_live_8f3a_SECRET_VALUE');
    expect(within(shown).getByText(MERCHANT_TEXT.keyShownOnce)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: T.copy }));
    expect(await navigator.clipboard.readText()).toBe('pk_live_8f3a_SECRET_VALUE');
    await waitFor(() => expect(called('GET', API.merchantSettings.keys)).toHaveLength(2));
    expect(await screen.findAllByTestId('api-key')).toHaveLength(2);

    await user.click(within(shown).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByText('pk_live_8f3a_SECRET_VALUE')).not.toBeInTheDocument());
  });

  it('revokes a key after a confirmation that names it', async () => {
    const user = userEvent.setup();
    const done = vi.spyOn(notify, 'success');
    const { called } = openSection(
      section({ [`DELETE ${API.merchantSettings.key('key-1')}`]: { status: 204 } }),
    );
    const row = await screen.findByTestId('api-key');
    await user.click(within(row).getByRole('button', { name: MERCHANT_TEXT.revokeKey }));
    const dialog = await screen.findByRole('dialog', { name: 'Отозвать ключ' });
    expect(dialog).toHaveTextContent(MERCHANT_TEXT.revokeConfirm);
    expect(dialog).toHaveTextContent('Интернет-магазин');
    expect(dialog).toHaveTextContent('pk_live_8f3a…');
    expect(called('DELETE', API.merchantSettings.key('key-1'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: MERCHANT_TEXT.revokeKey }));
    await waitFor(() => expect(called('DELETE', API.merchantSettings.key('key-1'))).toHaveLength(1));
    expect(done).toHaveBeenCalledWith(T.keyRevoked);
    await waitFor(() => expect(called('GET', API.merchantSettings.keys)).toHaveLength(2));
  });
});

describe('Settings #api: webhook', () => {
  const PUT = `PUT ${API.merchantSettings.webhook}`;
  const SECRET = `POST ${API.merchantSettings.webhookSecret}`;

  it('checks the URL, saves it, and saves an empty field as null', async () => {
    const user = userEvent.setup();
    const { called } = openSection(
      section({
        [PUT]: ({ body }) => ({ body: { url: (body as { url: string | null }).url, has_secret: true } }),
      }),
    );
    const input = await screen.findByLabelText(MERCHANT_TEXT.webhookUrl);
    await user.type(input, 'not a url');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Неверный формат значения')).toBeInTheDocument();
    expect(called('PUT', API.merchantSettings.webhook)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'https://shop.example/hooks');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(called('PUT', API.merchantSettings.webhook)).toHaveLength(1));
    expect(called('PUT', API.merchantSettings.webhook)[0]?.body).toEqual({
      url: 'https://shop.example/hooks',
    });

    await user.clear(input);
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(called('PUT', API.merchantSettings.webhook)).toHaveLength(2));
    expect(called('PUT', API.merchantSettings.webhook)[1]?.body).toEqual({ url: null });
  });

  it('shows a secret created by the first save once', async () => {
    const user = userEvent.setup();
    openSection(
      section({
        [PUT]: { body: { url: 'https://shop.example/hooks', has_secret: true, secret: 'whsec_FIRST' } },
      }),
    );
    await user.type(await screen.findByLabelText(MERCHANT_TEXT.webhookUrl), 'https://shop.example/hooks');
    await user.click(screen.getByRole('button', { name: T.save }));
    const shown = await screen.findByRole('dialog', { name: T.secretCreated });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('whsec_FIRST');
    expect(shown).toHaveTextContent(MERCHANT_TEXT.secretShownOnce);
    expect(screen.getByText(T.secretSet)).toBeInTheDocument();
  });

  it('rotates an existing secret only after a confirmation, then shows it once', async () => {
    const user = userEvent.setup();
    const { called } = openSection(
      section({
        [WEBHOOK]: { body: { url: 'https://shop.example/hooks', has_secret: true } },
        [SECRET]: { body: { secret: 'whsec_NEW' } },
      }),
    );
    expect(await screen.findByLabelText(MERCHANT_TEXT.webhookUrl)).toHaveValue('https://shop.example/hooks');
    await user.click(screen.getByRole('button', { name: MERCHANT_TEXT.rotateSecret }));
    const confirm = await screen.findByRole('dialog', { name: MERCHANT_TEXT.rotateSecret });
    expect(confirm).toHaveTextContent(T.rotateConfirm);
    expect(called('POST', API.merchantSettings.webhookSecret)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: MERCHANT_TEXT.rotateSecret }));
    const shown = await screen.findByRole('dialog', { name: T.secretCreated });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('whsec_NEW');
    expect(called('POST', API.merchantSettings.webhookSecret)).toHaveLength(1);
    await user.click(within(shown).getByRole('button', { name: T.done }));
    await waitFor(() => expect(screen.queryByText('whsec_NEW')).not.toBeInTheDocument());
  });

  it('creates the first secret without a confirmation', async () => {
    const user = userEvent.setup();
    openSection(section({ [SECRET]: { body: { secret: 'whsec_ONE' } } }));
    expect(await screen.findByText(T.secretMissing)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.createSecret }));
    const shown = await screen.findByRole('dialog', { name: T.secretCreated });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('whsec_ONE');
  });
});

describe('Settings #api: deliveries', () => {
  it('lists events, resends one and shows its new state, and loads more by cursor', async () => {
    const user = userEvent.setup();
    const first = webhookEvent();
    const older = webhookEvent({
      id: 'msg_old',
      type: 'order.pending',
      state: 'delivered',
      attempts: 1,
      last_status_code: 200,
      delivered_at: '2026-11-23T09:00:00.000Z',
      next_attempt_at: null,
    });
    let pages = 0;
    const { fetch, called } = openSection(
      section({
        [EVENTS]: () => {
          pages += 1;
          return pages === 1
            ? { body: { results: [first], next_cursor: 'c2' } }
            : { body: { results: [older], next_cursor: null } };
        },
        [`POST ${API.merchantSettings.resendEvent(first.id)}`]: {
          body: {
            ...first,
            state: 'delivered',
            attempts: 4,
            last_status_code: 200,
            delivered_at: '2026-11-23T10:20:00.000Z',
          },
        },
      }),
    );
    const row = await screen.findByTestId('webhook-event');
    expect(row).toHaveTextContent('order.complete');
    expect(row).toHaveTextContent(T.states.failed);
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent(first.order_id);

    await user.click(within(row).getByRole('button', { name: MERCHANT_TEXT.resend }));
    await waitFor(() => expect(row).toHaveTextContent(T.states.delivered));
    expect(called('POST', API.merchantSettings.resendEvent(first.id))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: T.more }));
    expect(await screen.findAllByTestId('webhook-event')).toHaveLength(2);
    const cursors = fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.merchantSettings.webhookEvents))
      .map((url) => url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.queryByRole('button', { name: T.more })).not.toBeInTheDocument();
  });

  it('shows what each last attempt came to by its class: the status with its meaning, or why there was none', async () => {
    openSection(
      section({
        [EVENTS]: {
          body: {
            results: [
              webhookEvent({ id: 'msg_a', last_status_code: 503, last_outcome: '5xx' }),
              webhookEvent({ id: 'msg_b', last_status_code: null, last_outcome: 'connection_failed' }),
              webhookEvent({ id: 'msg_c', last_status_code: null, last_outcome: 'refused_address' }),
              webhookEvent({
                id: 'msg_d',
                state: 'pending',
                attempts: 0,
                last_status_code: null,
                last_outcome: null,
              }),
            ],
            next_cursor: null,
          },
        },
      }),
    );
    const rows = await screen.findAllByTestId('webhook-event');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(`503 · ${WEBHOOK_OUTCOME_TEXT['5xx']}`);
    expect(rows[1]).toHaveTextContent(WEBHOOK_OUTCOME_TEXT.connection_failed);
    expect(rows[2]).toHaveTextContent(MERCHANT_TEXT.webhookUrlPrivate);
    expect(rows[3]).toHaveTextContent('—');
  });

  it('says when there were no deliveries yet', async () => {
    openSection(section());
    expect(await screen.findByText(T.noDeliveries)).toBeInTheDocument();
  });
});

describe('Settings #api: load failures', () => {
  it('shows each card its own error with a retry', async () => {
    const user = userEvent.setup();
    let healthy = false;
    const failing = (body: unknown) => () => (healthy ? { body } : { status: 400, body: { detail: 'нет' } });
    openSection(
      section({
        [KEYS]: failing({ results: [apiKey()] }),
        [WEBHOOK]: failing({ url: null, has_secret: false }),
        [EVENTS]: failing({ results: [webhookEvent()], next_cursor: null }),
      }),
    );
    expect(await screen.findByText(MERCHANT_TEXT.keysLoadFailed)).toBeInTheDocument();
    expect(await screen.findByText(MERCHANT_TEXT.webhookLoadFailed)).toBeInTheDocument();
    expect(await screen.findByText(MERCHANT_TEXT.deliveriesLoadFailed)).toBeInTheDocument();
    healthy = true;
    for (const button of screen.getAllByRole('button', { name: 'Повторить' })) await user.click(button);
    expect(await screen.findByTestId('api-key')).toBeInTheDocument();
    expect(await screen.findByTestId('webhook-event')).toBeInTheDocument();
    expect(screen.getByLabelText(MERCHANT_TEXT.webhookUrl)).toBeInTheDocument();
  });
});
