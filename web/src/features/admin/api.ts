/**
 * The operator console's calls (issue 27) on the one API client: overview and ledger check, users (list,
 * detail, create, terms, lead flag, block, rating, balance, API keys), withdrawals, banks and rate, webhooks,
 * bank notifications and the audit log. Only the console renders these, and only for admins (app/admin-gate.tsx),
 * so no other role ever calls api/v1/admin (a 403 would log it out, spec §8).
 */
import {
  type AdminApiKey,
  type AdminAuditEntry,
  type AdminAuditQuery,
  type AdminBalanceBody,
  type AdminBank,
  type AdminBankCreateBody,
  type AdminBankPatchBody,
  type AdminCreateUserBody,
  type AdminLedgerVerification,
  type AdminNotificationStats,
  type AdminOtpAction,
  type AdminOverview,
  type AdminRate,
  type AdminRatingBody,
  type AdminRatingRecompute,
  type AdminUnparsedNotification,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminUserPatchBody,
  type AdminWebhookEvent,
  type AdminWithdrawal,
  API,
} from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { adminKeys } from '../../api/query-keys.ts';

/** A page of a console list, as every list call answers. */
export interface AdminPage<T> {
  count: number;
  results: T[];
}

/** The console's page sizes (the contracts' defaults). */
export const ADMIN_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 50;

/** A decimal typed with a comma, as the API reads it ('2,5' → '2.5'). */
export function withDot(text: string): string {
  return text.trim().replace(',', '.');
}

/** POST otp: mails the admin a code bound to `action`. */
export function useRequestAdminOtp() {
  return useMutation({
    mutationFn: (action: AdminOtpAction) => apiClient.post<{ detail: string }>(API.admin.otp, { action }),
  });
}

export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => apiClient.get<AdminOverview>(API.admin.overview, { signal }),
    refetchInterval: 60_000,
  });
}

/** POST ledger-verify: runs the check now; the overview shows the new result. */
export function useRunLedgerVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<AdminLedgerVerification>(API.admin.ledgerVerify),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
  });
}

/** Rebuilds every rating from its events; the users' ratings shown anywhere in the console may change. */
export function useRecomputeRatings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<AdminRatingRecompute>(API.admin.ratingRecompute),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface UsersFilter {
  search: string;
  role: string;
}

export function useAdminUsers(filter: UsersFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.users(filter, page),
    queryFn: ({ signal }) =>
      apiClient.get<AdminPage<AdminUserListItem>>(API.admin.users, {
        query: {
          search: filter.search || undefined,
          role: filter.role || undefined,
          page,
          page_size: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserBody) => apiClient.post<AdminUserDetail>(API.admin.users, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => apiClient.get<AdminUserDetail>(API.admin.user(id), { signal }),
  });
}

/** After a change to a user: the detail from the answer (every user action answers it), lists and overview refreshed. */
function useUserChanged(id: string) {
  const queryClient = useQueryClient();
  return (detail: AdminUserDetail) => {
    queryClient.setQueryData(adminKeys.user(id), detail);
    void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll, exact: false });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
  };
}

export function usePatchUser(id: string) {
  const changed = useUserChanged(id);
  return useMutation({
    mutationFn: (body: AdminUserPatchBody) => apiClient.patch<AdminUserDetail>(API.admin.user(id), body),
    onSuccess: (detail) => changed(detail),
  });
}

export function useAdjustRating(id: string) {
  const changed = useUserChanged(id);
  return useMutation({
    mutationFn: (body: AdminRatingBody) => apiClient.post<AdminUserDetail>(API.admin.userRating(id), body),
    onSuccess: (detail) => changed(detail),
  });
}

export function useAdjustBalance(id: string) {
  const changed = useUserChanged(id);
  return useMutation({
    mutationFn: (body: AdminBalanceBody) => apiClient.post<AdminUserDetail>(API.admin.userBalance(id), body),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUserApiKeys(id: string) {
  return useQuery({
    queryKey: adminKeys.apiKeys(id),
    queryFn: ({ signal }) => apiClient.get<{ results: AdminApiKey[] }>(API.admin.userApiKeys(id), { signal }),
  });
}

export function useRevokeApiKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiClient.post<AdminApiKey>(API.admin.revokeApiKey(id, keyId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys(id) }),
  });
}

export function useAdminWithdrawals(status: string, page: number) {
  return useQuery({
    queryKey: adminKeys.withdrawals(status, page),
    queryFn: ({ signal }) =>
      apiClient.get<AdminPage<AdminWithdrawal>>(API.admin.withdrawals, {
        query: { status, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The withdrawal actions: approve {otp}, reject {reason}, mark-sent {txid, otp}; each refreshes the queue. */
export function useWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: string;
      action: 'approve' | 'reject' | 'mark-sent';
      body: object;
    }) =>
      apiClient.post<AdminWithdrawal>(
        action === 'approve'
          ? API.admin.approveWithdrawal(id)
          : action === 'reject'
            ? API.admin.rejectWithdrawal(id)
            : API.admin.markWithdrawalSent(id),
        body,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.withdrawalsAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
  });
}

export function useAdminBanks() {
  return useQuery({
    queryKey: adminKeys.banks,
    queryFn: ({ signal }) => apiClient.get<AdminPage<AdminBank>>(API.admin.banks, { signal }),
  });
}

export function useCreateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBankCreateBody) => apiClient.post<AdminBank>(API.admin.banks, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banks }),
  });
}

export function usePatchBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminBankPatchBody }) =>
      apiClient.patch<AdminBank>(API.admin.bank(id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.banks }),
  });
}

export function useAdminRate() {
  return useQuery({
    queryKey: adminKeys.rate,
    queryFn: ({ signal }) => apiClient.get<AdminRate>(API.admin.rate, { signal }),
  });
}

export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rubPerUsdt, otp }: { rubPerUsdt: string; otp: string }) =>
      apiClient.put<AdminRate>(API.admin.rate, { rub_per_usdt: rubPerUsdt, otp }),
    onSuccess: (rate) => queryClient.setQueryData(adminKeys.rate, rate),
  });
}

export function useAdminWebhooks(state: string, page: number) {
  return useQuery({
    queryKey: adminKeys.webhooks(state, page),
    queryFn: ({ signal }) =>
      apiClient.get<AdminPage<AdminWebhookEvent>>(API.admin.webhooks, {
        query: { state: state || undefined, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<AdminWebhookEvent>(API.admin.retryWebhook(id)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.webhooksAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
  });
}

export function useUnparsedNotifications(page: number) {
  return useQuery({
    queryKey: adminKeys.unparsed(page),
    queryFn: ({ signal }) =>
      apiClient.get<AdminPage<AdminUnparsedNotification>>(API.admin.unparsedNotifications, {
        query: { page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationStats(days: number) {
  return useQuery({
    queryKey: adminKeys.notificationStats(days),
    queryFn: ({ signal }) =>
      apiClient.get<AdminNotificationStats>(API.admin.notificationStats, { query: { days }, signal }),
  });
}

export type AuditFilter = Pick<AdminAuditQuery, 'actor' | 'action' | 'target'>;

export function useAudit(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.audit(filter, page),
    queryFn: ({ signal }) =>
      apiClient.get<AdminPage<AdminAuditEntry>>(API.admin.audit, {
        query: {
          actor: filter.actor || undefined,
          action: filter.action || undefined,
          target: filter.target || undefined,
          page,
          page_size: AUDIT_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
