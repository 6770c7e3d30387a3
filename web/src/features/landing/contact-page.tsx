import { Mail, MessageCircle } from 'lucide-react';
import { SUPPORT_EMAIL, SUPPORT_TELEGRAM } from './contacts.ts';
import { PublicLayout, PublicPageIntro } from './public-layout.tsx';

/** /contact: how to reach support. */
export function ContactPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="Contact" title="We are here to help">
        <p>
          Questions about your account, a payment or a dispute? Write to us — support works around the clock.
        </p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-2">
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="group rounded-xl border border-gray-200 p-6 transition hover:border-brand-300 hover:shadow-card sm:p-7"
        >
          <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Mail size={20} />
          </div>
          <h2 className="mt-5 text-h3 text-gray-900">E-mail</h2>
          <p className="mt-1 text-body font-medium text-brand-700 group-hover:underline">{SUPPORT_EMAIL}</p>
          <p className="mt-2 text-small text-gray-500">
            We answer within one business day, usually much faster.
          </p>
        </a>
        <div className="rounded-xl border border-gray-200 p-6 sm:p-7">
          <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <MessageCircle size={20} />
          </div>
          <h2 className="mt-5 text-h3 text-gray-900">Telegram</h2>
          <p className="mt-1 text-body font-medium text-gray-900">{SUPPORT_TELEGRAM}</p>
          <p className="mt-2 text-small text-gray-500">Technical support 24/7 for traders and merchants.</p>
        </div>
      </section>
    </PublicLayout>
  );
}
