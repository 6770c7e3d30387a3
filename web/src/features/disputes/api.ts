import { API, PAGE_SIZES } from '@app/shared';
import {
  DISPUTE_MESSAGES,
  type DisputeFileSide,
  type DisputeResolution,
  type DisputeRole,
  type DisputeStatus,
} from '@app/shared/disputes/messages';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient, isApiError, type QueryValue } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import { disputesKeys } from '../../api/query-keys.ts';

export const DISPUTES_PAGE_SIZE: number = PAGE_SIZES.disputes;

/** One dispute of the list (spec §3 Dispute). Amount and profit are USDT numbers. */
export interface Dispute {
  id: string;
  status: DisputeStatus;
  created_at: string;
  updated_at: string;
  comments: string | null;
  /** Our addition: the merchant's statement (merchant API) or support's note (created by support). */
  reason: string;
  /** Our addition: who opened the dispute, whose words the reason is. */
  opened_by: 'merchant' | 'support';
  files_from_trader: string[];
  files_from_merchant: string[];
  transaction: {
    amount: number;
    /** Our addition: the amount in rubles as the payer paid it ("1500.00"). */
    amount_rub: string;
    profit: number;
    order_type: 'sbp' | 'c2c';
    payment_details: {
      phone_number: string | null;
      card: string | null;
      bank: { name: string };
      currency: { symbol: string };
    };
  };
}

export interface DisputesResponse {
  count: number;
  total_items: number;
  results: Dispute[];
  /** The disputes support may act on (spec §3). */
  support_data?: string[];
}

export interface DisputeFile {
  id: string;
  side: DisputeFileSide;
  name: string;
  url: string;
  sha256: string;
  size: number;
  content_type: string;
  created_at: string;
}

export interface DisputeHistoryEntry {
  at: string;
  actor_role: string;
  /** Who exactly acted (support's view only). */
  actor?: string;
  action: string;
  status?: string;
  /** The deadline job's moves only: the deadline passed, or both sides had given evidence. */
  cause?: 'deadline' | 'evidence';
  file?: { id: string; name: string; side: DisputeFileSide; sha256: string; size: number };
}

/** GET api/v1/disputes/{id}/ (our addition): the item plus its history and evidence files. */
export interface DisputeDetail extends Dispute {
  history: DisputeHistoryEntry[];
  files: DisputeFile[];
  deal_id: string;
  evidence_deadline: string | null;
}

export type DisputeSortColumn = 'id' | 'created_at' | 'amount' | 'status';
export interface DisputeSort {
  sort: DisputeSortColumn;
  order: 'asc' | 'desc';
}
/** Spec §9 Default sort: created_at descending. */
export const DEFAULT_DISPUTE_SORT: DisputeSort = { sort: 'created_at', order: 'desc' };

export function toggleDisputeSort(current: DisputeSort, column: DisputeSortColumn): DisputeSort {
  if (current.sort !== column) return { sort: column, order: 'desc' };
  return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
}

/** GET api/v1/disputes/ query (spec §7): statuses as a comma list, left out when none is chosen. */
export function disputesQueryParams(
  statuses: string[],
  sort: DisputeSort,
  page: number,
  search = '',
): Record<string, QueryValue> {
  return {
    search: search.trim() || undefined,
    page,
    page_size: DISPUTES_PAGE_SIZE,
    sort: sort.sort,
    order: sort.order,
    status: statuses.length > 0 ? statuses.join(',') : undefined,
  };
}

/** The 400 a trader or merchant without a connected Telegram account gets on every disputes call. */
export function isTelegramRequired(error: unknown): boolean {
  const read = readError(error);
  return read.status === 400 && read.answer('detail') === DISPUTE_MESSAGES.telegramRequired;
}

// A Telegram refusal or a role answer does not change on a retry: ask once and show it.
const noRetryOnAnswer = (count: number, error: unknown) =>
  !(isApiError(error) && error.status > 0) && count < 2;

/**
 * GET api/v1/disputes/user-role/ answer: the role, and (our addition) whether the Telegram link is required
 * on this server — false when it runs no bot, and then dispute notices come by mail.
 */
export interface DisputeRoleResponse {
  role: DisputeRole;
  telegram_required: boolean;
}

/** GET api/v1/disputes/user-role/: who the user is on this page (support, trader or merchant). */
export function useDisputeRole() {
  return useQuery({
    queryKey: disputesKeys.role,
    queryFn: ({ signal }) => apiClient.get<DisputeRoleResponse>(API.disputes.userRole, { signal }),
    retry: noRetryOnAnswer,
    staleTime: 60_000,
  });
}

