import { FORWARDER_APPS, type ForwarderApp, type TerminalApp } from '@app/shared';

/** What each app forwards, one line under its name in the app choice (Russian; the names stay the apps' own). */
export const APP_FORWARDS: Record<TerminalApp, string> = {
  'terminal-manager': 'SMS и push-уведомления банков, подключение по QR-коду',
  smsforwarder: 'SMS и push-уведомления банков',
  'sms-gateway': 'только SMS',
  'sms-to-url': 'только SMS',
  automation: 'push-уведомления и SMS через автоматизацию',
};

/** A forwarder app (one that posts to the terminal's URL), as opposed to our QR-paired device protocol. */
export function isForwarderApp(app: TerminalApp): app is ForwarderApp {
  return (FORWARDER_APPS as readonly string[]).includes(app);
}
