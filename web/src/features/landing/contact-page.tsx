import { SUPPORT_CONTACTS } from '@app/shared';
import { SUPPORT_CHANNELS } from './contacts.ts';
import { PublicIcon, PublicLayout, PublicPageIntro } from './public-layout.tsx';

/** /contact: how to reach support; hours and response times come from one place (SUPPORT_CONTACTS). */
export function ContactPage() {
  const { email, telegram } = SUPPORT_CHANNELS;
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="Контакты" title="Мы на связи">
        <p>Вопрос об аккаунте, платеже или споре? Напишите нам. {SUPPORT_CONTACTS.hours}.</p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-2">
        <a
          href={email.href}
          className="group rounded-xl border border-gray-200 p-6 transition hover:border-brand-300 hover:shadow-card sm:p-7"
        >
          <PublicIcon>
            <email.icon size={20} />
          </PublicIcon>
          <h2 className="mt-5 text-h3 text-gray-900">{email.label}</h2>
          <p className="mt-1 text-body font-medium break-all text-brand-700 group-hover:underline">
            {email.value}
          </p>
          <p className="mt-2 text-small text-gray-500">{email.response}.</p>
        </a>
        <div className="rounded-xl border border-gray-200 p-6 sm:p-7">
          <PublicIcon>
            <telegram.icon size={20} />
          </PublicIcon>
          <h2 className="mt-5 text-h3 text-gray-900">{telegram.label}</h2>
          <p className="mt-1 text-body font-medium text-gray-900">{telegram.value}</p>
          <p className="mt-2 text-small text-gray-500">{telegram.response}.</p>
        </div>
      </section>
    </PublicLayout>
  );
}
