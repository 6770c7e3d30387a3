import { useLocation } from 'react-router';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { bottomItems, isNavActive } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';

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
        {items.map((item) => (
          <li key={item.to} className="flex">
            <NavLink item={item} active={isNavActive(item, pathname)} look="bottom" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
