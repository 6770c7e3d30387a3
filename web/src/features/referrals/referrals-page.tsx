import { Users } from 'lucide-react';
import { PageHeader, PlaceholderPanel } from '../../ui/index.ts';

/** Referrals page: an honest placeholder until the section is built. */
export function ReferralsPage() {
  return (
    <>
      <PageHeader title="Referrals" description="Реферальные коды и приглашённые вами трейдеры." />
      <PlaceholderPanel
        icon={<Users size={22} />}
        upcoming={[
          'Список рефералов',
          'Создание реферального кода',
          'Подробности реферала',
          'Доход от рефералов',
        ]}
      />
    </>
  );
}
