import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cx, useMediaQuery } from '../../ui/index.ts';
import { SETTINGS_TEXT as T } from './settings-texts.ts';

/** At this width or less the menu's groups start collapsed (spec §2 Settings: 900px). */
export const SETTINGS_MENU_COLLAPSE_QUERY = '(max-width: 900px)';

export interface SettingsMenuEntry {
  hash: string;
  label: string;
}

export interface SettingsMenuGroup {
  id: string;
  label: string;
  entries: SettingsMenuEntry[];
}

function MenuGroup({
  group,
  activeHash,
  narrow,
}: {
  group: SettingsMenuGroup;
  activeHash: string;
  narrow: boolean;
}) {
  const [open, setOpen] = useState(!narrow);
  // Crossing the breakpoint resets the group: collapsed on narrow screens, open on wide ones.
  useEffect(() => setOpen(!narrow), [narrow]);
  const listId = `settings-menu-${group.id}`;
  const active = group.entries.find((entry) => entry.hash === activeHash);
  return (
    <div className="min-w-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-caption font-semibold tracking-wide text-gray-500 uppercase hover:bg-gray-100 hover:text-gray-800"
      >
        <span className="flex-1">{group.label}</span>
        {!open && active ? (
          <span className="truncate text-small font-medium tracking-normal text-brand-700 normal-case">
            {active.label}
          </span>
        ) : null}
        <ChevronDown
          size={16}
          aria-hidden
          className={cx('shrink-0 transition-transform', open ? 'rotate-180' : '')}
        />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 flex flex-col gap-0.5">
        {group.entries.map((entry) => {
          const current = entry.hash === activeHash;
          return (
            <li key={entry.hash}>
              <Link
                to={{ hash: entry.hash }}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'block rounded-lg px-3 py-2 text-[0.875rem] font-medium transition-colors',
                  current
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900',
                )}
              >
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The Settings menu (spec §2 Settings): the Account and Telegram groups, each collapsible; at 900px or less
 * they start collapsed and the menu sits above the section instead of beside it.
 */
export function SettingsMenu({ groups, activeHash }: { groups: SettingsMenuGroup[]; activeHash: string }) {
  const narrow = useMediaQuery(SETTINGS_MENU_COLLAPSE_QUERY);
  return (
    <nav
      aria-label={T.menuLabel}
      data-collapsed={narrow || undefined}
      className="flex flex-col gap-3 rounded-xl border border-gray-200/80 bg-white p-2 shadow-card min-[901px]:sticky min-[901px]:top-[calc(var(--spacing-topbar,4rem)+1.5rem)]"
    >
      {groups.map((group) => (
        <MenuGroup key={group.id} group={group} activeHash={activeHash} narrow={narrow} />
      ))}
    </nav>
  );
}
