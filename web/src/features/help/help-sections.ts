/**
 * The Help page's sections and subsections (spec §2 Help page). A subsection opens from navigation state
 * (the dashboard's banners: `navigate('/help', { state: { section: 'beginners', subsection: 'telegram-connect' } })`)
 * or from the URL hash (`/help#rating`, `#terminal-connect`, `#telegram-connect`, `#support`), so it can be linked.
 */
export const HELP_SECTIONS = ['beginners', 'support'] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

export const HELP_SUBSECTIONS = {
  beginners: ['rating', 'terminal-connect', 'telegram-connect'],
  support: ['faq', 'technical-support'],
} as const satisfies Record<HelpSection, readonly string[]>;
export type HelpSubsection = (typeof HELP_SUBSECTIONS)[HelpSection][number];

/** The state a link to /help carries. */
export interface HelpNavigationState {
  section: HelpSection;
  subsection?: HelpSubsection;
}
