import { Scale } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Disputes page: an honest placeholder until the section is built. */
export function DisputesPage() {
  return (
    <>
      <PageHeader title="Disputes" description="Disputes between merchants and traders, with evidence." />
      <PlaceholderPanel
        icon={<Scale size={22} />}
        upcoming={[
          'Dispute list with status filter',
          'Evidence files',
          'Resolution by support',
          'Dispute history',
        ]}
      />
    </>
  );
}
