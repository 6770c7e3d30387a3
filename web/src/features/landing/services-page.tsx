import { Building2, Handshake, Headset, Wallet } from 'lucide-react';
import { PublicLayout, PublicPageIntro } from './public-layout.tsx';

const SERVICES = [
  {
    icon: <Building2 size={20} />,
    title: 'For merchants',
    points: ['Card and SBP acceptance', 'Order API with signed webhooks', 'Dispute handling with evidence'],
  },
  {
    icon: <Wallet size={20} />,
    title: 'For traders',
    points: [
      'Payment methods linked to terminals',
      'Automatic confirmation of deals',
      'USDT deposits on TRC20',
    ],
  },
  {
    icon: <Handshake size={20} />,
    title: 'For partners',
    points: ['Referral codes for your network', 'A share of referred profit', 'Withdrawal whitelist'],
  },
  {
    icon: <Headset size={20} />,
    title: 'Support',
    points: ['24/7 help in Telegram', 'Dispute arbitration', 'Guides for getting started'],
  },
];

/** /services: what the product offers. */
export function ServicesPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="Services" title="One platform for merchants, traders and partners">
        <p>From the first payment to the final settlement, each side gets the tools it needs.</p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-2">
        {SERVICES.map((service) => (
          <div key={service.title} className="rounded-xl border border-gray-200 p-6 sm:p-7">
            <div className="flex items-center gap-3">
              <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                {service.icon}
              </div>
              <h2 className="text-h2 text-gray-900">{service.title}</h2>
            </div>
            <ul className="mt-5 flex flex-col gap-2.5 text-body text-gray-600">
              {service.points.map((point) => (
                <li key={point} className="flex items-center gap-2.5">
                  <span className="size-1.5 rounded-full bg-brand-400" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </PublicLayout>
  );
}
