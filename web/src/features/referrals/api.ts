import { API } from '@app/shared/api-paths';
import { PAGE_SIZES } from '@app/shared/constants';
import type {
  CreateReferralRequest,
  Referral,
  ReferralDetailResponse,
  ReferralListResponse,
} from '@app/shared/referrals/contracts';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { NOT_A_LEAD_STATUS } from '@app/shared/roles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import { referralsKeys } from '../../api/query-keys.ts';

/** Spec §9 page sizes: referrals 10. */
export const REFERRALS_PAGE_SIZE: number = PAGE_SIZES.referrals;

/** Spec §6: a non-lead's referral call answers 451; it is the no-permission message, never a logout. */
export function isNoPermission(error: unknown): boolean {
  return isApiError(error, NOT_A_LEAD_STATUS);
}

/** GET account/lead/refferal/?page=: one page of 10, newest first; the previous page stays while the next loads. */
export function useReferralList(page: number) {
  return useQuery({
    queryKey: referralsKeys.list(page),
    queryFn: ({ signal }) =>
      apiClient.get<ReferralListResponse>(API.referrals.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET account/lead/refferal/{id}/ (our addition): the detail modal's data, read while it is open. */
export function useReferralDetail(id: string) {
  return useQuery({
    queryKey: referralsKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<ReferralDetailResponse>(API.referrals.detail(id), { signal }),
    staleTime: 0,
  });
}

/** POST account/lead/refferal/ {email}: a new code bound to that email; the list is read again. */
export function useCreateReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReferralRequest) => apiClient.post<Referral>(API.referrals.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKeys.lists }),
  });
}

/**
 * Spec §8 referral create error: the no-permission message for a 451, else what the server said (its detail),
 * else (no answer, a bare 5xx) 'Не удалось создать реферальный код'.
 */
export function createErrorText(error: unknown): string {
  if (isNoPermission(error)) return REFERRAL_MESSAGES.noPermission;
  return readError(error).messages.join(' ') || REFERRAL_MESSAGES.createFailed;
}
