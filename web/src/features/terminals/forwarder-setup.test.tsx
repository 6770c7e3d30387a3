import {
  API,
  AUTOMATION_JSON_TEMPLATE,
  type ForwarderApp,
  type ForwarderSetupResponse,
  SMSFORWARDER_MESSAGE_TEMPLATE,
  SMSFORWARDER_PING_TEMPLATE,
  TERMINAL_APP_LABELS,
  type TerminalListItem,
} from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { called, type Handlers } from '../../test/fetch-mock.ts';
import { latinOutsideLiterals } from '../../test/language.ts';
import { notify } from '../../ui/index.ts';
import { PAIRING_POLL_MS } from './api.ts';
import { smsGatewayCurl } from './setup-guides/sms-gateway-guide.tsx';
import { terminal, testId } from './test-fixtures.ts';
import { chooseApp, renderForPairing, type TestUser } from './test-pairing.tsx';

const TERMINAL_ID = testId();
const LIST = `GET ${API.terminals.list}`;
/** These tests walk whole flows through lazy chunks: give a loaded machine time (the default is 5 s). */
const FLOW_TIMEOUT_MS = 15_000;
const _CONNECT = `POST ${API.terminals.connectRequest}`;
const VERIFY = `POST ${API.terminals.verifyRequest}`;
const HOOK_URL =
  'https://pay.example.com/backend/device/v1/hooks/Tk-9aZ_0123456789abcdefghijklmnopqrstuvwxyzAB';

function setupData(
  app: ForwarderApp,
  overrides: Partial<ForwarderSetupResponse> = {},
): ForwarderSetupResponse {
  return {
    terminal_id: TERMINAL_ID,
    app,
    webhook_url: HOOK_URL,
    secret: app === 'smsforwarder' || app === 'sms-gateway' ? 'sEcReT_7f3a9c1e5b' : null,
    ...overrides,
  };
}

/** The forwarder terminal as the list shows it: listed at once, offline until its first request. */
function listed(app: ForwarderApp, overrides: Partial<TerminalListItem> = {}): TerminalListItem {
  return terminal({
    id: TERMINAL_ID,
    name: 'Терминал',
    app,
    phone_charge: null,
    last_ping: null,
    online: false,
    device: { model: null, os: null, app_version: null },
    payments_count: 0,
    ...overrides,
  });
}

const renderPage = (handlers: Handlers) => renderForPairing(TERMINAL_ID, handlers);

