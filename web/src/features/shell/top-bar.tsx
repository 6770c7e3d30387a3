import { Menu } from 'lucide-react';
import { useLocation } from 'react-router';
import { useIsLead } from '../../api/lead-store.ts';
import { Avatar, cx, IconButton, lazyMenu } from '../../ui/index.ts';
import { LogoLink } from '../../ui/logo-link.tsx';
import { useAuthUser } from '../auth/auth-user-context.tsx';
import { CONTENT_COLUMN } from './content-column.ts';
import { displayName } from './display-name.ts';
import { currentNavItem } from './nav-items.ts';

const BurgerMenu = lazyMenu(() => import('./top-bar-menu.tsx'));

/**
 * Top bar: section title (logo on compact screens), the user and the burger dropdown of spec §2
 * (Settings, Referrals for leads, Help & Support, Log Out), loaded on first use (top-bar-menu.tsx).
 */
export function TopBar({ compact }: { compact: boolean }) {
  const { pathname } = useLocation();
  const isLead = useIsLead();
  const user = useAuthUser();
  const name = displayName(user);
  const section = currentNavItem(pathname);

  return (
    <header className="sticky top-0 z-20 h-topbar border-b border-gray-200/80 bg-canvas/85 backdrop-blur">
      {/* The same centred column as the page content, so the breadcrumb lines up with the title on wide screens. */}
      <div className={cx(CONTENT_COLUMN, 'flex h-full items-center gap-4')} data-testid="top-bar-inner">
        {compact ? (
          <LogoLink to="/" label="Processing — Overview" />
        ) : (
          <p className="text-small font-medium text-gray-500">
            Processing <span className="px-1.5 text-gray-300">/</span>
            <span className="text-gray-900">{section?.label ?? 'Overview'}</span>
          </p>
        )}
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2.5 sm:flex">
            <Avatar src={user.avatar} name={name} size="sm" />
            <span className="max-w-64 truncate text-small font-medium text-gray-800">{name}</span>
          </div>
          <BurgerMenu
            email={user.email}
            isLead={isLead}
            trigger={
              <IconButton
                aria-label="Меню"
                variant="secondary"
                icon={<Menu size={18} />}
                data-testid="burger-menu"
              />
            }
          />
        </div>
      </div>
    </header>
  );
}
