import { SUPPORT_CONTACTS } from '@app/shared';
import { Mail, MessageCircle } from 'lucide-react';
import { SUPPORT_EMAIL, SUPPORT_TELEGRAM } from './contacts.ts';
import { PublicIcon, PublicLayout, PublicPageIntro } from './public-layout.tsx';

/** /contact: how to reach support; hours and response times come from one place (SUPPORT_CONTACTS). */
export function ContactPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="Контакты" title="Мы на связи">
        <p>Вопрос об аккаунте, платеже или споре? Напишите нам. {SUPPORT_CONTACTS.hours}.</p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-2">
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="group rounded-xl border border-gray-200 p-6 transition hover:border-brand-300 hover:shadow-card sm:p-7"
        >
          <PublicIcon>
            <Mail size={20} />
          </PublicIcon>
          <h2 className="mt-5 text-h3 text-gray-900">Электронная почта</h2>
          <p className="mt-1 text-body font-medium break-all text-brand-700 group-hover:underline">
            {SUPPORT_EMAIL}
          </p>
          <p className="mt-2 text-small text-gray-500">{SUPPORT_CONTACTS.emailResponse}.</p>
        </a>
        <div className="rounded-xl border border-gray-200 p-6 sm:p-7">
          <PublicIcon>
            <MessageCircle size={20} />
          </PublicIcon>
          <h2 className="mt-5 text-h3 text-gray-900">Telegram</h2>
          <p className="mt-1 text-body font-medium text-gray-900">{SUPPORT_TELEGRAM}</p>
          <p className="mt-2 text-small text-gray-500">{SUPPORT_CONTACTS.telegramResponse}.</p>
        </div>
      </section>
    </PublicLayout>
  );
}
