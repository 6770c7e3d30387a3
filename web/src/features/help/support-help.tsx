import { SUPPORT_CONTACTS } from '@app/shared';
import { Clock, Mail, MessageCircle } from 'lucide-react';
import { SUPPORT_EMAIL, SUPPORT_TELEGRAM } from '../landing/contacts.ts';
import { P } from './help-prose.tsx';

/** A Telegram username as a t.me link. */
export function telegramUrl(username: string): string {
  return `https://t.me/${username.replace(/^@/, '')}`;
}

/** Support → technical-support: 24/7 and how to reach us (the same contacts as the public /contact page). */
export function SupportHelp() {
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-body font-medium text-gray-900">
        <Clock size={18} aria-hidden className="shrink-0 text-brand-600" />
        {SUPPORT_CONTACTS.hours}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <a
          href={telegramUrl(SUPPORT_TELEGRAM)}
          target="_blank"
          rel="noopener noreferrer"
          className="group flex gap-3 rounded-xl border border-gray-200 p-4 transition hover:border-brand-300 hover:shadow-card"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <MessageCircle size={20} aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block text-small text-gray-500">Telegram</span>
            <span className="block text-body font-medium text-brand-700 group-hover:underline">
              {SUPPORT_TELEGRAM}
            </span>
            <span className="mt-1 block text-small text-gray-500">{SUPPORT_CONTACTS.telegramResponse}.</span>
          </span>
        </a>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="group flex gap-3 rounded-xl border border-gray-200 p-4 transition hover:border-brand-300 hover:shadow-card"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Mail size={20} aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block text-small text-gray-500">Электронная почта</span>
            <span className="block text-body font-medium break-all text-brand-700 group-hover:underline">
              {SUPPORT_EMAIL}
            </span>
            <span className="mt-1 block text-small text-gray-500">{SUPPORT_CONTACTS.emailResponse}.</span>
          </span>
        </a>
      </div>
      <P>
        Чтобы мы ответили быстрее, напишите с почты вашего аккаунта и укажите ID сделки, спора или терминала,
        а для пополнений и выводов — хеш транзакции. Не присылайте пароль и коды из писем: поддержка их
        никогда не спрашивает.
      </P>
    </div>
  );
}
