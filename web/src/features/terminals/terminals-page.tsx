import { Smartphone } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Terminals page: an honest placeholder until the section is built. */
export function TerminalsPage() {
  return (
    <>
      <PageHeader title="Terminals" description="Devices that receive payments and report their charge." />
      <PlaceholderPanel
        icon={<Smartphone size={22} />}
        upcoming={[
          'Terminal cards with charge level',
          'Linking payment methods',
          'Add Terminal Now with QR activation',
          'Search and status filter',
        ]}
      />
    </>
  );
}
