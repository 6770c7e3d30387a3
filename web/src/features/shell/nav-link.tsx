// One navigation link for both menus (sidebar on wide screens, bottom menu on phones): the active marker,
// aria-current and icon tint behave the same; only the look differs per menu.
import { Link } from 'react-router';
import { cx } from '../../ui/index.ts';
import type { NavItem } from './nav-items.ts';

const LOOKS = {
  sidebar: {
    link: 'group relative flex h-10 items-center gap-3 rounded-lg px-3 text-[0.875rem] font-medium transition-colors',
    active: 'bg-brand-50 text-brand-700',
    idle: 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
    marker: 'absolute inset-y-2 -left-3 w-[3px] rounded-r-full bg-brand-600',
    iconSize: 18,
    idleIcon: 'text-gray-400 group-hover:text-gray-600',
  },
  bottom: {
    link: 'relative flex flex-1 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium transition-colors',
    active: 'text-brand-700',
    idle: 'text-gray-500 hover:text-gray-800',
    marker: 'absolute top-0 h-[3px] w-8 rounded-b-full bg-brand-600',
    iconSize: 20,
    idleIcon: undefined,
  },
} as const;

/** A menu item: marks the current page for screen readers and draws the active marker. */
export function NavLink({
  item,
  active,
  look,
}: {
  item: NavItem;
  active: boolean;
  look: keyof typeof LOOKS;
}) {
  const style = LOOKS[look];
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      className={cx(style.link, active ? style.active : style.idle)}
    >
      {active ? <span className={style.marker} aria-hidden /> : null}
      <Icon size={style.iconSize} className={active ? 'text-brand-600' : style.idleIcon} />
      {item.label}
    </Link>
  );
}
