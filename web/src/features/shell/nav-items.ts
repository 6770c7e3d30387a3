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
}

/** Sidebar "General" section; the first five are also the bottom mobile menu. */
export const GENERAL_NAV: NavItem[] = [
  { to: '/', label: 'Overview', icon: LayoutGrid, alsoActiveOn: ['/profile'] },
  { to: '/payments', label: 'Payments', icon: CreditCard },
  { to: '/terminals', label: 'Terminals', icon: Smartphone },
  { to: '/dispute', label: 'Disputes', icon: Scale },
  { to: '/deal', label: 'Transactions', icon: ArrowLeftRight },
  { to: '/referrals', label: 'Referrals', icon: Users, leadOnly: true },
];

/** Sidebar "Settings" section. */
export const SETTINGS_NAV: NavItem[] = [
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/help', label: 'Help & Supports', icon: LifeBuoy },
];

/** The bottom mobile menu: the five general items (spec §2). */
export const BOTTOM_NAV: NavItem[] = GENERAL_NAV.filter((item) => !item.leadOnly).slice(0, 5);

/** The items a user may see: lead-only ones only for leads. */
export function visibleItems(items: NavItem[], isLead: boolean): NavItem[] {
  return items.filter((item) => isLead || !item.leadOnly);
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
