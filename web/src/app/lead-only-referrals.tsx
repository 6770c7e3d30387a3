import { ReferralsPage } from '../features/referrals/referrals-page.tsx';
import { LeadGuard } from './lead-guard.tsx';

/** /referrals behind the lead-only guard, loaded as one chunk with the page. */
export function LeadOnlyReferrals() {
  return (
    <LeadGuard>
      <ReferralsPage />
    </LeadGuard>
  );
}
