import {
  type ForwarderApp,
  type ForwarderSetupResponse,
  TERMINAL_APP_LABELS,
  TERMINAL_TEXT,
} from '@app/shared';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert, Button, Modal, Spinner } from '../../ui/index.ts';
import { useTerminalSignal } from './api.ts';
import { QrCard } from './qr-card.tsx';
import { AutomationGuide } from './setup-guides/automation-guide.tsx';
import { CopyField } from './setup-guides/guide-parts.tsx';
import { SmsGatewayGuide } from './setup-guides/sms-gateway-guide.tsx';
import { SmsToUrlGuide } from './setup-guides/sms-to-url-guide.tsx';
import { SmsForwarderGuide } from './setup-guides/smsforwarder-guide.tsx';
import { APP_FORWARDS } from './terminal-apps.ts';

/** Russian words of the forwarder setup screen. */
export const SETUP_TEXT = {
  title: 'Настройка',
  renewed: 'Старый URL больше не работает: вставьте в приложение новые данные.',
  data: 'Данные для приложения',
  url: 'URL',
  secret: 'Секрет',
  qrTitle: 'QR-код с URL для телефона',
  qrHint: 'Отсканируйте камерой телефона и скопируйте адрес — открывать его в браузере не нужно.',
  onlyNow: (withSecret: boolean) =>
    `${withSecret ? 'URL и секрет показываются' : 'URL показывается'} только сейчас. Если потеряете, выдайте на карточке терминала новый URL — старый сразу перестанет работать.`,
  closeEarly:
    'Окно можно закрыть и до первого запроса с телефона: терминал останется в списке «не в сети» и подключится, как только телефон пришлёт первый запрос.',
  waiting: 'Ожидаем первый запрос от телефона…',
  connected: 'Терминал подключен',
  charge: (percent: number) => `заряд ${percent}%`,
} as const;

/** The level of the URL's QR code: a URL is short, so a lighter code than the pairing one reads easier. */
const URL_QR_LEVEL = 'M';

function Guide({ app, url }: { app: ForwarderApp; url: string }) {
  switch (app) {
    case 'smsforwarder':
      return <SmsForwarderGuide />;
    case 'sms-gateway':
      return <SmsGatewayGuide url={url} />;
    case 'sms-to-url':
      return <SmsToUrlGuide />;
    case 'automation':
      return <AutomationGuide />;
  }
}

/**
 * Whether the phone has reached the terminal's URL since this screen opened: the terminal's last_ping appeared
 * (a new terminal has none before its first request), or, for a new URL of a terminal that pinged before,
 * changed from what the first answer after the URL was issued said (the old URL stops at once, so a later
 * ping came through the new one).
 */
function useConnected(terminalId: string, renewed: boolean) {
  const [opened] = useState(() => Date.now());
  const signal = useTerminalSignal(terminalId, opened);
  const [baseline, setBaseline] = useState<string | null | undefined>(renewed ? undefined : null);
  const terminal = signal.data;
  useEffect(() => {
    if (baseline === undefined && terminal !== undefined) setBaseline(terminal?.last_ping ?? null);
  }, [baseline, terminal]);
  const lastPing = terminal?.last_ping ?? null;
  const connected = baseline !== undefined && lastPing !== null && lastPing !== baseline;
  return { connected, charge: connected ? (terminal?.phone_charge ?? null) : null };
}

function SetupStatus({ connected, charge }: { connected: boolean; charge: number | null }) {
  return (
    <div
      role="status"
      data-testid="forwarder-state"
      data-connected={connected}
      // Above the button on phones (the footer stacks in reverse there), to its left from 640 px.
      className="order-last flex min-h-11 items-center gap-2 text-small sm:order-none sm:mr-auto"
    >
      {connected ? (
        <>
          <CircleCheck size={18} className="shrink-0 text-success-600" aria-hidden />
          <span className="font-semibold text-success-700">{SETUP_TEXT.connected}</span>
          {charge === null ? null : <span className="text-gray-500">· {SETUP_TEXT.charge(charge)}</span>}
        </>
      ) : (
        <>
          <Spinner size={14} className="shrink-0 text-brand-600" />
          <span className="text-gray-600">{SETUP_TEXT.waiting}</span>
        </>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="text-h3 text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The setup screen of a forwarder app (issue 24), after the one-time code or a new URL: the webhook URL and,
 * for the apps that sign, the secret, each with a copy button and shown only now; a QR code of the URL for the
 * phone; the chosen app's steps with its exact templates; and a live status that asks the list every 3 s and
 * says 'Терминал подключен' once the phone's first request arrived.
 */
export function ForwarderSetupScreen({
  data,
  renewed = false,
  onFinish,
}: {
  data: ForwarderSetupResponse;
  /** A new URL of an existing terminal (the card's 'Новый URL'), not a new terminal. */
  renewed?: boolean;
  onFinish: () => void;
}) {
  const { connected, charge } = useConnected(data.terminal_id, renewed);
  const label = TERMINAL_APP_LABELS[data.app];

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onFinish();
      }}
      title={
        <>
          {SETUP_TEXT.title} <span data-literal>{label}</span>
        </>
      }
      description={renewed ? SETUP_TEXT.renewed : APP_FORWARDS[data.app]}
      size="lg"
      dismissOnOutsideClick={false}
      footer={
        <>
          <SetupStatus connected={connected} charge={charge} />
          <Button onClick={onFinish} size="lg" className="sm:w-auto" fullWidth>
            {TERMINAL_TEXT.finishSetup}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6" data-testid="forwarder-setup" data-app={data.app}>
        <Section title={SETUP_TEXT.data}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <CopyField label={SETUP_TEXT.url} value={data.webhook_url} testId="forwarder-url" />
              {data.secret === null ? null : (
                <CopyField label={SETUP_TEXT.secret} value={data.secret} testId="forwarder-secret" />
              )}
            </div>
            <figure className="mx-auto flex w-44 shrink-0 flex-col items-center gap-2 sm:mx-0 sm:w-40">
              <QrCard
                value={data.webhook_url}
                level={URL_QR_LEVEL}
                title={SETUP_TEXT.qrTitle}
                testId="forwarder-qr"
                valueAttribute="data-qr-value"
              />
              <figcaption className="text-center text-caption text-gray-500">{SETUP_TEXT.qrHint}</figcaption>
            </figure>
          </div>
          <Alert tone="info" data-testid="forwarder-note">
            <p>{SETUP_TEXT.onlyNow(data.secret !== null)}</p>
            <p className="mt-1.5">{SETUP_TEXT.closeEarly}</p>
          </Alert>
        </Section>
        <Section title={`${SETUP_TEXT.title} на телефоне`}>
          <Guide app={data.app} url={data.webhook_url} />
        </Section>
      </div>
    </Modal>
  );
}
