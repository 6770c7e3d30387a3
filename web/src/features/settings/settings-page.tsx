import { Settings } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Settings page: an honest placeholder until the section is built. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Профиль, кошельки и подключение Telegram." />
      <PlaceholderPanel
        icon={<Settings size={22} />}
        upcoming={[
          'Профиль и пароль',
          'Белый список кошельков (для лидов)',
          'Подключение Telegram',
          'Уведомления',
        ]}
      />
    </>
  );
}
