import { ArrowLeftRight } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Transactions page: an honest placeholder until the section is built. */
export function DealsPage() {
  return (
    <>
      <PageHeader title="Transactions" description="Deals assigned to you and their status." />
      <PlaceholderPanel
        icon={<ArrowLeftRight size={22} />}
        upcoming={[
          'Transaction table with sorting',
          'Status and date filters',
          'Confirm receipt',
          'Auto refresh',
        ]}
      />
    </>
  );
}
