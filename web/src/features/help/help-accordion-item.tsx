// One open/close row of the Help page's accordions (its sections, their subsections, the FAQ questions): the
// heading level, the chevron that turns when open and the fade-in of the content are the same for all three;
// the table below holds what differs.
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The chevron's look in every Help accordion: grey, turned and tinted while its row is open. */
const CHEVRON =
  'shrink-0 text-gray-400 transition-transform group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600 motion-reduce:transition-none';

/** How one kind of row looks; a row without an icon box (a question) has no `iconBox`. */
interface Look {
  heading: 'h2' | 'h3' | 'h4';
  item: string;
  trigger: string;
  iconBox?: string;
  iconSize?: number;
  title: string;
  chevronSize: number;
  content: string;
}

/** Each kind of row: its heading level (sections are h2, subsections h3, questions h4) and its classes. */
const LOOKS = {
  section: {
    heading: 'h2',
    item: 'scroll-mt-24 overflow-hidden rounded-xl border border-gray-200/80 bg-white shadow-card',
    trigger:
      'group flex w-full items-center gap-4 px-4 py-4 text-left transition hover:bg-gray-50/70 sm:px-6 sm:py-5',
    iconBox: 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600',
    iconSize: 20,
    title: 'min-w-0 flex-1',
    chevronSize: 20,
    content:
      'border-t border-gray-100 px-2 pb-2 data-[state=open]:animate-fade-in motion-reduce:animate-none sm:px-4 sm:pb-3',
  },
  subsection: {
    heading: 'h3',
    item: 'scroll-mt-24 border-b border-gray-100 last:border-b-0',
    trigger:
      'group flex w-full items-center gap-3 rounded-lg px-2 py-3.5 text-left transition hover:bg-gray-50 sm:px-3',
    iconBox:
      'flex size-8 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-500 transition group-data-[state=open]:bg-brand-50 group-data-[state=open]:text-brand-600',
    iconSize: 17,
    title: 'min-w-0 flex-1 text-h3 text-gray-900 group-data-[state=open]:text-brand-700',
    chevronSize: 18,
    content: 'px-2 pt-1 pb-6 data-[state=open]:animate-fade-in motion-reduce:animate-none sm:px-3 md:pl-14',
  },
  question: {
    heading: 'h4',
    item: 'rounded-lg border border-gray-200 bg-white data-[state=open]:border-brand-200',
    trigger:
      'group flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left text-body font-medium text-gray-900 transition hover:bg-gray-50 data-[state=open]:text-brand-700',
    title: 'min-w-0 flex-1',
    chevronSize: 18,
    content:
      'flex flex-col gap-3 px-4 pt-1 pb-4 data-[state=open]:animate-fade-in motion-reduce:animate-none',
  },
} satisfies Record<string, Look>;

/** A Help accordion row: a heading that toggles it (icon, `title`, chevron) and its content below. */
export function HelpAccordionItem({
  look,
  value,
  id,
  icon: Icon,
  title,
  children,
}: {
  look: keyof typeof LOOKS;
  value: string;
  id?: string;
  icon?: LucideIcon;
  title: ReactNode;
  children: ReactNode;
}) {
  const style: Look = LOOKS[look];
  const Heading = style.heading;
  return (
    <Accordion.Item value={value} id={id} className={style.item}>
      <Accordion.Header asChild>
        <Heading>
          <Accordion.Trigger className={style.trigger}>
            {Icon ? (
              <span className={style.iconBox}>
                <Icon size={style.iconSize} aria-hidden />
              </span>
            ) : null}
            <span className={style.title}>{title}</span>
            <ChevronDown size={style.chevronSize} aria-hidden className={CHEVRON} />
          </Accordion.Trigger>
        </Heading>
      </Accordion.Header>
      <Accordion.Content className={style.content}>{children}</Accordion.Content>
    </Accordion.Item>
  );
}
