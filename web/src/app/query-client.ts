import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client.ts';

/**
 * Retrying a 4xx cannot help (wrong input, no rights, signed out), and 451 is an answer, not a failure;
 * timeouts and 5xx get one more try.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
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
