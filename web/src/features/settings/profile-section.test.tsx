import { API, SETTINGS_MESSAGES } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { called, failsOnce, mockApi } from '../../test/fetch-mock.ts';
import { currentPath, loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/toast.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import { settingsApi, userInfo } from './test-fixtures.ts';

beforeAll(() => loadLazyRoutes());

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
});

function file(name: string, type: string, size: number): File {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

describe('Profile: user info', () => {
  it('shows the username, the e-mail and the avatar from user_info', async () => {
    mockApi(
      settingsApi(false, { [`GET ${API.settings.userInfo}`]: { body: userInfo({ avatar: '/a/u1/h.jpg' }) } }),
    );
    renderAt('/settings#profile');
    expect(await screen.findByRole('textbox', { name: T.username })).toHaveValue('anna');
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
    expect(
      screen.getAllByRole('img', { name: 'anna' }).some((img) => img.getAttribute('src') === '/a/u1/h.jpg'),
    ).toBe(true);
  });

  it('names the failure and retries', async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [`GET ${API.settings.userInfo}`]: failsOnce({ body: userInfo() }),
      }),
    );
    renderAt('/settings#profile');
    expect(await screen.findByText(SETTINGS_MESSAGES.userInfoLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('textbox', { name: T.username })).toHaveValue('anna');
  });
});

describe('Profile: username', () => {
  it('refuses fewer than 3 or more than 20 characters without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(settingsApi(false));
    renderAt('/settings#profile');
    const input = await screen.findByRole('textbox', { name: T.username });
    await user.clear(input);
    await user.type(input, 'ab');
    await user.click(screen.getByRole('button', { name: T.saveUsername }));
    expect(await screen.findByText(SETTINGS_MESSAGES.usernameLength)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'a'.repeat(21));
    await user.click(screen.getByRole('button', { name: T.saveUsername }));
    expect(await screen.findByText(SETTINGS_MESSAGES.usernameLength)).toBeInTheDocument();
    expect(called(calls, 'POST', API.settings.changeUsername)).toHaveLength(0);
  });

  it('saves, says so, and the new name shows in the top bar', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [`POST ${API.settings.changeUsername}`]: {
          body: { status: 'success', message: 'ok', username: 'anna_new' },
        },
      }),
    );
    renderAt('/settings#profile');
    const banner = await screen.findByTestId('top-bar-inner');
    expect(within(banner).getByText('anna')).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: T.username });
    await user.clear(input);
    await user.type(input, 'anna_new');
    await user.click(screen.getByRole('button', { name: T.saveUsername }));
    expect(await screen.findByText(SETTINGS_MESSAGES.success)).toBeInTheDocument();
    expect(called(calls, 'POST', API.settings.changeUsername)[0]?.body).toEqual({ username: 'anna_new' });
    await waitFor(() => expect(within(banner).getByText('anna_new')).toBeInTheDocument());
  });

  it("shows the server's field message under the field and {detail} as a toast", async () => {
    const user = userEvent.setup();
    let answer = 0;
    mockApi(
      settingsApi(false, {
        [`POST ${API.settings.changeUsername}`]: () =>
          ++answer === 1
            ? { status: 400, body: { username: ['Это имя уже занято'] } }
            : { status: 400, body: { detail: 'Слишком часто' } },
      }),
    );
    renderAt('/settings#profile');
    const input = await screen.findByRole('textbox', { name: T.username });
    await user.clear(input);
    await user.type(input, 'taken');
    await user.click(screen.getByRole('button', { name: T.saveUsername }));
    expect(await screen.findByText('Это имя уже занято')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: T.saveUsername }));
    expect(await screen.findByText('Слишком часто')).toBeInTheDocument();
  });
});

