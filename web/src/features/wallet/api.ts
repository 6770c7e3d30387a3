import {
  API,
  type DepositNudgeResponse,
  type WalletAddressRequestResponse,
  type WalletAddressResponse,
  type WalletData,
  type WhitelistChangeResponse,
  WITHDRAWALS_PAGE_SIZE,
  type WithdrawableBalance,
  type WithdrawalsResponse,
  type WithdrawLimits,
  type WithdrawRequest,
  type WithdrawVerifyResponse,
} from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import { dashboardKeys, walletKeys } from '../../api/query-keys.ts';

/** The deposit address, or null when the user has none yet (the server answers 404 until then). */
export async function fetchWalletAddress(signal?: AbortSignal): Promise<string | null> {
  try {
    const data = await apiClient.get<WalletAddressResponse>(API.wallet.address, { signal });
    return data.address;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/**
 * The text of a failed wallet call (spec §8 Wallet): the answer's own words; without an answer (offline,
 * timeout) the client's text; otherwise the call's fallback (spec §8's 'Failed to process withdrawal',
 * 'Failed to request wallet creation', in Russian).
 */
export function walletErrorText(error: unknown, fallback: string): string {
  const read = readError(error, fallback);
  return read.said ?? read.unanswered ?? fallback;
}

/** GET account/wallet/address/ while `enabled` (the wallet modal is open). */
export function useWalletAddress(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.address,
    queryFn: ({ signal }) => fetchWalletAddress(signal),
    enabled,
    // Every opening of the modal asks again (spec §4); the last known address shows meanwhile.
    staleTime: 0,
  });
}

/**
 * POST account/wallet/deposit/: asks the server to look for new deposits to this user's address now.
 * Its failure changes nothing for the user (spec §4), so it is never reported; on success the balances
 * are refetched, as a scan may just have credited something.
 */
export function useDepositNudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<DepositNudgeResponse>(API.wallet.deposit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}

/** POST account/wallet/address/request/: mails a code ('otp_sent') or reports the existing address. */
export function useRequestWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<WalletAddressRequestResponse>(API.wallet.addressRequest),
    onSuccess: (data) => {
      if (data.status === 'exists') queryClient.setQueryData(walletKeys.address, data.address);
    },
  });
}

/** POST /account/wallet/address/confirm/ {otp}: creates the address. */
export function useConfirmWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      apiClient.post<WalletAddressResponse & { message?: string }>(API.wallet.addressConfirm, { otp }),
    onSuccess: (data) => {
      queryClient.setQueryData(walletKeys.address, data.address);
    },
  });
}

/** GET account/wallet/withdraw/limits/ while `enabled`: the network fee and the minimum, shown before submitting. */
export function useWithdrawLimits(enabled = true) {
  return useQuery({
    queryKey: walletKeys.withdrawLimits,
    queryFn: ({ signal }) => apiClient.get<WithdrawLimits>(API.wallet.withdrawLimits, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * GET account/wallet/withdraw/available/ while `enabled`: what can be withdrawn now, and the reserves and debt
 * that hold the rest back. Asked again at every opening: a reserve ends, a deal releases or a dispute holds.
 */
export function useWithdrawable(enabled = true) {
  return useQuery({
    queryKey: walletKeys.withdrawable,
    queryFn: ({ signal }) => apiClient.get<WithdrawableBalance>(API.wallet.withdrawable, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST account/wallet/withdraw/request/ {amount, address}: mails the withdrawal code. */
export function useRequestWithdrawal() {
  return useMutation({
    mutationFn: (body: WithdrawRequest) =>
      apiClient.post<{ message?: string }>(API.wallet.withdrawRequest, body),
  });
}

/** POST /account/wallet/withdraw/verify/ {amount, address, otp}: moves the funds out; balances refresh. */
export function useVerifyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawRequest & { otp: string }) =>
      apiClient.post<WithdrawVerifyResponse>(API.wallet.withdrawVerify, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawals'] }),
        queryClient.invalidateQueries({ queryKey: walletKeys.withdrawable }),
      ]),
  });
}

/** GET account/wallet/withdrawals/?page=&page_size= (our addition): the user's withdrawals, newest first. */
export function useWithdrawals(page: number, enabled = true) {
  return useQuery({
    queryKey: walletKeys.withdrawals(page),
    queryFn: ({ signal }) =>
      apiClient.get<WithdrawalsResponse>(API.wallet.withdrawals, {
        query: { page, page_size: WITHDRAWALS_PAGE_SIZE },
        signal,
      }),
    enabled,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** GET account/wallet/white/ (leads): whitelist switch and addresses. */
export function useWhitelist(enabled = true) {
  return useQuery({
    queryKey: walletKeys.white,
    queryFn: ({ signal }) => apiClient.get<WalletData>(API.wallet.white, { signal }),
    enabled,
    // Settings reads it twice (whether #wallet exists, and the section); a failure is retried by the user's button.
    retryOnMount: false,
  });
}

/** POST account/wallet/white/otp/: mails the code that confirms turning the whitelist on or off. */
export function useWhitelistOtp() {
  return useMutation({
    mutationFn: () => apiClient.post<{ message: string }>(API.wallet.whiteOtp),
  });
}

/** PATCH account/wallet/white/ {otp}: flips is_white_wallet. */
export function useToggleWhitelist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) =>
      apiClient.patch<{ is_white_wallet: boolean; message: string }>(API.wallet.white, { otp }),
    onSuccess: (data) => {
      queryClient.setQueryData<WalletData>(walletKeys.white, (old) =>
        old ? { ...old, is_white_wallet: data.is_white_wallet } : old,
      );
    },
  });
}

/** POST account/wallet/white/ {wallet}: adds an address. */
export function useAddWhitelistWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wallet: string) => apiClient.post<WhitelistChangeResponse>(API.wallet.white, { wallet }),
    onSuccess: (data) => {
      queryClient.setQueryData(walletKeys.white, data.wallet_data);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** DELETE account/wallet/white/ {id}: removes an address. */
export function useDeleteWhitelistWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<WhitelistChangeResponse>(API.wallet.white, { id }),
    onSuccess: (data) => {
      queryClient.setQueryData(walletKeys.white, data.wallet_data);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
