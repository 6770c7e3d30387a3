import { TERMINAL_APP_LABELS, TERMINAL_APPS, type TerminalApp } from '@app/shared';
import { ChevronRight, Inbox, ListChecks, MessageCircle, Send, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Modal } from '../../ui/index.ts';
import { APP_FORWARDS } from './terminal-apps.ts';

/** Russian words of the app choice. */
export const CHOICE_TEXT = {
  title: 'Выберите приложение',
  description: 'Какое приложение на телефоне будет пересылать сервису уведомления банка.',
} as const;

// Icons the app already ships: the icons chunk is loaded by every page, /welcome included.
const ICONS: Record<TerminalApp, ReactNode> = {
  'terminal-manager': <Smartphone size={20} />,
  smsforwarder: <Send size={20} />,
  'sms-gateway': <MessageCircle size={20} />,
  'sms-to-url': <Inbox size={20} />,
  automation: <ListChecks size={20} />,
};

/**
 * The first step of 'Add Terminal Now' (issue 24): which app the phone runs — our QR-paired Terminal Manager
 * or one of the forwarder apps a trader can install today — each with what it forwards. Choosing one goes on
 * to the one-time code.
 */
export function AppChoiceModal({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (app: TerminalApp) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={CHOICE_TEXT.title}
      description={CHOICE_TEXT.description}
    >
      <ul className="flex flex-col gap-2.5" data-testid="terminal-app-choice">
        {TERMINAL_APPS.map((app) => (
          <li key={app}>
            <button
              type="button"
              onClick={() => onChoose(app)}
              data-app={app}
              className="group flex min-h-16 w-full items-center gap-3.5 rounded-xl border border-gray-200 bg-white px-4 py-3 text-left transition hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/25"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                {ICONS[app]}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span data-literal className="text-body font-semibold text-gray-900">
                  {TERMINAL_APP_LABELS[app]}
                </span>
                <span className="text-small text-gray-500">{APP_FORWARDS[app]}</span>
              </span>
              <ChevronRight
                size={18}
                aria-hidden
                className="shrink-0 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600"
              />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
