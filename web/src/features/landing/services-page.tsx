import { Building2, Handshake, Headset, Wallet } from 'lucide-react';
import { PublicIcon, PublicLayout, PublicPageIntro } from './public-layout.tsx';

const SERVICES = [
  {
    icon: <Building2 size={20} />,
    title: 'Мерчантам',
    points: [
      'Приём платежей по картам и СБП',
      'API заказов с подписанными вебхуками',
      'Разбор споров с доказательствами',
    ],
  },
  {
    icon: <Wallet size={20} />,
    title: 'Трейдерам',
    points: [
      'Платёжные реквизиты, привязанные к терминалам',
      'Автоматическое подтверждение сделок',
      'Пополнение в USDT в сети TRC20',
    ],
  },
  {
    icon: <Handshake size={20} />,
    title: 'Партнёрам',
    points: [
      'Реферальные коды для вашей сети',
      'Доля прибыли приглашённых',
      'Белый список адресов для вывода',
    ],
  },
  {
    icon: <Headset size={20} />,
    title: 'Поддержка',
    points: ['Помощь в Telegram круглосуточно', 'Арбитраж споров', 'Инструкции для начала работы'],
  },
];

/** /services: what the product offers. */
export function ServicesPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="Услуги" title="Одна платформа для мерчантов, трейдеров и партнёров">
        <p>От первого платежа до итогового расчёта — у каждой стороны есть нужные инструменты.</p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-2">
        {SERVICES.map((service) => (
          <div key={service.title} className="rounded-xl border border-gray-200 p-6 sm:p-7">
            <div className="flex items-center gap-3">
              <PublicIcon>{service.icon}</PublicIcon>
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
