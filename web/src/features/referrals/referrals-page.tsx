import { Users } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Referrals page: an honest placeholder until the section is built. */
export function ReferralsPage() {
  return (
    <>
      <PageHeader title="Referrals" description="Referral codes and the traders you invited." />
      <PlaceholderPanel
        icon={<Users size={22} />}
        upcoming={['Referral list', 'Create a referral code', 'Referral details', 'Earnings from referrals']}
      />
    </>
  );
}
