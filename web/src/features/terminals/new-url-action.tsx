import { type ForwarderSetupResponse, TERMINAL_MESSAGES, type TerminalListItem } from '@app/shared';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { readError } from '../../api/errors.ts';
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

/** Where a card's 'Новый URL' stands: nothing open, the confirmation, or the setup screen with the new data. */
export type NewUrlState =
  | { step: 'idle' }
  | { step: 'confirm' }
  | { step: 'setup'; data: ForwarderSetupResponse };

// The setup screen and qrcode.react load only when a URL is being renewed (or a terminal added).
const loadSetupScreen = () => import('./forwarder-setup-screen.tsx');
const ForwarderSetupScreen = lazy(() =>
  loadSetupScreen().then((module) => ({ default: module.ForwarderSetupScreen })),
);

/** The card's 'Новый URL' button; its chunk starts loading with the click, while the user confirms. */
export function NewUrlButton({
  onClick,
  touch = false,
  className,
}: {
  onClick: () => void;
  /** A 48 px button for the phone layout; otherwise a quiet small one. */
  touch?: boolean;
  className?: string;
}) {
  return (
    <Button
      variant={touch ? 'secondary' : 'ghost'}
      size={touch ? 'lg' : 'sm'}
      leftIcon={<RefreshCw size={touch ? 16 : 14} />}
      className={className}
      onClick={() => {
        void loadSetupScreen();
        onClick();
      }}
    >
      {NEW_URL_TEXT.action}
    </Button>
  );
}

/**
 * 'Новый URL' of a forwarder terminal (issue 24): a confirmation that says the old URL stops working at once,
 * then POST hook-url and the same setup screen as pairing, with the new URL (and secret). The state lives in
 * the card, so the screen — the only place the new URL is shown — stays open when the card changes layout.
 */
export function NewUrlDialogs({
  terminal,
  state,
  onStateChange,
}: {
  terminal: TerminalListItem;
  state: NewUrlState;
  onStateChange: (state: NewUrlState) => void;
}) {
  const renew = useNewHookUrl();

  const confirm = async () => {
    try {
      onStateChange({ step: 'setup', data: await renew.mutateAsync(terminal.id) });
    } catch (error) {
      onStateChange({ step: 'idle' });
      notify.error(
        error instanceof BadPairingDataError
          ? TERMINAL_MESSAGES.badServerData
          : (readError(error).answer('detail') ?? NEW_URL_TEXT.failed),
      );
    }
  };

  return (
    <>
      <ConfirmModal
        open={state.step === 'confirm'}
        onOpenChange={(open) => onStateChange(open ? { step: 'confirm' } : { step: 'idle' })}
        title={NEW_URL_TEXT.confirmTitle}
        description={NEW_URL_TEXT.confirmText(terminal.name)}
        confirmLabel={NEW_URL_TEXT.confirm}
        cancelLabel={NEW_URL_TEXT.cancel}
        busy={renew.isPending}
        onConfirm={confirm}
      />
      {state.step === 'setup' ? (
        <Suspense fallback={<OverlayLoader />}>
          <ForwarderSetupScreen data={state.data} renewed onFinish={() => onStateChange({ step: 'idle' })} />
        </Suspense>
      ) : null}
    </>
  );
}
