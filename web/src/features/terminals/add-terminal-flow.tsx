import {
  type ForwarderSetupResponse,
  PAIRING_QR_LEVEL,
  TERMINAL_MESSAGES,
  TERMINAL_TEXT,
  type TerminalApp,
  type VerifyRequestResponse,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, Copy, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { terminalsKeys } from '../../api/query-keys.ts';
import { copyText } from '../../ui/copy-text.ts';
import { formatDayTime } from '../../ui/format-date.ts';
import { Alert, Button, Modal, notify, Spinner } from '../../ui/index.ts';
import { NumberedSteps } from '../../ui/numbered-steps.tsx';
import { OtpModal } from '../../ui/otp-modal.tsx';
import {
  BadPairingDataError,
  EMPTY_TERMINAL_FILTERS,
  PAIRING_POLL_MS,
  useTerminalList,
  useVerifyForwarder,
  useVerifyRequest,
} from './api.ts';
import { ForwarderSetupScreen } from './forwarder-setup-screen.tsx';
import { QrCard } from './qr-card.tsx';
import { isForwarderApp } from './terminal-apps.ts';

/** Russian words of the pairing screens beyond the spec's own. */
export const PAIRING_TEXT = {
  otpDescription: 'Введите 6-значный код, отправленный на вашу почту, чтобы подключить терминал.',
  qrTitle: 'QR-код для подключения терминала',
  steps: 'Как подключить телефон',
  waiting: 'Ожидаем подтверждения от телефона…',
  connected: 'Терминал подключен',
  timeLeft: 'Код действует ещё',
  expired: 'Срок действия QR-кода истёк. Добавьте терминал заново.',
  restart: 'Начать заново',
  copyPayload: 'Скопировать данные QR-кода',
  copied: 'Данные QR-кода скопированы',
  copyFailed: 'Не удалось скопировать',
  /** What closing the screen before the phone pairs does (issue 25). */
  closeNotice: (until: string) =>
    `Окно можно закрыть: до ${until} терминал будет ждать телефон в списке со статусом «Ожидает телефон». Этот QR-код после закрытия больше не показать — если телефон не подключится до ${until}, добавьте терминал заново.`,
} as const;

/** The JSON the QR code carries: exactly the four fields of the verify answer (spec §3), in that order. */
export function pairingPayload(data: VerifyRequestResponse): string {
  return JSON.stringify({
    terminal_id: data.terminal_id,
    server_url: data.server_url,
    auth_key: data.auth_key,
    expires_at: data.expires_at,
  });
}

/** mm:ss left until `expiresAt`, or null once it has passed. */
export function timeLeftText(expiresAt: string, now: number): string | null {
  const left = new Date(expiresAt).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * 'Активация завершена' (spec §2): the pairing QR code (256, level H, the JSON of the verify answer), the
 * setup steps, the time left, and 'Завершить настройку'. Meanwhile the list is asked every 3 s; when the
 * terminal appears in it, the phone has confirmed (the "wait for confirmation" step).
 */
function PairingScreen({
  data,
  onFinish,
  onRestart,
}: {
  data: VerifyRequestResponse;
  onFinish: () => void;
  onRestart: () => void;
}) {
  const payload = pairingPayload(data);
  const now = useNow(1000);
  const left = timeLeftText(data.expires_at, now);
  const list = useTerminalList(EMPTY_TERMINAL_FILTERS, 1, PAIRING_POLL_MS);
  // The list shows the terminal while it waits too (pending_until set); only an activated one is connected.
  const connected = Boolean(
    list.data?.results.some((terminal) => terminal.id === data.terminal_id && terminal.activated_at !== null),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onFinish();
      }}
      title={TERMINAL_TEXT.activationTitle}
      size="lg"
      dismissOnOutsideClick={false}
      footer={
        <Button onClick={onFinish} size="lg" className="sm:w-auto" fullWidth>
          {TERMINAL_TEXT.finishSetup}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="flex w-full max-w-[256px] shrink-0 flex-col items-center gap-3">
          <QrCard
            value={payload}
            level={PAIRING_QR_LEVEL}
            title={PAIRING_TEXT.qrTitle}
            testId="pairing-qr"
            valueAttribute="data-qr-payload"
          />
          {connected ? null : left ? (
            <>
              <p
                className="flex items-center gap-1.5 text-small text-gray-500"
                data-testid="pairing-time-left"
              >
                <Clock size={14} aria-hidden />
                {PAIRING_TEXT.timeLeft}{' '}
                <span className="font-semibold text-gray-900 tabular-nums">{left}</span>
              </p>
              {/* For a phone whose camera cannot read the screen, and for the terminal simulator (README). */}
              <Button
                variant="ghost"
                size="sm"
                leftIcon={<Copy size={14} />}
                onClick={async () => {
                  try {
                    await copyText(payload);
                    notify.success(PAIRING_TEXT.copied);
                  } catch {
                    notify.error(PAIRING_TEXT.copyFailed);
                  }
                }}
              >
                {PAIRING_TEXT.copyPayload}
              </Button>
            </>
          ) : (
            <div className="flex flex-col items-center gap-2 text-center">
              <p className="text-small text-danger-600" role="alert">
                {PAIRING_TEXT.expired}
              </p>
              <Button variant="secondary" size="sm" leftIcon={<RotateCw size={14} />} onClick={onRestart}>
                {PAIRING_TEXT.restart}
              </Button>
            </div>
          )}
        </div>
        <div className="flex w-full min-w-0 flex-col gap-4">
          <h3 className="text-h3 text-gray-900">{PAIRING_TEXT.steps}</h3>
          <NumberedSteps
            steps={TERMINAL_TEXT.setupSteps}
            className="flex flex-col gap-3"
            stepClassName="text-small text-gray-700"
            bodyClassName="pt-0.5"
          />
          {connected || !left ? null : (
            <p className="text-small text-gray-600" data-testid="pairing-close-notice">
              {PAIRING_TEXT.closeNotice(formatDayTime(data.expires_at))}
            </p>
          )}
          <div role="status" data-testid="pairing-state" data-connected={connected}>
            {connected ? (
              <Alert tone="success" title={PAIRING_TEXT.connected} />
            ) : (
              <p className="flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-2.5 text-small text-gray-600">
                <Spinner size={14} className="text-brand-600" />
                {PAIRING_TEXT.waiting}
              </p>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}

/** Which words a failed code check shows (spec §8): bad pairing data, otherwise 'Ошибка верификации OTP'. */
export function verifyErrorText(error: unknown): string {
  return error instanceof BadPairingDataError ? TERMINAL_MESSAGES.badServerData : TERMINAL_MESSAGES.otpFailed;
}

export interface AddTerminalFlowProps {
  /** The pending terminal that connect-request created. */
  terminalId: string;
  /** The app chosen first (issue 24): our QR-paired app, or a forwarder app with its setup screen. */
  app: TerminalApp;
  /** The flow ended (finished, cancelled or failed). */
  onClose: () => void;
  /** Start again with a new connect-request (the QR code expired). */
  onRestart: () => void;
}

/**
 * The add-terminal flow after connect-request (spec §2, §4): the OTP dialog (its default title) sends
 * verify-request {terminal_id, otp} — with `app` for a forwarder app (issue 24); a refused code shows 'Ошибка
 * верификации OTP' and closes the dialog, an answer that is not the expected data 'Некорректные данные от
 * сервера'; then the pairing screen, or the forwarder's setup screen. Lives in its own lazy chunk with
 * qrcode.react.
 */
export function AddTerminalFlow({ terminalId, app, onClose, onRestart }: AddTerminalFlowProps) {
  const queryClient = useQueryClient();
  const verify = useVerifyRequest();
  const verifyForwarder = useVerifyForwarder();
  const [pairing, setPairing] = useState<VerifyRequestResponse | null>(null);
  const [setup, setSetup] = useState<ForwarderSetupResponse | null>(null);

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: terminalsKeys.all });
    onClose();
  };

  if (pairing) return <PairingScreen data={pairing} onFinish={finish} onRestart={onRestart} />;
  if (setup) return <ForwarderSetupScreen data={setup} onFinish={finish} />;

  return (
    <OtpModal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      description={PAIRING_TEXT.otpDescription}
      errorText={verifyErrorText}
      onVerify={async (otp) => {
        try {
          if (isForwarderApp(app)) {
            setSetup(await verifyForwarder.mutateAsync({ terminal_id: terminalId, otp, app }));
          } else {
            setPairing(await verify.mutateAsync({ terminal_id: terminalId, otp }));
          }
        } catch (error) {
          // Spec §8: the failure closes the dialog; the OTP modal still shows the toast.
          onClose();
          throw error;
        }
      }}
    />
  );
}
