import { BookCheck, Eye, Lock } from 'lucide-react';
import { PublicLayout, PublicPageIntro, PublicTile } from './public-layout.tsx';

const VALUES = [
  {
    icon: <BookCheck size={20} />,
    title: 'Учёт до цента',
    text: 'Каждое движение денег — сбалансированная проводка. Любой баланс можно подтвердить историей операций.',
  },
  {
    icon: <Lock size={20} />,
    title: 'Безопасность по умолчанию',
    text: 'Одноразовые коды из письма при входе, сеансы, которые можно завершить, и вывод средств только с подтверждением.',
  },
  {
    icon: <Eye size={20} />,
    title: 'Прозрачность',
    text: 'Мерчант и трейдер видят одну и ту же сделку, один статус и одни доказательства в споре.',
  },
];

/** /about: who we are. */
export function AboutPage() {
  return (
    <PublicLayout>
      <PublicPageIntro eyebrow="О нас" title="Платёжная инфраструктура, которой можно доверить деньги">
        <p>
          Processing связывает бизнес, который принимает платежи, с трейдерами, которые предоставляют
          реквизиты, и рассчитывается в USDT. Мы строим платёжные каналы, правила и поддержку вокруг них.
        </p>
      </PublicPageIntro>
      <section className="mx-auto grid max-w-6xl gap-5 px-5 py-16 sm:px-8 md:grid-cols-3">
        {VALUES.map((value) => (
          <PublicTile
            key={value.title}
            {...value}
            heading="h2"
            className="rounded-xl border border-gray-200 p-6"
          />
        ))}
      </section>
    </PublicLayout>
  );
}