/** GET api/v1/disputes/: one page of 10; the previous page stays on screen while the next loads. */
export function useDisputeList(
  statuses: string[],
  sort: DisputeSort,
  page: number,
  search: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: disputesKeys.list(statuses, sort, page, search),
    queryFn: ({ signal }) =>
      apiClient.get<DisputesResponse>(API.disputes.list, {
        query: disputesQueryParams(statuses, sort, page, search),
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: noRetryOnAnswer,
    enabled,
  });
}

/** Reads one dispute (its 403 means "not yours to see", not an ended session). */
export function fetchDisputeDetail(queryClient: QueryClient, id: string) {
  return queryClient.fetchQuery({
    queryKey: disputesKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get<DisputeDetail>(API.disputes.detail(id), { signal, logoutOn403: false }),
    staleTime: 0,
    retry: false,
  });
}

/** The detail modal's data, filled by fetchDisputeDetail before the modal opens, refetched after changes. */
export function useDisputeDetail(id: string) {
  return useQuery({
    queryKey: disputesKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get<DisputeDetail>(API.disputes.detail(id), { signal, logoutOn403: false }),
    retry: false,
  });
}

/** POST support/dispute/block/: support takes the dispute (409 {detail} when another support user holds it). */
export function blockDispute(id: string) {
  return apiClient.post<unknown>(API.disputes.block, { dispute_id: id });
}

/** POST support/dispute/unblock/: support lets the dispute go (closing the modal, resolving). */
export function unblockDispute(id: string) {
  return apiClient.post<unknown>(API.disputes.unblock, { dispute_id: id });
}

/** POST api/v1/disputes/{id}/resolve/ {resolution, comment}. */
export function useResolveDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { resolution: DisputeResolution; comment: string }) =>
      apiClient.post<unknown>(API.disputes.resolve(id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputesKeys.all }),
  });
}

/** POST api/v1/disputes/{id}/files/ multipart {files, type}: evidence of one side → {urls}. */
export function useUploadEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, side }: { files: File[]; side: DisputeFileSide }) => {
      const form = new FormData();
      for (const file of files) form.append('files', file);
      form.append('type', side);
      return apiClient.post<{ urls: string[] }>(API.disputes.files(id), form, { logoutOn403: false });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputesKeys.all }),
  });
}

/** DELETE api/v1/disputes/{id}/files/{fileId}/?type=: support removes one evidence file. */
export function useDeleteEvidence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<DisputeFile, 'id' | 'side'>) =>
      apiClient.delete<unknown>(API.disputes.file(id, file.id), undefined, {
        query: { type: file.side },
        logoutOn403: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputesKeys.all }),
  });
}

/** POST api/v1/disputes/create-by-support/ multipart {transaction_id, note, files}. */
export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { transactionId: string; note: string; files: File[] }) => {
      const form = new FormData();
      form.append('transaction_id', input.transactionId);
      form.append('note', input.note);
      for (const file of input.files) form.append('files', file);
      return apiClient.post<unknown>(API.disputes.createBySupport, form, { logoutOn403: false });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputesKeys.lists }),
  });
}

/** Spec §8 Disputes, create by support: the text of each answer status. */
export function createErrorText(error: unknown): string {
  if (isApiError(error, 400)) return DISPUTE_MESSAGES.invalidData;
  if (isApiError(error, 403)) return DISPUTE_MESSAGES.createForbidden;
  if (isApiError(error, 404)) return DISPUTE_MESSAGES.transactionNotFound;
  // The deal cannot take a dispute now (one is open, or it is not disputable), too many uploads a minute, or
  // no room on the server's disk for the attached files: the server says which.
  if (isApiError(error, 409) || isApiError(error, 429) || isApiError(error, 507)) {
    return readError(error).answer('detail') ?? DISPUTE_MESSAGES.createFailed;
  }
  return DISPUTE_MESSAGES.createFailed;
}

/** Spec §8 Disputes, upload: the text of each answer status. */
export function uploadErrorText(error: unknown): string {
  if (isApiError(error, 413)) return DISPUTE_MESSAGES.fileTooLarge;
  // A 400 is the format by default; the server names another reason (too many files) itself.
  if (isApiError(error, 400)) return readError(error).answer('detail') ?? DISPUTE_MESSAGES.fileBadType;
  if (isApiError(error, 401)) return DISPUTE_MESSAGES.uploadUnauthorized;
  if (isApiError(error, 403)) return DISPUTE_MESSAGES.uploadForbidden;
  // Completed meanwhile, or another support user holds it; too many uploads a minute (429); the server's disk
  // short of space (507): the server's words.
  if (isApiError(error, 409) || isApiError(error, 429) || isApiError(error, 507)) {
    return readError(error).answer('detail') ?? DISPUTE_MESSAGES.uploadFailed;
  }
  return DISPUTE_MESSAGES.uploadFailed;
}
