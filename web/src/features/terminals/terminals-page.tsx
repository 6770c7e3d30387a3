import { Smartphone } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Terminals page: an honest placeholder until the section is built. */
export function TerminalsPage() {
  return (
    <>
      <PageHeader
        title="Terminals"
        description="Устройства, которые принимают платежи и сообщают уровень заряда."
      />
      <PlaceholderPanel
        icon={<Smartphone size={22} />}
        upcoming={[
          'Карточки терминалов с уровнем заряда',
          'Привязка платёжных реквизитов',
          'Add Terminal Now с активацией по QR-коду',
          'Поиск и фильтр по статусу',
        ]}
      />
    </>
  );
}
