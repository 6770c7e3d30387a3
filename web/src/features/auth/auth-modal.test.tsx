import {
  AUTH_MESSAGES,
  AUTH_SUCCESS_TEXT,
  ERROR_POPUP_MS,
  POST_REGISTRATION_REDIRECT_MS,
  POST_RESET_RETURN_MS,
  passwordError,
  RESEND_CODE_TEXT,
  SUCCESS_BANNER_MS,
} from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getIsLead } from '../../api/lead-store.ts';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { currentPath, renderAt } from '../../test/render.tsx';
import { AuthModal, type AuthMode } from './auth-modal.tsx';
import { isFirstVisit } from './first-visit.ts';

const USER = { id: 'u1', email: 'anna@example.com', role: 'trader', is_lead: true, username: 'anna' };
const STRONG = 'Secret1!';

function renderModal(mode: AuthMode, handlers: Handlers = {}) {
  const api = mockApi(handlers);
  const view = renderAt('/welcome', [
    { path: '/welcome', element: <AuthModal open onOpenChange={() => {}} initialMode={mode} /> },
    { path: '/', element: <p>Home page</p> },
  ]);
  return { ...api, ...view };
}

/**
 * Fake setTimeout for the spec's timings. Testing Library only recognises Jest's fake timers, so it gets
 * a minimal `jest` with advanceTimersByTime; user-event drives the same clock.
 */
function fakeTimerUser() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/**
 * Lets pending promises (the fake API answer, React updates) run until `done` holds, without moving the
 * fake clock: setImmediate is not faked, so the spec's timers stay exactly where they were.
 */
const nextMacrotask = () =>
  new Promise<void>((resolve) =>
    (globalThis as unknown as { setImmediate: (run: () => void) => void }).setImmediate(resolve),
  );

async function settle(done: () => boolean) {
  for (let round = 0; round < 100 && !done(); round += 1) {
    await act(nextMacrotask);
  }
  expect(done()).toBe(true);
}

const present = (text: string) => () => screen.queryByText(text) !== null;

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Пароль');
const submit = (name = 'Продолжить') => screen.getByRole('button', { name });
const otpBoxes = () => screen.getAllByLabelText(/^Цифра \d из 6$/);

