import './app/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { adoptSessionBoot } from './app/session-boot.ts';
import './ui/theme.css';

// One client for the router (its loaders start requests early) and the components that read them.
const queryClient = createQueryClient();
adoptSessionBoot(queryClient);
const router = createAppRouter(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render in a task of its own, after the router's set-up (its routes ranked, its first loaders
// started): two shorter tasks on a phone instead of one long one. As a transition, React's render yields to
// the browser every few milliseconds, so no task of it is long.
setTimeout(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}, 0);
