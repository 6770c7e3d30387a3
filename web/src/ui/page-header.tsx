import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions at the right end (stack under the title on phones). */
  actions?: ReactNode;
  /** Small text above the title, e.g. the section group. */
  eyebrow?: ReactNode;
  className?: string;
}

/** The title block every signed-in page starts with. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header
      className={cx(
        'mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
    >
      <div className="min-w-0">
        {eyebrow ? (
          <p className="mb-1 text-caption font-medium tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="text-h1 text-gray-900">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-body text-gray-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
