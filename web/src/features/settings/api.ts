import {
  API,
  type ApiKey,
  type createApiKeyResponse,
  type WebhookEvent,
  type webhookEventsResponse,
  type webhookSecretResponse,
  type webhookSettingsSchema,
} from '@app/shared';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../api/client.ts';
import { merchantSettingsKeys } from '../../api/query-keys.ts';

export type CreatedApiKey = z.infer<typeof createApiKeyResponse>;
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;
/**
 * PUT webhook answers the settings and, when no signing secret existed yet, the new one: it is shown once,
 * like a rotated secret.
 */
export type SavedWebhookSettings = WebhookSettings & { secret?: string };
export type WebhookSecret = z.infer<typeof webhookSecretResponse>;
export type WebhookEventsPage = z.infer<typeof webhookEventsResponse>;

/** Deliveries per "Показать ещё". */
export const WEBHOOK_EVENTS_PAGE_SIZE = 20;

/** GET keys: every key of the merchant, revoked ones included. */
export function useApiKeys() {
  return useQuery({
    queryKey: merchantSettingsKeys.keys,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ results: ApiKey[] }>(API.merchantSettings.keys, { signal })).results,
  });
}

/** POST keys {name}: the answer holds the key itself, the only time it is ever sent. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) => apiClient.post<CreatedApiKey>(API.merchantSettings.keys, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantSettingsKeys.keys }),
  });
}

/** DELETE key: revokes it at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<null>(API.merchantSettings.key(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantSettingsKeys.keys }),
  });
}

/** GET webhook: the URL and whether a signing secret exists. */
export function useWebhookSettings() {
  return useQuery({
    queryKey: merchantSettingsKeys.webhook,
    queryFn: ({ signal }) => apiClient.get<WebhookSettings>(API.merchantSettings.webhook, { signal }),
  });
}

/** PUT webhook {url | null}. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string | null }) =>
      apiClient.put<SavedWebhookSettings>(API.merchantSettings.webhook, body),
    onSuccess: ({ url, has_secret }) =>
      queryClient.setQueryData<WebhookSettings>(merchantSettingsKeys.webhook, { url, has_secret }),
  });
}

/** POST webhook/secret: a new secret, shown once; the old one stops signing at once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<WebhookSecret>(API.merchantSettings.webhookSecret),
    onSuccess: () =>
      queryClient.setQueryData<WebhookSettings>(merchantSettingsKeys.webhook, (settings) =>
        settings ? { ...settings, has_secret: true } : settings,
      ),
  });
}

/** GET webhook/events, newest first, one cursor page after another ("Показать ещё"). */
export function useWebhookEvents() {
  return useInfiniteQuery({
    queryKey: merchantSettingsKeys.events,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<WebhookEventsPage>(API.merchantSettings.webhookEvents, {
        query: { limit: WEBHOOK_EVENTS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** POST events/{id}/resend: one delivery attempt now; the row shows its outcome. */
export function useResendWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<WebhookEvent>(API.merchantSettings.resendEvent(id)),
    onSuccess: (event) =>
      queryClient.setQueryData<InfiniteData<WebhookEventsPage, string | undefined>>(
        merchantSettingsKeys.events,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              results: page.results.map((item) => (item.id === event.id ? event : item)),
            })),
          },
      ),
  });
}
