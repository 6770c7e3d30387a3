import { API } from '@app/shared/api-paths';
import type {
  LoginRequest,
  LoginVerifyRequest,
  PasswordResetRequest,
  VerifyOtpRequest,
} from '@app/shared/auth/rules';
import { AUTH_CHECK_TIMEOUT_MS } from '@app/shared/constants';
import { NOT_A_LEAD_STATUS, type UserRole } from '@app/shared/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../api/client.ts';
import { setIsLead } from '../../api/lead-store.ts';
import { authKeys } from '../../api/query-keys.ts';
import { clearClientSession, clearSessionEndedNotice, noteSignedIn } from '../../api/session.ts';
import { markFirstVisit } from './first-visit.ts';

/** The signed-in user as the auth calls return it. */
export interface AuthUser {
  id: string;
  email: string;
  role: UserRole;
  is_lead: boolean;
  username: string | null;
  /** The avatar's URL path, when the server sends it with the user (the top bar shows it). */
  avatar?: string | null;
}

export interface MessageResponse {
  message: string;
}

/** verify-otp and login-verify answer with the user; the session itself is an HttpOnly cookie. */
export interface SignedInResponse extends MessageResponse {
  user: AuthUser;
}

export interface CheckAuthResponse {
  user: AuthUser;
}

/** Register body: referral_code is present only when the user typed one (spec §5). */
export interface RegisterBody {
  email: string;
  password: string;
  referral_code?: string;
}

/** GET check_user_auth with the 5 s timeout of spec §7; sets the lead flag from the answer. */
export async function fetchCheckAuth(signal?: AbortSignal): Promise<CheckAuthResponse> {
  const data = await apiClient.get<CheckAuthResponse>(API.auth.checkUserAuth, {
    timeoutMs: AUTH_CHECK_TIMEOUT_MS,
    signal,
  });
  setIsLead(Boolean(data.user.is_lead));
  noteSignedIn();
  return data;
}

/** The auth guard's session check. Never retried: a failure means "signed out" at once. */
export function useCheckAuth() {
  return useQuery({
    queryKey: authKeys.check,
    queryFn: ({ signal }) => fetchCheckAuth(signal),
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * The lead check of spec §4: 200 → lead, 451 → not a lead. Any other outcome (signed out, offline)
 * says nothing about the flag and yields null.
 */
export async function fetchLeadStatus(): Promise<boolean | null> {
  try {
    await apiClient.get<unknown>(API.auth.leadCheck);
    return true;
  } catch (error) {
    if (isApiError(error, NOT_A_LEAD_STATUS)) return false;
    return null;
  }
}

/** Runs the lead check and stores a definite answer in the lead store. */
export async function refreshLeadStatus(): Promise<void> {
  const isLead = await fetchLeadStatus();
  if (isLead !== null) setIsLead(isLead);
}

/**
 * Ends the session: POST logout (a failure is ignored, spec §8), then clears local and session storage,
 * the lead flag and the query cache. The caller navigates to /welcome.
 */
export async function endSession(): Promise<void> {
  try {
    await apiClient.post<MessageResponse>(API.auth.logout);
  } catch {
    // Logging out must always succeed locally, whatever the server says.
  }
  clearClientSession();
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (data: SignedInResponse) => {
    setIsLead(Boolean(data.user.is_lead));
    noteSignedIn();
    clearSessionEndedNotice();
    // The guard renders at once from this and re-checks in the background.
    queryClient.setQueryData<CheckAuthResponse>(authKeys.check, { user: data.user });
  };
}

/** POST register (step 1 of sign-up): sends the e-mail code. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiClient.post<MessageResponse>(API.auth.register, body),
  });
}

/** POST verify-otp (step 2 of sign-up): creates the account and signs in. */
export function useVerifyOtp() {
  const onSignedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: VerifyOtpRequest) => apiClient.post<SignedInResponse>(API.auth.verifyOtp, body),
    onSuccess: (data) => {
      // A session that begins with the sign-up is the user's first visit: the dashboard says welcome, not welcome back.
      markFirstVisit(data.user.id);
      onSignedIn(data);
    },
  });
}

/** POST login (step 1 of sign-in): checks the password and sends the e-mail code. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiClient.post<MessageResponse>(API.auth.login, body),
  });
}

/** POST login-verify (step 2 of sign-in): signs in. */
export function useLoginVerify() {
  const onSignedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginVerifyRequest) => apiClient.post<SignedInResponse>(API.auth.loginVerify, body),
    onSuccess: onSignedIn,
  });
}

/** POST request-password-reset (step 1 of reset): sends the e-mail code. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiClient.post<MessageResponse>(API.auth.requestPasswordReset, body),
  });
}

/** POST password-reset (step 2 of reset). */
export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) => apiClient.post<MessageResponse>(API.auth.passwordReset, body),
  });
}

/** Logout as a mutation (endSession); resolves even when the server call fails. */
export function useLogout() {
  return useMutation({ mutationFn: endSession });
}
