import { type ForwarderSetupResponse, TERMINAL_MESSAGES, type TerminalListItem } from '@app/shared';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { answerFieldText } from '../../api/errors.ts';
import { Button, ConfirmModal, notify, OverlayLoader } from '../../ui/index.ts';
import { BadPairingDataError, useNewHookUrl } from './api.ts';

/** Russian words of the card's 'Новый URL'. */
export const NEW_URL_TEXT = {
  action: 'Новый URL',
  confirmTitle: 'Выдать новый URL?',
  confirmText: (name: string) =>
    `Старый URL терминала «${name}» перестанет работать сразу: пока вы не вставите в приложение на телефоне новые данные, уведомления банка до сервиса не дойдут.`,
  confirm: 'Выдать новый URL',
  cancel: 'Отмена',
  failed: 'Не удалось выдать новый URL',
} as const;

// The setup screen and qrcode.react load only when a URL is being renewed (or a terminal added).
const loadSetupScreen = () => import('./forwarder-setup-screen.tsx');
const ForwarderSetupScreen = lazy(() =>
  loadSetupScreen().then((module) => ({ default: module.ForwarderSetupScreen })),
);

/**
 * 'Новый URL' of a forwarder terminal (issue 24): after a confirmation that says the old URL stops working at
 * once, POST hook-url and open the same setup screen as pairing, with the new URL (and secret).
 */
export function NewUrlAction({
  terminal,
  touch = false,
  className,
}: {
  terminal: TerminalListItem;
  /** A 48 px button for the phone layout; otherwise a quiet small one. */
  touch?: boolean;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [setup, setSetup] = useState<ForwarderSetupResponse | null>(null);
  const renew = useNewHookUrl();

  const confirm = async () => {
    try {
      const data = await renew.mutateAsync(terminal.id);
      setConfirming(false);
      setSetup(data);
    } catch (error) {
      setConfirming(false);
      notify.error(
        error instanceof BadPairingDataError
          ? TERMINAL_MESSAGES.badServerData
          : answerFieldText(error, 'detail', NEW_URL_TEXT.failed),
      );
    }
  };

  return (
    <>
      <Button
        variant={touch ? 'secondary' : 'ghost'}
        size={touch ? 'lg' : 'sm'}
        leftIcon={<RefreshCw size={touch ? 16 : 14} />}
        className={className}
        onClick={() => {
          void loadSetupScreen();
          setConfirming(true);
        }}
      >
        {NEW_URL_TEXT.action}
      </Button>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={NEW_URL_TEXT.confirmTitle}
        description={NEW_URL_TEXT.confirmText(terminal.name)}
        confirmLabel={NEW_URL_TEXT.confirm}
        cancelLabel={NEW_URL_TEXT.cancel}
        busy={renew.isPending}
        onConfirm={confirm}
      />
      {setup ? (
        <Suspense fallback={<OverlayLoader />}>
          <ForwarderSetupScreen data={setup} renewed onFinish={() => setSetup(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
