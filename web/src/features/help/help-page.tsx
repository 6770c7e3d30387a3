import * as Accordion from '@radix-ui/react-accordion';
import {
  Gauge,
  GraduationCap,
  Headphones,
  LifeBuoy,
  type LucideIcon,
  MessageCircle,
  MessageCircleQuestion,
  Smartphone,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../ui/index.ts';
import { Faq } from './faq.tsx';
import { HelpAccordionItem } from './help-accordion-item.tsx';
import {
  type HelpTarget,
  hashOf,
  helpItemId,
  sectionOf,
  targetFromHash,
  targetFromState,
} from './help-navigation.ts';
import { HELP_SECTIONS, HELP_SUBSECTIONS, type HelpSection, type HelpSubsection } from './help-sections.ts';
import { RatingHelp } from './rating-help.tsx';
import { SupportHelp } from './support-help.tsx';
import { TelegramHelp } from './telegram-help.tsx';
import { TerminalHelp } from './terminal-help.tsx';

/** Titles of the page, its sections and subsections (Russian; the page title as the menu names it). */
export const HELP_TEXT = {
  title: 'Help & Supports',
  description:
    'Как работает рейтинг, как подключить терминал и Telegram, ответы на частые вопросы и круглосуточная поддержка.',
  jumpLabel: 'Разделы справки',
  sections: {
    beginners: {
      title: 'Для начинающих',
      summary: 'Рейтинг, подключение терминала и Telegram',
      icon: GraduationCap,
    },
    support: { title: 'Поддержка', summary: 'Частые вопросы и техподдержка 24/7', icon: LifeBuoy },
  },
  subsections: {
    rating: { title: 'Рейтинг', short: 'Правила рейтинга', icon: Gauge },
    'terminal-connect': { title: 'Подключение терминала', short: 'Терминал', icon: Smartphone },
    'telegram-connect': { title: 'Подключение Telegram', short: 'Telegram', icon: MessageCircle },
    faq: { title: 'Частые вопросы', short: 'Частые вопросы', icon: MessageCircleQuestion },
    'technical-support': { title: 'Техническая поддержка 24/7', short: 'Техподдержка', icon: Headphones },
  },
} as const satisfies {
  title: string;
  description: string;
  jumpLabel: string;
  sections: Record<HelpSection, { title: string; summary: string; icon: LucideIcon }>;
  subsections: Record<HelpSubsection, { title: string; short: string; icon: LucideIcon }>;
};

const CONTENT: Record<HelpSubsection, () => ReactNode> = {
  rating: () => <RatingHelp />,
  'terminal-connect': () => <TerminalHelp />,
  'telegram-connect': () => <TelegramHelp />,
  faq: () => <Faq />,
  'technical-support': () => <SupportHelp />,
};

type OpenSubsections = Record<HelpSection, string>;

const NO_SUBSECTIONS: OpenSubsections = { beginners: '', support: '' };

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Which section and subsection are open. A link opens them through navigation state (the dashboard's
 * banners) or the hash (`/help#rating`); the opened item scrolls into view and takes the focus. When the
 * reader opens an item, the hash follows (replaced, not pushed), so the address links to what is open.
 */
function useHelpOpening() {
  const location = useLocation();
  const navigate = useNavigate();
  const initial = targetFromState(location.state) ?? targetFromHash(location.hash);
  const [sections, setSections] = useState<HelpSection[]>(() => [initial?.section ?? 'beginners']);
  const [subsections, setSubsections] = useState<OpenSubsections>(() =>
    initial?.subsection ? { ...NO_SUBSECTIONS, [initial.section]: initial.subsection } : NO_SUBSECTIONS,
  );
  const [scrollTo, setScrollTo] = useState<{ target: HelpTarget } | null>(null);
  /** The hash this page itself wrote last: its navigation must not scroll or re-open anything. */
  const ownHash = useRef<string | null>(null);

  const writeHash = (hash: string) => {
    if (hash === location.hash) return;
    ownHash.current = hash;
    void navigate(
      { pathname: location.pathname, search: location.search, hash },
      { replace: true, preventScrollReset: true },
    );
  };

  // Every navigation to the page (a banner's state, a hash link, back/forward) opens what it names.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, keyed by the location
  useEffect(() => {
    const fromState = targetFromState(location.state);
    const target = fromState ?? targetFromHash(location.hash);
    if (!target) return;
    if (!fromState && ownHash.current === location.hash) {
      ownHash.current = null;
      return;
    }
    setSections((open) => (open.includes(target.section) ? open : [...open, target.section]));
    if (target.subsection) {
      const subsection = target.subsection;
      setSubsections((open) => ({ ...open, [target.section]: subsection }));
    }
    setScrollTo({ target });
    // A state-opened subsection gets its hash too, so a reload or a copied address shows the same.
    if (fromState) writeHash(hashOf(target));
  }, [location]);

  useEffect(() => {
    if (!scrollTo) return;
    const { target } = scrollTo;
    const item = document.getElementById(helpItemId(target.subsection ?? target.section));
    item?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    item?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus({ preventScroll: true });
  }, [scrollTo]);

  const changeSections = (next: string[]) => {
    const nextSections = next as HelpSection[];
    const opened = nextSections.find((section) => !sections.includes(section));
    setSections(nextSections);
    if (opened) {
      writeHash(`#${subsections[opened] || opened}`);
      return;
    }
    const current = targetFromHash(location.hash);
    if (current && !nextSections.includes(current.section)) writeHash('');
  };

  const changeSubsection = (section: HelpSection, value: string) => {
    setSubsections((open) => ({ ...open, [section]: value }));
    if (value) writeHash(`#${value}`);
    else if (sectionOf(location.hash.slice(1)) === section) writeHash(`#${section}`);
  };

  return { sections, subsections, changeSections, changeSubsection };
}

function SubsectionItem({ name }: { name: HelpSubsection }) {
  const { title, icon } = HELP_TEXT.subsections[name];
  return (
    <HelpAccordionItem look="subsection" value={name} id={helpItemId(name)} icon={icon} title={title}>
      {CONTENT[name]()}
    </HelpAccordionItem>
  );
}

/** Help & Supports (spec §2 Help page): Beginners and Support, each an accordion of its subsections. */
export function HelpPage() {
  const { sections, subsections, changeSections, changeSubsection } = useHelpOpening();

  return (
    <>
      <PageHeader title={HELP_TEXT.title} description={HELP_TEXT.description} />
      <nav aria-label={HELP_TEXT.jumpLabel} className="-mt-2 mb-5 sm:-mt-4">
        <ul className="flex flex-wrap gap-2">
          {HELP_SECTIONS.flatMap((section) => HELP_SUBSECTIONS[section]).map((name) => (
            <li key={name}>
              <Link
                to={`#${name}`}
                preventScrollReset
                className="inline-flex h-8 items-center rounded-full border border-gray-200 bg-white px-3 text-small font-medium text-gray-700 transition hover:border-brand-300 hover:text-brand-700"
              >
                {HELP_TEXT.subsections[name].short}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Accordion.Root
        type="multiple"
        value={sections}
        onValueChange={changeSections}
        className="flex flex-col gap-4"
      >
        {HELP_SECTIONS.map((section) => {
          const { title, summary, icon } = HELP_TEXT.sections[section];
          return (
            <HelpAccordionItem
              key={section}
              look="section"
              value={section}
              id={helpItemId(section)}
              icon={icon}
              title={
                <>
                  <span className="block text-h2 text-gray-900">{title}</span>
                  <span className="mt-0.5 block text-small font-normal text-gray-500">{summary}</span>
                </>
              }
            >
              <Accordion.Root
                type="single"
                collapsible
                value={subsections[section]}
                onValueChange={(value) => changeSubsection(section, value)}
              >
                {HELP_SUBSECTIONS[section].map((name) => (
                  <SubsectionItem key={name} name={name} />
                ))}
              </Accordion.Root>
            </HelpAccordionItem>
          );
        })}
      </Accordion.Root>
    </>
  );
}
