import { Scale } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Disputes page: an honest placeholder until the section is built. */
export function DisputesPage() {
  return (
    <>
      <PageHeader title="Disputes" description="Споры между мерчантами и трейдерами, с доказательствами." />
      <PlaceholderPanel
        icon={<Scale size={22} />}
        upcoming={[
          'Список споров с фильтром по статусу',
          'Файлы доказательств',
          'Решение спора поддержкой',
          'История спора',
        ]}
      />
    </>
  );
}
