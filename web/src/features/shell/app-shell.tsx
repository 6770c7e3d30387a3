import { Outlet } from 'react-router';
import { COMPACT_LAYOUT_QUERY, cx, useMediaQuery } from '../../ui/index.ts';
import { BottomMenu } from './bottom-menu.tsx';
import { CONTENT_COLUMN } from './content-column.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The signed-in layout: sidebar above 1140px, bottom menu at 1140px or less (spec §2), top bar always.
 * `compact` fixes the layout instead of the screen's width: the server's first paint of the home page, rendered
 * before any script has measured the screen, draws both (app/home-shell.tsx).
 */
export function AppShell({ compact: fixed }: { compact?: boolean }) {
  const matches = useMediaQuery(COMPACT_LAYOUT_QUERY);
  const compact = fixed ?? matches;
  return (
    <div className="min-h-dvh">
      {compact ? null : <Sidebar />}
      <div className={cx('flex min-h-dvh flex-col', compact ? undefined : 'pl-sidebar')}>
        <TopBar compact={compact} />
        <main
          className={cx(
            CONTENT_COLUMN,
            'flex-1 pt-6 sm:pt-8',
            compact ? 'pb-[calc(var(--spacing-bottom-menu)+2rem)]' : 'pb-12',
          )}
        >
          <Outlet />
        </main>
      </div>
      {compact ? <BottomMenu /> : null}
    </div>
  );
}
