import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useIsLead } from '../../api/lead-store.ts';
import { Avatar } from '../../ui/index.ts';
import { LogoLink } from '../../ui/logo-link.tsx';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { displayName } from './display-name.ts';
import { GENERAL_NAV, isNavActive, type NavItem, SETTINGS_NAV, visibleItems } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';

function Section({ title, items, pathname }: { title: string; items: NavItem[]; pathname: string }) {
  return (
    <div>
      <p className="mb-2 px-3 text-caption font-medium tracking-wide text-gray-500 uppercase">{title}</p>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink item={item} active={isNavActive(item, pathname)} look="sidebar" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Left navigation for wide screens (spec §2): General, Settings and the Log Out footer. */
export function Sidebar() {
  const { pathname } = useLocation();
  const isLead = useIsLead();
  const user = useAuthUser();
  const name = displayName(user);
  return (
    <aside
      data-testid="sidebar"
      className="fixed inset-y-0 left-0 z-30 flex w-sidebar flex-col border-r border-gray-200 bg-white"
    >
      <div className="flex h-topbar shrink-0 items-center px-6">
        <LogoLink to="/" label="Processing — Overview" />
      </div>
      <nav aria-label="Основное меню" className="flex flex-1 flex-col gap-7 overflow-y-auto px-4 pt-4">
        <Section title="General" items={visibleItems(GENERAL_NAV, isLead, user.role)} pathname={pathname} />
        <Section title="Settings" items={SETTINGS_NAV} pathname={pathname} />
      </nav>
      <div className="border-t border-gray-100 p-4">
        <div className="mb-2 flex items-center gap-3 rounded-lg px-2 py-2">
          <Avatar src={user.avatar} name={name} size="sm" />
          <div className="min-w-0">
            <p className="truncate text-small font-medium text-gray-900">{name}</p>
            <p className="truncate text-caption text-gray-500">{user.email}</p>
          </div>
        </div>
        <Link
          to="/logout"
          className="flex h-10 items-center gap-3 rounded-lg px-3 text-[0.875rem] font-medium text-gray-600 transition-colors hover:bg-danger-50 hover:text-danger-700"
        >
          <LogOut size={18} className="text-gray-400" />
          Log Out
        </Link>
      </div>
    </aside>
  );
}
