import { HOME_SHELL_ELEMENT_ID } from '@app/shared/constants';
import { useLayoutEffect } from 'react';

/**
 * Removes the server's first paint of the home page (app/home-shell.tsx) in the commit that shows a route,
 * before the browser paints it: the app has rendered behind the shell (theme.css hides #root while it stands),
 * so the page appears in its place at once. Called by the root layout and by the route error screen, so a
 * failure never leaves the shell standing.
 */
export function useBootShellRemoval(): void {
  useLayoutEffect(() => {
    document.getElementById(HOME_SHELL_ELEMENT_ID)?.remove();
  }, []);
}
