import { ArrowLeftRight } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Transactions page: an honest placeholder until the section is built. */
export function DealsPage() {
  return (
    <>
      <PageHeader title="Transactions" description="Назначенные вам сделки и их статусы." />
      <PlaceholderPanel
        icon={<ArrowLeftRight size={22} />}
        upcoming={[
          'Таблица сделок с сортировкой',
          'Фильтры по статусу и дате',
          'Подтверждение получения',
          'Автообновление',
        ]}
      />
    </>
  );
}
