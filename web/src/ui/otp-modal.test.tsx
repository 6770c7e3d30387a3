import { HTTP_ERROR_TEXT, WALLET_TEXT } from '@app/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { Modal } from './modal.tsx';
import { OtpModal, otpErrorText } from './otp-modal.tsx';
import { AppToaster } from './toast.tsx';

function renderModal(props: Partial<Parameters<typeof OtpModal>[0]> = {}) {
  const onVerify = props.onVerify ?? vi.fn(async () => {});
  render(
    <>
      <OtpModal open onOpenChange={() => {}} onVerify={onVerify} {...props} />
      <AppToaster />
    </>,
  );
  return { onVerify, dialog: screen.getByRole('dialog') };
}

const boxes = () => within(screen.getByRole('dialog')).getAllByRole('textbox');
const codeGroup = () => screen.getByRole('group', { name: 'Код подтверждения' });

describe('OtpModal', () => {
  it('has the default Russian title and six single-digit boxes that take digits only', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByRole('heading', { name: 'Подтверждение OTP' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    await user.click(boxes()[0]!);
    await user.keyboard('4x2');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '2', '', '', '', '']);
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
  });

  it('shows the given title', () => {
    renderModal({ title: WALLET_TEXT.confirmWithdrawal });
    expect(screen.getByRole('heading', { name: 'Confirm Withdrawal' })).toBeInTheDocument();
  });

  it('refuses fewer than six digits with the spec message and does not call the server', async () => {
    const user = userEvent.setup();
    const { onVerify } = renderModal();
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('Введите полный 6-значный код')).toBeInTheDocument();
    expect(codeGroup()).toHaveAttribute('aria-invalid', 'true');
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("sends a pasted code, reading 'Checking...' while the check runs", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onVerify = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderModal({ onVerify });
    await user.click(boxes()[0]!);
    await user.paste('12-34 56');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(onVerify).toHaveBeenCalledWith('123456');
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeEnabled();
  });

  it("shows the server's detail as an error toast and marks the boxes", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn(async () => {
      throw Object.assign(new Error('bad'), {
        status: 400,
        body: { detail: 'Неверный или просроченный код' },
      });
    });
    renderModal({ onVerify });
    await user.click(boxes()[0]!);
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Неверный или просроченный код')).toBeInTheDocument();
    expect(codeGroup()).toHaveAttribute('aria-invalid', 'true');
    await user.click(boxes()[5]!);
    await user.keyboard('{Backspace}');
    expect(codeGroup()).not.toHaveAttribute('aria-invalid');
  });

  it("falls back to 'Ошибка верификации' without a detail", async () => {
    const user = userEvent.setup();
    renderModal({
      onVerify: async () => {
        throw new Error('offline');
      },
    });
    await user.click(boxes()[0]!);
    await user.paste('222222');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Ошибка верификации')).toBeInTheDocument();
  });
});

describe('OtpModal: focus and paste', () => {
  it('puts the focus in the first code box when it opens', async () => {
    renderModal();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
  });

  it('puts the focus in the first box when it opens over another dialog (the wallet modal)', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [otp, setOtp] = useState(false);
      return (
        <Modal open onOpenChange={() => {}} title="Wallet">
          <button type="button" onClick={() => setOtp(true)}>
            Create
          </button>
          <OtpModal open={otp} onOpenChange={setOtp} onVerify={async () => {}} />
        </Modal>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const otpDialog = await screen.findByRole('dialog', { name: 'Подтверждение OTP' });
    await waitFor(() => expect(within(otpDialog).getByLabelText('Цифра 1 из 6')).toHaveFocus());
    // Closing it gives the focus back to what opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus());
  });

  it.each(['123456', '123 456', ' 123-456 ', '12 34 56'])(
    'a pasted code %j fills all six boxes',
    async (code) => {
      const user = userEvent.setup();
      renderModal();
      await waitFor(() => expect(boxes()[0]).toHaveFocus());
      await user.paste(code);
      expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    },
  );
});

describe('otpErrorText', () => {
  it("shows the server's detail, else 'Ошибка верификации'; the error text only when asked", () => {
    expect(otpErrorText(new ApiError(400, { detail: 'Код истёк' }, 'х'))).toBe('Код истёк');
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'х'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'х'), { orError: true })).toBe(
      'Нет средств',
    );
    expect(otpErrorText(new ApiError(0, null, 'offline', 'network'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new Error('boom'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new ApiError(400, { detail: 'Invalid code' }, 'x'))).toBe(HTTP_ERROR_TEXT.badRequest);
  });
});
