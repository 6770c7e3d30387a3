import { MERCHANT_TEXT, NOT_A_LEAD_STATUS } from '@app/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useIsLead } from '../../api/lead-store.ts';
import { PageHeader, Spinner } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { useWhitelist } from '../wallet/api.ts';
import { ApiSection } from './api-section.tsx';
import { ConnectionSection } from './connection-section.tsx';
import { NotificationSection } from './notification-section.tsx';
import { useUserInfo } from './profile-api.ts';
import { ProfileSection } from './profile-section.tsx';
import { SettingsMenu, type SettingsMenuGroup } from './settings-menu.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import { WalletsSection } from './wallets-section.tsx';

/** The hash of the merchant's API section. */
export const API_SECTION_HASH = '#api';
export const PROFILE_HASH = '#profile';
export const CONNECTION_HASH = '#connection';
export const NOTIFICATION_HASH = '#notification';
export const WALLET_HASH = '#wallet';

/**
 * Whether the lead's Wallets section exists: only for leads, and only while GET wallet white answers (a 451
 * says the server does not count this user as a lead). `decided` is false while that is still unknown.
 */
function useWalletsAvailability(): { available: boolean; decided: boolean } {
  const storedLead = useIsLead();
  const userInfo = useUserInfo();
  const isLead = userInfo.data?.is_lead ?? storedLead;
  const whitelist = useWhitelist(isLead);
  if (!isLead) return { available: false, decided: !userInfo.isPending };
  // Only the first answer is awaited: a retry after a failure (status back to pending) keeps the section.
  if (whitelist.isPending && whitelist.dataUpdatedAt === 0 && whitelist.errorUpdatedAt === 0) {
    return { available: false, decided: false };
  }
  return { available: !isApiError(whitelist.error, NOT_A_LEAD_STATUS), decided: true };
}

/**
 * Settings (spec §2 Settings): hash sections #profile (the default), #connection, #notification, #wallet for
 * leads with a whitelist, and the merchant's #api, under the collapsible Account and Telegram menu groups.
 */
export function SettingsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const isMerchant = useAuthUser().role === 'merchant';
  const wallets = useWalletsAvailability();

  const allowed = [PROFILE_HASH, CONNECTION_HASH, NOTIFICATION_HASH];
  if (wallets.available) allowed.push(WALLET_HASH);
  if (isMerchant) allowed.push(API_SECTION_HASH);
  const waitingForWallets = hash === WALLET_HASH && !wallets.decided;
  const section = allowed.includes(hash) ? hash : waitingForWallets ? WALLET_HASH : PROFILE_HASH;

  // No hash, an unknown one, or a section this user does not get: the address says #profile.
  useEffect(() => {
    if (!allowed.includes(hash) && !waitingForWallets) {
      void navigate({ hash: PROFILE_HASH }, { replace: true });
    }
  });

  const account: SettingsMenuGroup = {
    id: 'account',
    label: T.groupAccount,
    entries: [
      { hash: PROFILE_HASH, label: T.profile },
      ...(wallets.available ? [{ hash: WALLET_HASH, label: T.wallets }] : []),
      ...(isMerchant ? [{ hash: API_SECTION_HASH, label: MERCHANT_TEXT.sectionTitle }] : []),
    ],
  };
  const telegram: SettingsMenuGroup = {
    id: 'telegram',
    label: T.groupTelegram,
    entries: [
      { hash: CONNECTION_HASH, label: T.connection },
      { hash: NOTIFICATION_HASH, label: T.notification },
    ],
  };

  return (
    <>
      <PageHeader title={T.pageTitle} description={T.pageDescription} />
      <div className="grid items-start gap-6 min-[901px]:grid-cols-[14rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)]">
        <SettingsMenu groups={[account, telegram]} activeHash={section} />
        <div className="min-w-0">
          {waitingForWallets ? (
            <div className="flex justify-center py-16">
              <Spinner size={22} label="Загрузка…" />
            </div>
          ) : section === API_SECTION_HASH ? (
            <ApiSection />
          ) : section === WALLET_HASH ? (
            <WalletsSection />
          ) : section === CONNECTION_HASH ? (
            <ConnectionSection />
          ) : section === NOTIFICATION_HASH ? (
            <NotificationSection />
          ) : (
            <ProfileSection />
          )}
        </div>
      </div>
    </>
  );
}
