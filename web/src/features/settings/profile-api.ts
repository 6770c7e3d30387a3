import {
  API,
  type ChangeAvatarResponse,
  type ChangeUsernameResponse,
  type NotifySettingsRequest,
  type NotifySettingsResponse,
  type UserInfo,
} from '@app/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { authKeys, dashboardKeys, profileKeys } from '../../api/query-keys.ts';
import type { CheckAuthResponse } from '../auth/api.ts';

/** GET api/account/user_info/: username, email, avatar, lead flag and the two notification switches. */
export function useUserInfo() {
  return useQuery({
    queryKey: profileKeys.userInfo,
    queryFn: ({ signal }) => apiClient.get<UserInfo>(API.settings.userInfo, { signal }),
  });
}

/**
 * After a username or avatar change every place that shows them follows: the settings data and the signed-in
 * user (top bar) at once, the dashboard header by refetching.
 */
function showEverywhere(queryClient: QueryClient, change: Partial<Pick<UserInfo, 'username' | 'avatar'>>) {
  queryClient.setQueryData<UserInfo>(profileKeys.userInfo, (info) => (info ? { ...info, ...change } : info));
  queryClient.setQueryData<CheckAuthResponse>(authKeys.check, (data) =>
    data ? { ...data, user: { ...data.user, ...change } } : data,
  );
  return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/** POST /account/user/change-username/ {username}. */
export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      apiClient.post<ChangeUsernameResponse>(API.settings.changeUsername, { username }),
    onSuccess: (data) => showEverywhere(queryClient, { username: data.username }),
  });
}

/** POST /account/user/change-avatar/ as multipart with the field `avatar`. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return apiClient.post<ChangeAvatarResponse>(API.settings.changeAvatar, form);
    },
    onSuccess: (data) => showEverywhere(queryClient, { avatar: data.avatar_url }),
  });
}

/** Which switch a notification change flips, by its field in user_info. */
export type NotificationField = 'notification_payments' | 'notification_account';

/** The request body of one switch: the payments switch is sent as `notification_paymets` (spec §7 spelling). */
export function notifyBody(field: NotificationField, value: boolean): NotifySettingsRequest {
  return field === 'notification_payments'
    ? { notification_paymets: value }
    : { notification_account: value };
}

/**
 * PUT /api/account/change_notify_settings/: the switch moves at once (optimistic); a refusal puts it back.
 */
export function useChangeNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, value }: { field: NotificationField; value: boolean }) =>
      apiClient.put<NotifySettingsResponse>(API.settings.notifySettings, notifyBody(field, value)),
    onMutate: async ({ field, value }) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.userInfo });
      const previous = queryClient.getQueryData<UserInfo>(profileKeys.userInfo);
      queryClient.setQueryData<UserInfo>(profileKeys.userInfo, (info) =>
        info ? { ...info, [field]: value } : info,
      );
      return { previous };
    },
    onError: (_error, { field }, context) => {
      const before = context?.previous?.[field];
      if (before === undefined) return;
      queryClient.setQueryData<UserInfo>(profileKeys.userInfo, (info) =>
        info ? { ...info, [field]: before } : info,
      );
    },
    onSuccess: (data) =>
      queryClient.setQueryData<UserInfo>(profileKeys.userInfo, (info) =>
        info
          ? {
              ...info,
              notification_payments: data.notification_payments,
              notification_account: data.notification_account,
            }
          : info,
      ),
  });
}
