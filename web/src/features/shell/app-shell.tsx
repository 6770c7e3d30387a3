import { Outlet } from 'react-router';
import { COMPACT_LAYOUT_QUERY, cx, useMediaQuery } from '../../ui/index.ts';
import { BottomMenu } from './bottom-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** The signed-in layout: sidebar above 1140px, bottom menu at 1140px or less (spec §2), top bar always. */
export function AppShell() {
  const compact = useMediaQuery(COMPACT_LAYOUT_QUERY);
  return (
    <div className="min-h-dvh">
      {compact ? null : <Sidebar />}
      <div className={cx('flex min-h-dvh flex-col', compact ? undefined : 'pl-sidebar')}>
        <TopBar compact={compact} />
        <main
          className={cx(
            'mx-auto w-full max-w-[1280px] flex-1 px-4 pt-6 sm:px-6 sm:pt-8 lg:px-10',
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
