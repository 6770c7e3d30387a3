import { BookCheck, Eye, Lock } from 'lucide-react';
import { PublicLayout, PublicPageIntro } from './public-layout.tsx';

const VALUES = [
  {
    icon: <BookCheck size={20} />,
    title: 'Accounted to the cent',
    text: 'Every movement of money is a balanced ledger entry. Balances can always be proven from history.',
  },
  {
    icon: <Lock size={20} />,
    title: 'Secure by default',
    text: 'One-time e-mail codes on sign-in, sessions you can end, and withdrawals confirmed by code.',
  },
  {
    icon: <Eye size={20} />,
    title: 'Transparent',
    text: 'Merchants and traders see the same deal, the same status and the same evidence in a dispute.',
  },
];

/** /about: who we are. */
export function AboutPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="About" title="Payment infrastructure that people can trust with money">
        <p>
          Processing connects businesses that accept payments with traders who provide payment details, and
          settles everything in USDT. We build the rails, the rules and the support around them.
        </p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-3">
        {VALUES.map((value) => (
          <div key={value.title} className="rounded-xl border border-gray-200 p-6">
            <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              {value.icon}
            </div>
            <h2 className="mt-5 text-h3 text-gray-900">{value.title}</h2>
            <p className="mt-2 text-small leading-relaxed text-gray-500">{value.text}</p>
          </div>
        ))}
      </section>
    </PublicLayout>
  );
}
