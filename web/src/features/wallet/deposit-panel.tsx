import { WALLET_SUCCESS_MS, WALLET_TEXT } from '@app/shared';
import { Copy, RotateCw, TriangleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { readableText } from '../../api/errors.ts';
import { copyText } from '../../ui/copy-text.ts';
import { Alert, Button, notify, Spinner } from '../../ui/index.ts';
import { OtpModal } from '../../ui/otp-modal.tsx';
import { FluidQrCode } from '../../ui/qr-code.tsx';
import { useConfirmWalletAddress, useRequestWalletAddress, walletErrorText } from './api.ts';

export interface DepositPanelProps {
  /** undefined while loading, null when the user has no address yet. */
  address: string | null | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** Deposit tab of the 'Wallet Management' modal (spec §2 Wallet dialogs, §4 Wallet address). */
export function DepositPanel({ address, loading, failed, onRetry }: DepositPanelProps) {
  if (loading) return <WalletLoading />;
  if (failed) {
    return (
      <Alert
        tone="danger"
        role="alert"
        action={
          <Button size="sm" variant="secondary" leftIcon={<RotateCw size={14} />} onClick={onRetry}>
            Повторить
          </Button>
        }
      >
        {WALLET_TEXT.fetchAddressFailed}
      </Alert>
    );
  }
  if (!address) return <CreateWallet />;
  return <AddressView address={address} />;
}

/** The Loading state while the address is being fetched. */
export function WalletLoading() {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-small text-gray-500" role="status">
      <Spinner size={22} className="text-brand-600" />
      {WALLET_TEXT.loading}
    </div>
  );
}

/** No address yet: 'Create Wallet' mails a code, the OTP modal confirms it. */
function CreateWallet() {
  const request = useRequestWalletAddress();
  const confirm = useConfirmWalletAddress();
  const [otpOpen, setOtpOpen] = useState(false);

  const create = async () => {
    try {
      // 'exists' needs nothing here: the hook has put the address in the cache and the view switches to it.
      const answer: { status?: string; message?: string } = await request.mutateAsync();
      if (answer.status === 'otp_sent') setOtpOpen(true);
      else if (answer.status !== 'exists')
        notify.error(answer.message ? readableText(answer.message) : WALLET_TEXT.requestWalletFailed);
    } catch (error) {
      notify.error(walletErrorText(error, WALLET_TEXT.requestWalletFailed));
    }
  };

  const verify = async (otp: string) => {
    await confirm.mutateAsync(otp);
    setOtpOpen(false);
    notify.success(WALLET_TEXT.walletCreated, { duration: WALLET_SUCCESS_MS });
  };

  return (
    <div className="flex flex-col items-center px-2 py-8 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <Wallet size={22} />
      </div>
      <p className="text-body text-gray-700">{WALLET_TEXT.noAddress}</p>
      <Button className="mt-5" onClick={create} loading={request.isPending}>
        {WALLET_TEXT.createWallet}
      </Button>
      <OtpModal
        open={otpOpen}
        onOpenChange={setOtpOpen}
        title={WALLET_TEXT.confirmWalletCreation}
        description="Введите 6-значный код, отправленный на вашу почту."
        onVerify={verify}
      />
    </div>
  );
}

/** The address with a QR code, Copy and the USDT-TRC20 warning. */
function AddressView({ address }: { address: string }) {
  const copy = async () => {
    try {
      await copyText(address);
      notify.success(WALLET_TEXT.copied);
    } catch {
      notify.error(WALLET_TEXT.copyFailed);
    }
  };

  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start sm:gap-6">
      <div className="w-full max-w-[256px] shrink-0 rounded-xl border border-gray-200 bg-white p-2 sm:w-[200px]">
        <FluidQrCode value={address} title={WALLET_TEXT.addressHeading} testId="deposit-qr" />
      </div>
      <div className="flex w-full min-w-0 flex-col gap-3">
        <h3 className="text-h3 text-gray-900">{WALLET_TEXT.addressHeading}</h3>
        <div className="flex items-stretch gap-2">
          <code
            className="min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 font-mono text-small break-all text-gray-900 select-all"
            data-testid="deposit-address"
          >
            {address}
          </code>
          <Button variant="secondary" leftIcon={<Copy size={16} />} onClick={copy} className="h-auto">
            {WALLET_TEXT.copy}
          </Button>
        </div>
        <p className="flex items-start gap-2 rounded-lg bg-warning-50 px-3 py-2.5 text-small text-warning-700">
          <TriangleAlert size={16} className="mt-0.5 shrink-0" aria-hidden />
          <span>{WALLET_TEXT.depositWarning}</span>
        </p>
      </div>
    </div>
  );
}