async function pair(user: TestUser, app: ForwarderApp) {
  await chooseApp(user, new RegExp(`^${TERMINAL_APP_LABELS[app]}`));
  const otp = await screen.findByRole('dialog', { name: 'Подтверждение OTP' });
  await user.click(within(otp).getAllByRole('textbox')[0]!);
  await user.paste('123456');
  await user.click(within(otp).getByRole('button', { name: 'Verify OTP' }));
  return screen.findByRole('dialog', { name: `Настройка ${TERMINAL_APP_LABELS[app]}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

describe('the app choice', { timeout: FLOW_TIMEOUT_MS }, () => {
  it('offers the five apps with what each forwards, and asks for no code before one is chosen', async () => {
    const { user, calls } = renderPage({});
    await user.click(screen.getByRole('button', { name: 'Add Terminal Now' }));
    const choice = await screen.findByRole('dialog', { name: 'Выберите приложение' });
    const options = within(choice)
      .getAllByRole('button', { name: /./ })
      .filter((b) => b.dataset.app);
    expect(options.map((option) => option.textContent)).toEqual([
      'Terminal Manager (QR)SMS и push-уведомления банков, подключение по QR-коду',
      'SmsForwarderSMS и push-уведомления банков',
      'SMS Gateway for Androidтолько SMS',
      'Incoming SMS to URL forwarderтолько SMS',
      'MacroDroid / Taskerpush-уведомления и SMS через автоматизацию',
    ]);
    expect(latinOutsideLiterals(choice)).toEqual([]);
    expect(called(calls, 'POST', API.terminals.connectRequest)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(called(calls, 'POST', API.terminals.connectRequest)).toHaveLength(0);
  });

  it.each(['smsforwarder', 'sms-gateway', 'sms-to-url', 'automation'] as const)(
    'for %s: connect-request, the code, then verify-request {terminal_id, otp, app}',
    async (app) => {
      const { user, calls } = renderPage({ [VERIFY]: { body: setupData(app) } });
      await pair(user, app);
      expect(called(calls, 'POST', API.terminals.connectRequest)).toHaveLength(1);
      expect(called(calls, 'POST', API.terminals.verifyRequest)[0]?.body).toEqual({
        terminal_id: TERMINAL_ID,
        otp: '123456',
        app,
      });
    },
  );

  it("an answer that is not the setup data shows 'Некорректные данные от сервера'", async () => {
    const { user } = renderPage({
      [VERIFY]: { body: { terminal_id: TERMINAL_ID, server_url: 'x', auth_key: 'y', expires_at: 'z' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add Terminal Now' }));
    await user.click(await screen.findByRole('button', { name: /^SmsForwarder/ }));
    const otp = await screen.findByRole('dialog', { name: 'Подтверждение OTP' });
    await user.click(within(otp).getAllByRole('textbox')[0]!);
    await user.paste('123456');
    await user.click(within(otp).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Некорректные данные от сервера')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Настройка/ })).not.toBeInTheDocument();
  });
});

describe('the setup screen', { timeout: FLOW_TIMEOUT_MS }, () => {
  it.each(['smsforwarder', 'sms-gateway', 'sms-to-url', 'automation'] as const)(
    '%s: URL with a copy button, the secret only for the apps that sign, a QR code of the URL, the note',
    async (app) => {
      const data = setupData(app);
      const { user } = renderPage({
        [VERIFY]: { body: data },
        [LIST]: { body: { count: 1, results: [listed(app)] } },
      });
      const dialog = await pair(user, app);
      expect(within(dialog).getByTestId('forwarder-url-value')).toHaveTextContent(HOOK_URL);
      if (data.secret) {
        expect(within(dialog).getByTestId('forwarder-secret-value')).toHaveTextContent(data.secret);
        await user.click(within(dialog).getByRole('button', { name: 'Скопировать: Секрет' }));
        expect(await navigator.clipboard.readText()).toBe(data.secret);
      } else {
        expect(within(dialog).queryByTestId('forwarder-secret')).not.toBeInTheDocument();
      }
      await user.click(within(dialog).getByRole('button', { name: 'Скопировать: URL' }));
      expect(await navigator.clipboard.readText()).toBe(HOOK_URL);
      expect(await screen.findByText('Скопировано: URL')).toBeInTheDocument();

      const qr = within(dialog).getByTestId('forwarder-qr');
      expect(qr).toHaveAttribute('data-qr-value', HOOK_URL);
      expect(within(qr).getByRole('img', { name: 'QR-код с URL для телефона' }).tagName.toLowerCase()).toBe(
        'svg',
      );

      const note = within(dialog).getByTestId('forwarder-note');
      expect(note).toHaveTextContent('только сейчас');
      expect(note).toHaveTextContent('новый URL');
      expect(note).toHaveTextContent('терминал останется в списке «не в сети»');
      expect(within(dialog).getByTestId('forwarder-state')).toHaveTextContent(
        'Ожидаем первый запрос от телефона',
      );
      expect(latinOutsideLiterals(dialog)).toEqual([]);
    },
  );

  it('SmsForwarder: the message template and the heartbeat template, exactly as shared, copied', async () => {
    const { user } = renderPage({ [VERIFY]: { body: setupData('smsforwarder') } });
    const dialog = await pair(user, 'smsforwarder');
    expect(within(dialog).getByTestId('smsforwarder-message-template-value').textContent).toBe(
      SMSFORWARDER_MESSAGE_TEMPLATE,
    );
    expect(within(dialog).getByTestId('smsforwarder-ping-template-value').textContent).toBe(
      SMSFORWARDER_PING_TEMPLATE,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать: Шаблон пульса' }));
    expect(await navigator.clipboard.readText()).toBe(SMSFORWARDER_PING_TEMPLATE);
    // Where to tap: the Webhook sender's fields, the rules, and the auto-task every minute.
    for (const name of ['Webhook', 'Webhook Server', 'Secret', 'Params', 'Rules', 'Task', 'Cron', 'Notify']) {
      expect(within(dialog).getAllByText(name).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('0 * * * * ? *')).toBeInTheDocument();
  });

  it('SMS Gateway: Signing Key = the secret, the ping interval 60 s, a curl command per event', async () => {
    const { user } = renderPage({ [VERIFY]: { body: setupData('sms-gateway') } });
    const dialog = await pair(user, 'sms-gateway');
    expect(within(dialog).getByText('Ключ подписи')).toBeInTheDocument();
    expect(within(dialog).getByText('Интервал (секунды)')).toBeInTheDocument();
    expect(within(dialog).getByText('60')).toBeInTheDocument();
    const received = within(dialog).getByTestId('sms-gateway-curl-sms-received-value').textContent ?? '';
    expect(received).toBe(smsGatewayCurl(HOOK_URL, 'sms:received'));
    expect(received).toContain(`{\\"url\\":\\"${HOOK_URL}\\",\\"event\\":\\"sms:received\\"}`);
    expect(received).toMatch(/^curl -u "ЛОГИН:ПАРОЛЬ" .* http:\/\/АДРЕС\/webhooks$/);
    expect(within(dialog).getByTestId('sms-gateway-curl-system-ping-value').textContent).toBe(
      smsGatewayCurl(HOOK_URL, 'system:ping'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать: Команда для пинга' }));
    expect(await navigator.clipboard.readText()).toBe(smsGatewayCurl(HOOK_URL, 'system:ping'));
    expect(within(dialog).queryByText('Приложение не примет этот URL')).not.toBeInTheDocument();
  });

  it('SMS Gateway warns that the app takes no plain-http URL', async () => {
    const { user } = renderPage({
      [VERIFY]: {
        body: setupData('sms-gateway', { webhook_url: 'http://10.0.0.5:3000/backend/device/v1/hooks/t' }),
      },
    });
    const dialog = await pair(user, 'sms-gateway');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Приложение не примет этот URL');
  });

  it('Incoming SMS to URL: the URL, sender *, the default template left unchanged', async () => {
    const { user } = renderPage({ [VERIFY]: { body: setupData('sms-to-url') } });
    const dialog = await pair(user, 'sms-to-url');
    expect(within(dialog).getByText('Sender (number or text)')).toBeInTheDocument();
    expect(within(dialog).getByText('*')).toBeInTheDocument();
    expect(within(dialog).getByText('Json Payload Template')).toBeInTheDocument();
    expect(within(dialog).getByText(/шаблон по умолчанию подходит как есть/)).toBeInTheDocument();
    // The app has no heartbeat of its own: the screen says so and how to send one (a battery-only request).
    expect(within(dialog).getByTestId('sms-to-url-heartbeat')).toHaveTextContent('не будет получать сделки');
    expect(within(dialog).getByText(/Запрос только с/)).toBeInTheDocument();
  });

  it('MacroDroid / Tasker: notification trigger, POST with sender, title, text, battery; the JSON templates', async () => {
    const { user } = renderPage({ [VERIFY]: { body: setupData('automation') } });
    const dialog = await pair(user, 'automation');
    expect(within(dialog).getByText('Notification Received')).toBeInTheDocument();
    const params = JSON.parse(AUTOMATION_JSON_TEMPLATE.macrodroid) as Record<string, string>;
    for (const field of ['sender', 'title', 'text', 'battery']) {
      expect(within(dialog).getByTestId(`macrodroid-param-${field}-value`).textContent).toBe(params[field]);
    }
    expect(within(dialog).getByTestId('macrodroid-json-template-value').textContent).toBe(
      AUTOMATION_JSON_TEMPLATE.macrodroid,
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Tasker' }));
    expect(within(dialog).getByTestId('tasker-json-template-value').textContent).toBe(
      AUTOMATION_JSON_TEMPLATE.tasker,
    );
    expect(within(dialog).getByText('AutoNotification')).toBeInTheDocument();
    expect(within(dialog).getByText('Content-Type:application/json')).toBeInTheDocument();
    expect(latinOutsideLiterals(dialog)).toEqual([]);
  });

  it("polls the list every 3 s and says 'Терминал подключен' once the terminal's last_ping appears", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pinged = false;
    const { user, calls } = renderPage({
      [VERIFY]: { body: setupData('smsforwarder') },
      [LIST]: () => ({
        body: {
          count: 1,
          results: [
            pinged
              ? listed('smsforwarder', {
                  last_ping: new Date().toISOString(),
                  online: true,
                  phone_charge: 85,
                })
              : listed('smsforwarder'),
          ],
        },
      }),
    });
    const dialog = await pair(user, 'smsforwarder');
    const state = within(dialog).getByTestId('forwarder-state');
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    expect(state).toHaveAttribute('data-connected', 'false');
    pinged = true;
    const before = called(calls, 'GET', API.terminals.list).length;
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    await waitFor(() => expect(called(calls, 'GET', API.terminals.list).length).toBeGreaterThan(before));
    expect(await within(dialog).findByText('Терминал подключен')).toBeInTheDocument();
    expect(state).toHaveTextContent('заряд 85%');
    // The screen asks for its terminal by ID, so it is found on any page of the list.
    const url = new URL(String(vi.mocked(fetch).mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBe(TERMINAL_ID);
  });

  it("'Завершить настройку' closes the screen and refreshes the list", async () => {
    const { user, calls } = renderPage({ [VERIFY]: { body: setupData('sms-to-url') } });
    const dialog = await pair(user, 'sms-to-url');
    const before = called(calls, 'GET', API.terminals.list).length;
    await user.click(within(dialog).getByRole('button', { name: 'Завершить настройку' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(called(calls, 'GET', API.terminals.list).length).toBeGreaterThan(before));
  });
});

describe('the one-language check', () => {
  it('finds English outside literals, loanwords and product names', () => {
    const element = document.createElement('div');
    element.innerHTML =
      '<p>Скопируйте <code>{not_title}</code> в <span data-literal>Query Params</span>, затем Save.</p>' +
      '<p>SMS и push-уведомления, QR-код, Новый URL, SmsForwarder</p><p>Loading</p>';
    expect(latinOutsideLiterals(element)).toEqual(['Save', 'Loading']);
  });
});
