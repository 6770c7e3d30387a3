import { SETTINGS_MESSAGES } from '@app/shared';
import { readError } from '../../api/errors.ts';
import { Card, CardHeader, ErrorState, notify, Switch } from '../../ui/index.ts';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { type NotificationField, useChangeNotification, useUserInfo } from './profile-api.ts';
import { SETTINGS_TEXT as T } from './settings-texts.ts';

const SWITCHES: Array<{ field: NotificationField; label: string; hint: string }> = [
  { field: 'notification_payments', label: T.notifyPayments, hint: T.notifyPaymentsHint },
  { field: 'notification_account', label: T.notifyAccount, hint: T.notifyAccountHint },
];

/** #notification: the two Telegram notification switches, each saved at once (optimistic, rolled back on error). */
export function NotificationSection() {
  const info = useUserInfo();
  const change = useChangeNotification();

  const toggle = (field: NotificationField, value: boolean) => {
    change.mutate(
      { field, value },
      {
        onSuccess: () => notify.success(SETTINGS_MESSAGES.success),
        onError: (error) => notify.error(readError(error).text),
      },
    );
  };

  return (
    <Card aria-labelledby="notification-title">
      <CardHeader
        title={<span id="notification-title">{T.notificationTitle}</span>}
        description={T.notificationDescription}
      />
      {info.isPending ? (
        <SkeletonStack shapes={['h-10 w-full', 'h-10 w-full']} className="flex flex-col gap-4" />
      ) : info.isError ? (
        <ErrorState title={T.loadFailedTitle} message={SETTINGS_MESSAGES.userInfoLoadFailed} retry={info} />
      ) : (
        <div className="flex flex-col divide-y divide-gray-100">
          {SWITCHES.map(({ field, label, hint }) => (
            <Switch
              key={field}
              className="py-4 first:pt-0 last:pb-0"
              checked={info.data[field]}
              onCheckedChange={(value) => toggle(field, value)}
              disabled={change.isPending && change.variables?.field === field}
              label={label}
              description={hint}
            />
          ))}
        </div>
      )}
    </Card>
  );
}
