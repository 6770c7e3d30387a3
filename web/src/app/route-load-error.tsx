import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button.tsx';
import { useBootShellRemoval } from './boot-shell.ts';

/**
 * Shown when a page's code cannot be loaded (offline, or a new release replaced the old chunks) or a page
 * throws while rendering: a reload fetches the current release.
 */
export function RouteLoadError() {
  useBootShellRemoval();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status}` : null;
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-5 text-center"
      role="alert"
    >
      <p className="text-h3 text-gray-900">Не удалось открыть страницу</p>
      <p className="max-w-sm text-small text-gray-500">
        Проверьте соединение и обновите страницу{detail ? ` (код ${detail})` : ''}.
      </p>
      <Button onClick={() => window.location.reload()}>Обновить</Button>
    </div>
  );
}
