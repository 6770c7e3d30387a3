import type { UserRole } from '@app/shared/roles';
import {
  ArrowLeftRight,
  CreditCard,
  LayoutGrid,
  LifeBuoy,
  type LucideIcon,
  Scale,
  Settings,
  Smartphone,
  Users,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to leads (spec §2 Navigation). */
  leadOnly?: boolean;
  /** Other paths that show this item as active (/profile reuses the home dashboard). */
  alsoActiveOn?: string[];
  /** The roles whose work the page is (issue 25); absent: every role. */
  roles?: readonly UserRole[];
}

/** Sidebar "General" section; the first five are also the bottom mobile menu. */
export const GENERAL_NAV: NavItem[] = [
  { to: '/', label: 'Overview', icon: LayoutGrid, alsoActiveOn: ['/profile'] },
  // A trader's requisites and phones: merchants and support have none.
  { to: '/payments', label: 'Payments', icon: CreditCard, roles: ['trader'] },
  { to: '/terminals', label: 'Terminals', icon: Smartphone, roles: ['trader'] },
  // Admins run the platform from the console (issue 27); the disputes API refuses them.
  { to: '/dispute', label: 'Disputes', icon: Scale, roles: ['trader', 'merchant', 'support'] },
  // A trader's deals or a merchant's orders; support takes part in neither.
  { to: '/deal', label: 'Transactions', icon: ArrowLeftRight, roles: ['trader', 'merchant'] },
  { to: '/referrals', label: 'Referrals', icon: Users, leadOnly: true, roles: ['trader'] },
];

/** Sidebar "Settings" section. */
export const SETTINGS_NAV: NavItem[] = [
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/help', label: 'Help & Supports', icon: LifeBuoy },
];

/** Whether a role may use an item's page (issue 25: each role sees only what it can use). */
export function roleCanUse(item: Pick<NavItem, 'roles'>, role: UserRole): boolean {
  return !item.roles || item.roles.includes(role);
}

/** The bottom mobile menu: the general items of the role, five at most (spec §2: a trader's five). */
export function bottomItems(role: UserRole): NavItem[] {
  return GENERAL_NAV.filter((item) => !item.leadOnly && roleCanUse(item, role)).slice(0, 5);
}

/** The items a user may see: its role's, and lead-only ones only for leads. */
export function visibleItems(items: NavItem[], isLead: boolean, role: UserRole): NavItem[] {
  return items.filter((item) => (isLead || !item.leadOnly) && roleCanUse(item, role));
}

function matches(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Whether a nav item is the current section. */
export function isNavActive(item: NavItem, pathname: string): boolean {
  return matches(item.to, pathname) || (item.alsoActiveOn ?? []).some((path) => matches(path, pathname));
}

/** The nav item of the current section, for the top bar title. */
export function currentNavItem(pathname: string): NavItem | undefined {
  return [...GENERAL_NAV, ...SETTINGS_NAV].find((item) => isNavActive(item, pathname));
}
