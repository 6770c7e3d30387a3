import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onClientSessionCleared } from '../api/session.ts';
import { createQueryClient } from './query-client.ts';

// The toast library is not needed to paint the first page: it loads beside the page's own chunks, which
// are what raise toasts (after a click or an answer, so the outlet is mounted by then).
const AppToaster = lazy(() => import('../ui/toast.tsx').then((module) => ({ default: module.AppToaster })));

/** App-wide providers: the query client (the router's, when given) and the toast outlet. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // One user's cached data must never be shown to the next one.
  useEffect(() => onClientSessionCleared(() => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
