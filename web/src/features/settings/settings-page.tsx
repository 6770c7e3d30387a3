import { MERCHANT_TEXT } from '@app/shared';
import { Settings } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cx, PageHeader, PlaceholderPanel } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { ApiSection } from './api-section.tsx';

/** The hash of the merchant's API section. */
export const API_SECTION_HASH = '#api';

/** The menu a merchant gets: the general settings and the API section. */
function MerchantMenu({ hash }: { hash: string }) {
  const entries = [
    { hash: '#profile', label: 'Профиль', active: hash !== API_SECTION_HASH },
    { hash: API_SECTION_HASH, label: MERCHANT_TEXT.sectionTitle, active: hash === API_SECTION_HASH },
  ];
  return (
    <nav aria-label="Разделы настроек" className="mb-6 flex gap-1 border-b border-gray-200">
      {entries.map((entry) => (
        <Link
          key={entry.hash}
          to={{ hash: entry.hash }}
          aria-current={entry.active ? 'page' : undefined}
          className={cx(
            '-mb-px border-b-2 px-3 py-2.5 text-[0.875rem] font-medium transition-colors',
            entry.active
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-gray-500 hover:text-gray-900',
          )}
        >
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Settings page: the merchant's #api section (issue 10); everything else is an honest placeholder until
 * its issue builds the page.
 */
export function SettingsPage() {
  const { hash } = useLocation();
  const isMerchant = useAuthUser().role === 'merchant';
  return (
    <>
      <PageHeader title="Settings" description="Профиль, кошельки и подключение Telegram." />
      {isMerchant ? <MerchantMenu hash={hash} /> : null}
      {isMerchant && hash === API_SECTION_HASH ? (
        <ApiSection />
      ) : (
        <PlaceholderPanel
          icon={<Settings size={22} />}
          upcoming={[
            'Профиль и пароль',
            'Белый список кошельков (для лидов)',
            'Подключение Telegram',
            'Уведомления',
          ]}
        />
      )}
    </>
  );
}
