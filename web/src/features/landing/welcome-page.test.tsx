import { API } from '@app/shared/api-paths';
import { referralLink } from '@app/shared/referrals/messages';
import { SESSION_EXPIRED_TEXT } from '@app/shared/web-texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSessionEnded } from '../../api/session.ts';
import { RootLayout } from '../../app/root-layout.tsx';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { WelcomePage } from './welcome-page.tsx';
// The landing loads the auth modal lazily; loading it here keeps the first opening from waiting on a transform.
import '../auth/auth-modal.tsx';

const STRONG = 'Secret1!';

function renderWelcome(path: string) {
  const api = mockApi({
    [`POST ${API.auth.register}`]: { body: { message: 'sent' } },
    [`POST ${API.auth.passwordReset}`]: { body: { message: 'ok' } },
  });
  const view = renderAt(path, [{ path: '/welcome', element: <WelcomePage /> }]);
  return { ...api, ...view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WelcomePage: the password link of an account an operator created', () => {
  it('opens the new-password step with the mailed code filled in, and sends it with the new password', async () => {
    const user = userEvent.setup();
    const { calls } = renderWelcome('/welcome?password_reset=ops%40example.com&code=123456');
    const modal = await screen.findByTestId('auth-modal', {}, { timeout: 5000 });
    expect(modal).toHaveAttribute('data-mode', 'forgot');
    expect(modal).toHaveAttribute('data-step', '2');
    expect(screen.getByRole('dialog')).toHaveTextContent('ops@example.com');
    await user.click(within(modal).getByLabelText('Новый пароль'));
    await user.paste(STRONG);
    await user.click(within(modal).getByLabelText(/^Подтвердите/));
    await user.paste(STRONG);
    await user.click(within(modal).getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() => expect(calls.filter((call) => call.path === API.auth.passwordReset)).toHaveLength(1));
    expect(calls.find((call) => call.path === API.auth.passwordReset)?.body).toMatchObject({
      email: 'ops@example.com',
      otp: '123456',
      new_password: STRONG,
    });
  }, 10_000);

  it('a link without a six-digit code opens nothing', async () => {
    renderWelcome('/welcome?password_reset=ops%40example.com&code=12');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('auth-modal')).toBeNull();
  });
});

describe('WelcomePage: the sign-up link of a referral code', () => {
  it('/welcome?ref=CODE opens the register mode with the code filled in, and sends it', async () => {
    const user = userEvent.setup();
    const link = new URL(referralLink('https://pay.example/', 'ABCD2345EF'));
    const { calls } = renderWelcome(`${link.pathname}${link.search}`);
    const modal = await screen.findByTestId('auth-modal', {}, { timeout: 5000 });
    expect(modal).toHaveAttribute('data-mode', 'register');
    expect(modal).toHaveAttribute('data-step', '1');
    const code = within(modal).getByLabelText(/^Реферальный код/);
    expect(code).toHaveValue('ABCD2345EF');

    // Pasted rather than typed key by key: the form is the auth feature's, tested there; here only the code matters.
    await user.click(within(modal).getByLabelText('Email'));
    await user.paste('new@example.com');
    await user.click(within(modal).getByLabelText('Пароль'));
    await user.paste(STRONG);
    await user.click(within(modal).getByRole('button', { name: 'Продолжить' }));
    await waitFor(() => expect(calls.filter((call) => call.path === API.auth.register)).toHaveLength(1));
    expect(calls.find((call) => call.path === API.auth.register)?.body).toEqual({
      email: 'new@example.com',
      password: STRONG,
      referral_code: 'ABCD2345EF',
    });
  }, 10_000);

  it('keeps only the characters a code may have', async () => {
    renderWelcome('/welcome?ref=AB%20CD%3C2%3E');
    const modal = await screen.findByTestId('auth-modal', {}, { timeout: 5000 });
    expect(within(modal).getByLabelText(/^Реферальный код/)).toHaveValue('ABCD2');
  });

  it('keeps the code when the visitor looks at sign-in and comes back to register', async () => {
    const user = userEvent.setup();
    renderWelcome('/welcome?ref=ABCD2345EF');
    await screen.findByTestId('auth-modal', {}, { timeout: 5000 });
    await user.click(screen.getByRole('tab', { name: 'Вход' }));
    await waitFor(() => expect(screen.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'login'));
    await user.click(screen.getByRole('tab', { name: 'Регистрация' }));
    await waitFor(() => expect(screen.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'register'));
    expect(screen.getByLabelText(/^Реферальный код/)).toHaveValue('ABCD2345EF');
  }, 10_000);

  it('/welcome without a code opens no modal', async () => {
    renderWelcome('/welcome');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('auth-modal')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('WelcomePage: after a session ended', () => {
  it('says so in one notice, once, which the user can close', async () => {
    const user = userEvent.setup();
    markSessionEnded();
    const first = renderWelcome('/welcome');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(SESSION_EXPIRED_TEXT);
    expect(screen.getAllByText(SESSION_EXPIRED_TEXT)).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: 'Закрыть уведомление' }));
    expect(screen.queryByText(SESSION_EXPIRED_TEXT)).not.toBeInTheDocument();
    first.unmount();
    renderWelcome('/welcome');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_EXPIRED_TEXT)).not.toBeInTheDocument();
  });

  it('still says so when a second 401 brings the user to /welcome again before the notice was closed', async () => {
    markSessionEnded();
    const first = renderWelcome('/welcome');
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_TEXT);
    first.unmount();
    renderWelcome('/welcome');
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_TEXT);
    expect(screen.getAllByText(SESSION_EXPIRED_TEXT)).toHaveLength(1);
  });

  it('is not owed any more once the user leaves /welcome', async () => {
    const user = userEvent.setup();
    markSessionEnded();
    const { router } = renderAt('/welcome', [
      {
        element: <RootLayout />,
        children: [
          { path: '/welcome', element: <WelcomePage /> },
          { path: '/about', element: <Link to="/welcome">back</Link> },
        ],
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_EXPIRED_TEXT);
    await act(() => router.navigate('/about'));
    await user.click(await screen.findByRole('link', { name: 'back' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(SESSION_EXPIRED_TEXT)).not.toBeInTheDocument();
  });

  it('shows no notice on an ordinary visit', async () => {
    renderWelcome('/welcome');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('WelcomePage: the auth modal and focus', () => {
  it('closing the auth modal returns the focus to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWelcome('/welcome');
    const opener = (await screen.findAllByRole('button', { name: 'Создать аккаунт' }))[0]!;
    await user.click(opener);
    await screen.findByTestId('auth-modal', {}, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('auth-modal')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
