import {
  HELP_SECTIONS,
  HELP_SUBSECTIONS,
  type HelpNavigationState,
  type HelpSection,
  type HelpSubsection,
} from './help-sections.ts';

/** What to open: a section, and maybe one of its subsections. */
export type HelpTarget = HelpNavigationState;

function isSection(value: unknown): value is HelpSection {
  return (HELP_SECTIONS as readonly unknown[]).includes(value);
}

/** The section a subsection belongs to, or null for a name that is no subsection. */
export function sectionOf(subsection: unknown): HelpSection | null {
  for (const section of HELP_SECTIONS) {
    if ((HELP_SUBSECTIONS[section] as readonly unknown[]).includes(subsection)) return section;
  }
  return null;
}

/**
 * The target of a link's navigation state ({section, subsection?}), or null when it is none. A subsection
 * names its section itself, so a state whose section disagrees opens the subsection's own.
 */
export function targetFromState(state: unknown): HelpTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  const { section, subsection } = state as Record<string, unknown>;
  const parent = sectionOf(subsection);
  if (parent) return { section: parent, subsection: subsection as HelpSubsection };
  return isSection(section) ? { section } : null;
}

/** The target of a URL hash: `#beginners`, `#support` or a subsection such as `#rating`. */
export function targetFromHash(hash: string): HelpTarget | null {
  const name = hash.replace(/^#/, '');
  const parent = sectionOf(name);
  if (parent) return { section: parent, subsection: name as HelpSubsection };
  return isSection(name) ? { section: name } : null;
}

/** The hash that links to a target: its subsection's name, else its section's. */
export function hashOf(target: HelpTarget): string {
  return `#${target.subsection ?? target.section}`;
}

/** The id of a section's or subsection's element on the page (not the bare name: see help-page.tsx). */
export function helpItemId(name: HelpSection | HelpSubsection): string {
  return `help-${name}`;
}
