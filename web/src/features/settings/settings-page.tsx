import { Settings } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Settings page: an honest placeholder until the section is built. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Profile, wallets and Telegram connection." />
      <PlaceholderPanel
        icon={<Settings size={22} />}
        upcoming={[
          'Profile and password',
          'Wallet whitelist (leads)',
          'Telegram connection',
          'Notifications',
        ]}
      />
    </>
  );
}
