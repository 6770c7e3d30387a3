import { API, type VerifyRequestResponse } from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { called, type Handlers } from '../../test/fetch-mock.ts';
import { formatDayTime } from '../../ui/format-date.ts';
import { notify } from '../../ui/index.ts';
import { PAIRING_TEXT, pairingPayload, timeLeftText } from './add-terminal-flow.tsx';
import { PAIRING_POLL_MS } from './api.ts';
import { terminal, testId } from './test-fixtures.ts';
import { chooseApp, renderForPairing, type TestUser } from './test-pairing.tsx';

const TERMINAL_ID = testId();
const LIST = `GET ${API.terminals.list}`;
const CONNECT = `POST ${API.terminals.connectRequest}`;
const VERIFY = `POST ${API.terminals.verifyRequest}`;

function pairing(overrides: Partial<VerifyRequestResponse> = {}): VerifyRequestResponse {
  return {
    terminal_id: TERMINAL_ID,
    server_url: 'https://pay.example.com/backend',
    auth_key: 'k3y-Secret_0123456789',
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  };
}

const setup = (handlers: Handlers) => renderForPairing(TERMINAL_ID, handlers);

/** The QR flow is the app choice 'Terminal Manager (QR)'. */
const chooseQr = (user: TestUser) => chooseApp(user, /Terminal Manager \(QR\)/);

