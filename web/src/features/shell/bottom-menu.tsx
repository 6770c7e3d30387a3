import { Link, useLocation } from 'react-router';
import { cx } from '../../ui/index.ts';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { bottomItems, isNavActive } from './nav-items.ts';

/** Bottom mobile menu with the role's general items (a trader's five), shown at 1140px or less instead of the sidebar. */
export function BottomMenu() {
  const { pathname } = useLocation();
  const items = bottomItems(useAuthUser().role);
  return (
    <nav
      data-testid="bottom-menu"
      aria-label="Основное меню"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid h-bottom-menu max-w-2xl auto-cols-fr grid-flow-col">
        {items.map((item) => {
          const active = isNavActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.to} className="flex">
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium transition-colors',
                  active ? 'text-brand-700' : 'text-gray-500 hover:text-gray-800',
                )}
              >
                {active ? (
                  <span className="absolute top-0 h-[3px] w-8 rounded-b-full bg-brand-600" aria-hidden />
                ) : null}
                <Icon size={20} className={active ? 'text-brand-600' : undefined} />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
