import { LifeBuoy } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Help & Supports page: an honest placeholder until the section is built. */
export function HelpPage() {
  return (
    <>
      <PageHeader
        title="Help & Supports"
        description="Инструкции для начинающих и круглосуточная поддержка."
      />
      <PlaceholderPanel
        icon={<LifeBuoy size={22} />}
        upcoming={[
          'Правила рейтинга',
          'Подключение терминала',
          'Подключение Telegram',
          'Частые вопросы и техподдержка',
        ]}
      />
    </>
  );
}