async function enterCode(user: TestUser, code = '123456') {
  await chooseQr(user);
  const dialog = await screen.findByRole('dialog', { name: 'Подтверждение OTP' });
  await user.click(within(dialog).getAllByRole('textbox')[0]!);
  await user.paste(code);
  await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

describe('Add Terminal Now', () => {
  it('posts connect-request with an empty body, then verify-request {terminal_id, otp} from the OTP dialog', async () => {
    const { user, calls } = setup({ [VERIFY]: { body: pairing() } });
    await enterCode(user, '654321');
    expect(called(calls, 'POST', API.terminals.connectRequest)[0]?.body).toBeUndefined();
    await waitFor(() => expect(called(calls, 'POST', API.terminals.verifyRequest)).toHaveLength(1));
    expect(called(calls, 'POST', API.terminals.verifyRequest)[0]?.body).toEqual({
      terminal_id: TERMINAL_ID,
      otp: '654321',
    });
    expect(await screen.findByRole('dialog', { name: 'Активация завершена' })).toBeInTheDocument();
  });

  it('shows the QR code with the JSON of the four fields, the setup steps and the time left', async () => {
    const data = pairing();
    const { user } = setup({ [VERIFY]: { body: { ...data, extra: 'not in the QR' } } });
    await enterCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Активация завершена' });
    const qr = within(dialog).getByTestId('pairing-qr');
    const payload = JSON.parse(qr.getAttribute('data-qr-payload') ?? '{}');
    expect(payload).toEqual({
      terminal_id: data.terminal_id,
      server_url: data.server_url,
      auth_key: data.auth_key,
      expires_at: data.expires_at,
    });
    expect(
      within(qr).getByRole('img', { name: 'QR-код для подключения терминала' }).tagName.toLowerCase(),
    ).toBe('svg');
    expect(qr.querySelector('svg')).toHaveAttribute('height', '256');
    expect(within(dialog).getByText(/Terminal Manager/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dialog).getByTestId('pairing-time-left')).toHaveTextContent(
      /Код действует ещё (10:00|9:5\d)/,
    );
    expect(within(dialog).getByRole('button', { name: 'Завершить настройку' })).toBeInTheDocument();
  });

  it('copies the QR code data for a phone that cannot scan it (and for the terminal simulator)', async () => {
    const data = pairing();
    const { user } = setup({ [VERIFY]: { body: data } });
    await enterCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Активация завершена' });
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать данные QR-кода' }));
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(data);
    expect(await screen.findByText('Данные QR-кода скопированы')).toBeInTheDocument();
  });

  it("a refused code shows 'Ошибка верификации OTP' and closes the dialog", async () => {
    const { user } = setup({ [VERIFY]: { status: 400, body: { detail: 'Неверный код' } } });
    await enterCode(user);
    expect(await screen.findByText('Ошибка верификации OTP')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("an answer that is not the pairing data shows 'Некорректные данные от сервера'", async () => {
    const { user } = setup({ [VERIFY]: { body: { terminal_id: TERMINAL_ID, server_url: 'x' } } });
    await enterCode(user);
    expect(await screen.findByText('Некорректные данные от сервера')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Активация завершена' })).not.toBeInTheDocument();
  });

  it("a QR code that cannot be drawn shows 'Ошибка формирования QR-кода'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Far more than a level-H code can carry.
    const { user } = setup({ [VERIFY]: { body: pairing({ auth_key: 'x'.repeat(4000) }) } });
    await enterCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Активация завершена' });
    expect(await within(dialog).findByText('Ошибка формирования QR-кода')).toBeInTheDocument();
  });

  it("waits for the phone: polls the list every 3 s and says 'Терминал подключен' once it is activated", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paired = false;
    const answer = pairing();
    // The server lists the terminal while it waits too (issue 25): only its activation means the phone paired.
    const waiting = terminal({ id: TERMINAL_ID, activated_at: null, pending_until: answer.expires_at });
    const { user, calls } = setup({
      [VERIFY]: { body: answer },
      [LIST]: () => ({ body: { count: 1, results: [paired ? terminal({ id: TERMINAL_ID }) : waiting] } }),
    });
    await enterCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Активация завершена' });
    expect(within(dialog).getByTestId('pairing-state')).toHaveTextContent('Ожидаем подтверждения');
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    expect(within(dialog).getByTestId('pairing-state')).toHaveTextContent('Ожидаем подтверждения');
    // It says what closing it now means, with the QR code's expiry.
    expect(within(dialog).getByTestId('pairing-close-notice')).toHaveTextContent(
      PAIRING_TEXT.closeNotice(formatDayTime(answer.expires_at)),
    );
    paired = true;
    const before = called(calls, 'GET', API.terminals.list).length;
    await act(() => vi.advanceTimersByTimeAsync(PAIRING_POLL_MS + 50));
    await waitFor(() => expect(called(calls, 'GET', API.terminals.list).length).toBeGreaterThan(before));
    expect(await within(dialog).findByText('Терминал подключен')).toBeInTheDocument();
  });

  it("'Завершить настройку' closes the screen and refreshes the list", async () => {
    const { user, calls } = setup({ [VERIFY]: { body: pairing() } });
    await enterCode(user);
    const dialog = await screen.findByRole('dialog', { name: 'Активация завершена' });
    const before = called(calls, 'GET', API.terminals.list).length;
    await user.click(within(dialog).getByRole('button', { name: 'Завершить настройку' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(called(calls, 'GET', API.terminals.list).length).toBeGreaterThan(before));
  });

  it("shows the connect-request failure's detail", async () => {
    const { user } = setup({ [CONNECT]: { status: 429, body: { detail: 'Слишком много запросов' } } });
    await chooseQr(user);
    expect(await screen.findByText('Слишком много запросов')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('pairing helpers', () => {
  it('count down mm:ss and stop at expiry', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(timeLeftText('2026-11-23T12:09:59.000Z', now)).toBe('9:59');
    expect(timeLeftText('2026-11-23T12:00:05.500Z', now)).toBe('0:06');
    expect(timeLeftText('2026-11-23T12:00:00.000Z', now)).toBeNull();
    expect(timeLeftText('not a date', now)).toBeNull();
  });

  it('put exactly the four fields into the QR JSON', () => {
    const data = pairing();
    expect(Object.keys(JSON.parse(pairingPayload(data)))).toEqual([
      'terminal_id',
      'server_url',
      'auth_key',
      'expires_at',
    ]);
  });
});
