import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { setNavigator } from '../api/navigation.ts';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createRoutes } from '../app/router.tsx';

let queryClient: QueryClient = createQueryClient();
const appRoutes = createRoutes(() => queryClient);

/**
 * Renders routes (the app's by default) in a memory router at `path`, inside the real providers, with the
 * API client's navigator pointed at this router. Returns the router to read its location.
 */
export function renderAt(
  path: string,
  routes: RouteObject[] = appRoutes,
  options: { prepare?: (client: QueryClient) => void } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  queryClient = createQueryClient();
  options.prepare?.(queryClient);
  const view = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/**
 * Loads every lazy route of the table once and gives it its component, so that a test can look at the first
 * render at once (and run fake timers) without waiting for route chunks. The e2e tests cover lazy loading.
 */
export async function loadLazyRoutes(routes: RouteObject[] = appRoutes): Promise<void> {
  for (const route of routes) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }
    if (route.children) await loadLazyRoutes(route.children);
  }
}

/** The memory router's current path. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}