async function typeCode(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.click(otpBoxes()[0]!);
  await user.keyboard(code);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthModal', () => {
  it('resets all fields and errors when the mode changes', async () => {
    const user = userEvent.setup();
    renderModal('login');
    await user.type(email(), 'someone@example.com');
    await user.click(submit());
    expect(await screen.findByText(AUTH_MESSAGES.passwordLength)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Регистрация' }));
    expect(screen.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'register');
    expect(email()).toHaveValue('');
    expect(screen.queryByText(AUTH_MESSAGES.passwordLength)).not.toBeInTheDocument();

    await user.type(email(), 'x@y.zz');
    await user.click(screen.getByRole('tab', { name: 'Вход' }));
    expect(email()).toHaveValue('');
  });

  it('shows the spec messages for a bad e-mail and a weak password without calling the API', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal('register');
    await user.type(email(), 'not-an-email');
    await user.type(password(), 'abc');
    await user.click(submit());
    expect(await screen.findByText(AUTH_MESSAGES.emailFormat)).toBeInTheDocument();
    expect(screen.getByText(passwordError('abc')!)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('filters characters that can never be valid while typing', async () => {
    const user = userEvent.setup();
    renderModal('register');
    await user.type(email(), 'an na<>@ex ample.com');
    expect(email()).toHaveValue('anna@example.com');
    await user.type(screen.getByLabelText(/^Реферальный код/), 'AB c-1_!');
    expect(screen.getByLabelText(/^Реферальный код/)).toHaveValue('ABc-1_');
  });

  it('shows the strength panel only while the password is focused, with live labels', async () => {
    const user = userEvent.setup();
    renderModal('register');
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    await user.click(password());
    const label = () => screen.getByTestId('password-strength-label');
    expect(label()).toHaveTextContent('Очень слабый');
    expect(screen.getByText(AUTH_MESSAGES.passwordHint)).toBeInTheDocument();
    await user.keyboard('a');
    expect(label()).toHaveTextContent('Слабый');
    await user.keyboard('A1');
    expect(label()).toHaveTextContent('Средний');
    await user.keyboard('!xyzw');
    expect(label()).toHaveTextContent('Надёжный');
    await user.click(email());
    await waitFor(() => expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument());
  });

  it('hides the panel at once when focus leaves by keyboard', async () => {
    const user = userEvent.setup();
    renderModal('register');
    await user.click(password());
    expect(screen.getByTestId('password-strength')).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
  });

  it('has no strength panel in login mode', async () => {
    const user = userEvent.setup();
    renderModal('login');
    await user.click(password());
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
  });

  it('marks the referral code required but does not send it when empty', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal('register', {
      'POST /account/user/register/': { body: { message: 'sent' } },
    });
    expect(screen.getByText('Реферальный код').parentElement).toHaveTextContent('*');
    await user.type(email(), USER.email);
    await user.type(password(), STRONG);
    await user.click(submit());
    await screen.findAllByLabelText(/^Цифра 1 из 6$/);
    expect(calls[0]?.body).toEqual({ email: USER.email, password: STRONG });
    expect(calls[0]?.body).not.toHaveProperty('referral_code');
  });

  it('sends the referral code when one is typed', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal('register', {
      'POST /account/user/register/': { body: { message: 'sent' } },
    });
    await user.type(email(), USER.email);
    await user.type(password(), STRONG);
    await user.type(screen.getByLabelText(/^Реферальный код/), 'LEAD-1');
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ email: USER.email, password: STRONG, referral_code: 'LEAD-1' });
  });

  it('registers: code step, banner, then home after exactly 1.5 s', async () => {
    const user = fakeTimerUser();
    const { calls, router } = renderModal('register', {
      'POST /account/user/register/': { body: { message: 'sent' } },
      'POST /account/user/verify-otp/': { body: { message: 'ok', user: USER } },
    });
    await user.type(email(), USER.email);
    await user.type(password(), STRONG);
    await user.click(submit());
    await settle(present(RESEND_CODE_TEXT));
    await typeCode(user);
    await user.click(screen.getByRole('button', { name: 'Подтвердить и создать аккаунт' }));

    await settle(present(AUTH_SUCCESS_TEXT));
    expect(calls.at(-1)).toMatchObject({
      path: '/account/user/verify-otp/',
      body: { email: USER.email, otp: '123456', password: STRONG },
    });
    expect(getIsLead()).toBe(true);
    // The session began with the sign-up: the dashboard will greet a first visit.
    expect(isFirstVisit(USER.id)).toBe(true);
    await advance(POST_REGISTRATION_REDIRECT_MS - 1);
    expect(currentPath(router)).toBe('/welcome');
    await advance(1);
    expect(currentPath(router)).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('re-sends the step-1 request from the code step', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal('login', { 'POST /account/user/login/': { body: { message: 'sent' } } });
    await user.type(email(), USER.email);
    await user.type(password(), 'whatever');
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: RESEND_CODE_TEXT }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      path: '/account/user/login/',
      body: { email: USER.email, password: 'whatever' },
    });
  });

  it('logs in with code_otp and goes home at once, taking the lead flag from the answer', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderModal('login', {
      'POST /account/user/login/': { body: { message: 'sent' } },
      'POST /account/user/login-verify/': { body: { message: 'ok', user: { ...USER, is_lead: false } } },
    });
    window.localStorage.setItem('isLead', 'true');
    await user.type(email(), USER.email);
    await user.type(password(), 'whatever');
    await user.click(submit());
    await screen.findByText(RESEND_CODE_TEXT);
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(calls.at(-1)?.body).toEqual({ email: USER.email, code_otp: '654321', password: 'whatever' });
    expect(window.localStorage.getItem('isLead')).toBe('false');
    // A sign-in is a return visit.
    expect(isFirstVisit(USER.id)).toBe(false);
  });

  it.each([
    ['login', 'Продолжить', 'POST /account/user/login/'],
    ['register', 'Продолжить', 'POST /account/user/register/'],
    ['forgot', 'Отправить код', 'POST /account/user/request-password-reset/'],
  ] as const)(
    '%s step 2 puts the focus in the first code box and takes a pasted code',
    async (mode, next, call) => {
      const user = userEvent.setup();
      renderModal(mode, { [call]: { body: { message: 'sent' } } });
      await user.type(email(), USER.email);
      if (mode !== 'forgot') await user.type(password(), STRONG);
      if (mode === 'register') await user.type(screen.getByLabelText(/^Реферальный код/), 'ABCD2345EF');
      await user.click(submit(next));
      await screen.findByText(RESEND_CODE_TEXT);
      await waitFor(() => expect(otpBoxes()[0]).toHaveFocus());
      await user.paste('654 321');
      expect(otpBoxes().map((box) => (box as HTMLInputElement).value)).toEqual([
        '6',
        '5',
        '4',
        '3',
        '2',
        '1',
      ]);
    },
  );

  it('shows a field error from the server under its field when there is no pop-up text', async () => {
    const user = userEvent.setup();
    renderModal('login', {
      'POST /account/user/login/': { body: { message: 'sent' } },
      'POST /account/user/login-verify/': { status: 400, body: { otp: ['Неверный или просроченный код'] } },
    });
    await user.type(email(), USER.email);
    await user.type(password(), 'whatever');
    await user.click(submit());
    await screen.findByText(RESEND_CODE_TEXT);
    await typeCode(user);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверный или просроченный код')).toBeInTheDocument();
    expect(screen.queryByTestId('auth-popup')).not.toBeInTheDocument();
  });

  it('shows a server pop-up inside the modal for 5 s', async () => {
    const user = fakeTimerUser();
    renderModal('login', {
      'POST /account/user/login/': { status: 400, body: { detail: 'Неверный email или пароль' } },
    });
    await user.type(email(), USER.email);
    await user.type(password(), 'whatever');
    await user.click(submit());
    await settle(() => screen.queryByTestId('auth-popup') !== null);
    const popup = screen.getByTestId('auth-popup');
    expect(popup).toHaveTextContent('Неверный email или пароль');
    expect(within(popup.parentElement!).queryByText(AUTH_MESSAGES.emailFormat)).not.toBeInTheDocument();
    await advance(ERROR_POPUP_MS - 1);
    expect(screen.getByTestId('auth-popup')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('auth-popup')).not.toBeInTheDocument();
  });

  it('checks the new password confirmation in the reset step', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal('forgot', {
      'POST /account/user/request-password-reset/': { body: { message: 'sent' } },
    });
    await user.type(email(), USER.email);
    await user.click(submit('Отправить код'));
    await screen.findByText(RESEND_CODE_TEXT);
    await typeCode(user);
    await user.type(screen.getByLabelText('Новый пароль'), STRONG);
    await user.type(screen.getByLabelText('Подтвердите пароль'), 'Other1!x');
    await user.click(submit('Сменить пароль'));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsMismatch)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('resets the password, returns to login step 1 after 2 s and hides the banner after 3 s', async () => {
    const user = fakeTimerUser();
    const { calls } = renderModal('forgot', {
      'POST /account/user/request-password-reset/': { body: { message: 'sent' } },
      'POST /account/user/password-reset/': { body: { message: 'done' } },
    });
    await user.type(email(), USER.email);
    await user.click(submit('Отправить код'));
    await settle(present(RESEND_CODE_TEXT));
    await typeCode(user);
    await user.type(screen.getByLabelText('Новый пароль'), STRONG);
    await user.type(screen.getByLabelText('Подтвердите пароль'), STRONG);
    await user.click(submit('Сменить пароль'));

    await settle(present(AUTH_SUCCESS_TEXT));
    expect(calls.at(-1)?.body).toEqual({
      email: USER.email,
      otp: '123456',
      new_password: STRONG,
      confirm_password: STRONG,
    });
    const modal = () => screen.getByTestId('auth-modal');
    await advance(POST_RESET_RETURN_MS - 1);
    expect(modal()).toHaveAttribute('data-mode', 'forgot');
    await advance(1);
    expect(modal()).toHaveAttribute('data-mode', 'login');
    expect(modal()).toHaveAttribute('data-step', '1');
    expect(email()).toHaveValue('');
    expect(screen.getByText(AUTH_SUCCESS_TEXT)).toBeInTheDocument();
    await advance(SUCCESS_BANNER_MS - POST_RESET_RETURN_MS);
    expect(screen.queryByText(AUTH_SUCCESS_TEXT)).not.toBeInTheDocument();
  });
});
