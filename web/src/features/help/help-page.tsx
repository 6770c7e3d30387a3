import { LifeBuoy } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Help & Supports page: an honest placeholder until the section is built. */
export function HelpPage() {
  return (
    <>
      <PageHeader title="Help & Supports" description="Guides for beginners and 24/7 support." />
      <PlaceholderPanel
        icon={<LifeBuoy size={22} />}
        upcoming={[
          'Rating rules',
          'Connecting a terminal',
          'Connecting Telegram',
          'FAQ and technical support',
        ]}
      />
    </>
  );
}
