// One open/close row of the Help page's accordions (its sections, their subsections, the FAQ questions): the
// heading level, the chevron that turns when open and the fade-in of the content are the same for all three.
import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** The chevron's look in every Help accordion: grey, turned and tinted while its row is open. */
const CHEVRON =
  'shrink-0 text-gray-400 transition-transform group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600 motion-reduce:transition-none';

/** A Help accordion row: a heading that toggles it (its `title` then a chevron) and its content below. */
export function HelpAccordionItem({
  value,
  id,
  heading: Heading,
  className,
  triggerClassName,
  chevronSize,
  contentClassName,
  title,
  children,
}: {
  value: string;
  id?: string;
  heading: 'h2' | 'h3' | 'h4';
  className: string;
  triggerClassName: string;
  chevronSize: number;
  contentClassName: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} id={id} className={className}>
      <Accordion.Header asChild>
        <Heading>
          <Accordion.Trigger className={triggerClassName}>
            {title}
            <ChevronDown size={chevronSize} aria-hidden className={CHEVRON} />
          </Accordion.Trigger>
        </Heading>
      </Accordion.Header>
      <Accordion.Content className={contentClassName}>{children}</Accordion.Content>
    </Accordion.Item>
  );
}
