import {
  API,
  type TelegramAccount,
  type TelegramAccountsResponse,
  type TelegramKeyResponse,
  type TelegramRefreshResponse,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client.ts';
import { telegramKeys } from '../../api/query-keys.ts';

/** How often the open Connection section asks for the linked accounts, so a new link shows without reload. */
export const TELEGRAM_ACCOUNTS_POLL_MS = 4_000;

/** GET /api/account/get_tg_key/: the connection key, the bot's username and deep link (null without a bot). */
export function useTelegramKey() {
  return useQuery({
    queryKey: telegramKeys.key,
    queryFn: ({ signal }) => apiClient.get<TelegramKeyResponse>(API.telegram.key, { signal }),
  });
}

/**
 * GET /api/account/tg_action/, polled while the section is open. A key links one account and is then
 * renewed by the server, so when an account appears that was not listed before, the key is asked for again:
 * the page never shows a used key.
 */
export function useTelegramAccounts() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: telegramKeys.accounts,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<TelegramAccountsResponse>(telegramKeys.accounts);
      const answer = await apiClient.get<TelegramAccountsResponse>(API.telegram.accounts, { signal });
      const known = new Set(before?.accounts.map((account) => account.id));
      if (before && answer.accounts.some((account) => !known.has(account.id))) {
        void queryClient.invalidateQueries({ queryKey: telegramKeys.key });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.status === 'error' ? false : TELEGRAM_ACCOUNTS_POLL_MS),
  });
}

/** POST /api/account/refresh/tg_key/: a new key; every linked account is disconnected. */
export function useRefreshTelegramKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<TelegramRefreshResponse>(API.telegram.refreshKey),
    onSuccess: (data) => {
      // The deep link carries the key, so the whole key answer is asked for again.
      queryClient.setQueryData<TelegramKeyResponse>(telegramKeys.key, (key) =>
        key ? { ...key, connection_key: data.connection_key } : key,
      );
      void queryClient.invalidateQueries({ queryKey: telegramKeys.key });
      queryClient.setQueryData<TelegramAccountsResponse>(telegramKeys.accounts, (list) =>
        list ? { ...list, accounts: [] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: telegramKeys.accounts });
    },
  });
}

/** PUT /api/account/tg_action/ {telegram_id}: disconnects one account (never the last, 400 {detail}). */
export function useDisconnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (telegramId: TelegramAccount['telegram_id']) =>
      apiClient.put<unknown>(API.telegram.accounts, { telegram_id: telegramId }),
    onSuccess: (_data, telegramId) => {
      queryClient.setQueryData<TelegramAccountsResponse>(telegramKeys.accounts, (list) =>
        list ? { ...list, accounts: list.accounts.filter((a) => a.telegram_id !== telegramId) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: telegramKeys.accounts });
    },
  });
}
