import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { onClientSessionCleared } from '../api/session.ts';
import { AppToaster } from '../ui/index.ts';
import { createQueryClient } from './query-client.ts';

/** App-wide providers: the query client and the toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // One user's cached data must never be shown to the next one.
  useEffect(() => onClientSessionCleared(() => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