describe('Profile: avatar', () => {
  it('refuses a file that is not JPEG or PNG, and one over 5 MB, sending nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = mockApi(settingsApi(false));
    renderAt('/settings#profile');
    const input = await screen.findByLabelText(T.avatar);
    await user.upload(input, file('a.gif', 'image/gif', 1000));
    expect(await screen.findByText(SETTINGS_MESSAGES.avatarType)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.saveAvatar })).not.toBeInTheDocument();
    await user.upload(input, file('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText(SETTINGS_MESSAGES.avatarTooLarge)).toBeInTheDocument();
    expect(called(calls, 'POST', API.settings.changeAvatar)).toHaveLength(0);
  });

  it('previews the picked image beside the current one, then uploads it as multipart `avatar`', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [`POST ${API.settings.changeAvatar}`]: { body: { status: 'success', avatar_url: '/a/u1/new.jpg' } },
      }),
    );
    renderAt('/settings#profile');
    const picked = file('me.png', 'image/png', 200_000);
    await user.upload(await screen.findByLabelText(T.avatar), picked);
    expect(await screen.findByTestId('avatar-preview')).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText(T.avatarNow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.saveAvatar }));
    expect(await screen.findByText(SETTINGS_MESSAGES.success)).toBeInTheDocument();
    const body = called(calls, 'POST', API.settings.changeAvatar)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBe(picked);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('img', { name: 'anna' })
          .some((img) => img.getAttribute('src') === '/a/u1/new.jpg'),
      ).toBe(true),
    );
    expect(screen.queryByTestId('avatar-preview')).not.toBeInTheDocument();
  });

  it('shows the new avatar in the shell at once: the sidebar and the top bar', async () => {
    setViewportWidth(1280);
    try {
      const user = userEvent.setup();
      mockApi(
        settingsApi(false, {
          [`POST ${API.settings.changeAvatar}`]: { body: { status: 'success', avatar_url: '/a/u1/new.jpg' } },
        }),
      );
      renderAt('/settings#profile');
      await user.upload(await screen.findByLabelText(T.avatar), file('me.jpg', 'image/jpeg', 1_000));
      await user.click(await screen.findByRole('button', { name: T.saveAvatar }));
      expect(await screen.findByText(SETTINGS_MESSAGES.success)).toBeInTheDocument();
      const sidebar = screen.getByTestId('sidebar');
      await waitFor(() =>
        expect(within(sidebar).getByRole('img', { name: 'anna' })).toHaveAttribute('src', '/a/u1/new.jpg'),
      );
      // The sidebar, the top bar and the profile's current picture: all the new image, none left behind.
      const pictures = screen.getAllByRole('img', { name: 'anna' });
      expect(pictures.length).toBeGreaterThanOrEqual(3);
      for (const picture of pictures) expect(picture).toHaveAttribute('src', '/a/u1/new.jpg');
    } finally {
      setViewportWidth(1024);
    }
  });
});

describe('Profile: password', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
    const next = await screen.findByLabelText(T.newPassword);
    const again = screen.getByLabelText(T.confirmPassword);
    await user.clear(next);
    await user.clear(again);
    if (password) await user.type(next, password);
    if (confirm) await user.type(again, confirm);
    await user.click(screen.getByRole('button', { name: T.changePassword }));
  }

  it('applies the settings rule: 8+ characters, a digit, a letter, and a matching confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(settingsApi(false));
    renderAt('/settings#profile');
    await fill(user, 'abc1', 'abc1');
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordLength)).toBeInTheDocument();
    await fill(user, 'abcdefgh', 'abcdefgh');
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordDigit)).toBeInTheDocument();
    await fill(user, '12345678', '12345678');
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordLetter)).toBeInTheDocument();
    await fill(user, 'abcdefg1', 'abcdefg2');
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(called(calls, 'POST', API.auth.requestPasswordReset)).toHaveLength(0);
  });

  it('mails a code, confirms in a dialog that restates the change, and the user stays signed in', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      settingsApi(false, {
        [`POST ${API.auth.requestPasswordReset}`]: { body: { message: 'sent' } },
        [`POST ${API.auth.passwordReset}`]: { body: { message: 'ok' } },
      }),
    );
    const { router } = renderAt('/settings#profile');
    await fill(user, 'abcdefg1', 'abcdefg1');
    const dialog = await screen.findByRole('dialog', { name: T.passwordConfirmTitle });
    expect(called(calls, 'POST', API.auth.requestPasswordReset)[0]?.body).toEqual({
      email: 'anna@example.com',
    });
    expect(within(dialog).getByText(T.passwordConfirmSummary('anna@example.com'))).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.paste('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(called(calls, 'POST', API.auth.passwordReset)[0]?.body).toEqual({
      email: 'anna@example.com',
      otp: '123456',
      new_password: 'abcdefg1',
      confirm_password: 'abcdefg1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/settings');
    expect(called(calls, 'POST', API.auth.logout)).toHaveLength(0);
  });

  it("keeps the dialog open with the server's message when the code is refused", async () => {
    const user = userEvent.setup();
    mockApi(
      settingsApi(false, {
        [`POST ${API.auth.requestPasswordReset}`]: { body: { message: 'sent' } },
        [`POST ${API.auth.passwordReset}`]: { status: 400, body: { detail: 'Неверный код' } },
      }),
    );
    renderAt('/settings#profile');
    await fill(user, 'abcdefg1', 'abcdefg1');
    const dialog = await screen.findByRole('dialog', { name: T.passwordConfirmTitle });
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.paste('000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: T.passwordConfirmTitle })).toBeInTheDocument();
  });
});
