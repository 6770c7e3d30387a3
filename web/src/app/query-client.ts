import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP status an API call failed with (ApiError carries it), or 0 for anything else. Read from the
 * error's shape rather than `isApiError`, so the first page's code does not include the API client.
 */
function failedStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null || !('status' in error)) return 0;
  return typeof error.status === 'number' ? error.status : 0;
}

/**
 * Retrying a 4xx cannot help (wrong input, no rights, signed out), and 451 is an answer, not a failure;
 * timeouts and 5xx get one more try.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = failedStatus(error);
  if (status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** Builds the app's QueryClient (the providers drop its data whenever the session ends). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
