import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { setNavigator } from '../api/navigation.ts';
import { Providers } from '../app/providers.tsx';
import { routes as appRoutes } from '../app/router.tsx';

/**
 * Renders routes (the app's by default) in a memory router at `path`, inside the real providers, with the
 * API client's navigator pointed at this router. Returns the router to read its location.
 */
export function renderAt(path: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** The memory router's current path. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}
