import { SUPPORT_CONTACTS } from '@app/shared';
import { Clock } from 'lucide-react';
import { cx } from '../../ui/index.ts';
import { SUPPORT_CHANNELS } from '../landing/contacts.ts';
import { P } from './help-prose.tsx';

/** Support → technical-support: 24/7 and how to reach us (the same contacts as the public /contact page). */
export function SupportHelp() {
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-body font-medium text-gray-900">
        <Clock size={18} aria-hidden className="shrink-0 text-brand-600" />
        {SUPPORT_CONTACTS.hours}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(['telegram', 'email'] as const).map((channel) => {
          const { label, icon: Icon, value, href, response } = SUPPORT_CHANNELS[channel];
          // Telegram opens in a new tab; the e-mail link hands over to the mail app.
          const newTab = channel === 'telegram' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
          return (
            <a
              key={channel}
              href={href}
              {...newTab}
              className="group flex gap-3 rounded-xl border border-gray-200 p-4 transition hover:border-brand-300 hover:shadow-card"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon size={20} aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block text-small text-gray-500">{label}</span>
                <span
                  className={cx(
                    'block text-body font-medium text-brand-700 group-hover:underline',
                    channel === 'email' && 'break-all',
                  )}
                >
                  {value}
                </span>
                <span className="mt-1 block text-small text-gray-500">{response}.</span>
              </span>
            </a>
          );
        })}
      </div>
      <P>
        Чтобы мы ответили быстрее, напишите с почты вашего аккаунта и укажите ID сделки, спора или терминала,
        а для пополнений и выводов — хеш транзакции. Не присылайте пароль и коды из писем: поддержка их
        никогда не спрашивает.
      </P>
    </div>
  );
}
