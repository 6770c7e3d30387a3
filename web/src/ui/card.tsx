import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';

export interface CardProps extends ComponentPropsWithRef<'section'> {
  /** Inner padding; "none" for cards that hold a table or list edge to edge. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
}

const PADDING = { none: '', sm: 'p-4', md: 'p-5 sm:p-6', lg: 'p-6 sm:p-8' } as const;

/** White surface with a hairline border: the basic container of the signed-in area. */
export function Card({ padding = 'md', className, ...rest }: CardProps) {
  return (
    <section
      className={cx('rounded-xl border border-gray-200/80 bg-white shadow-card', PADDING[padding], className)}
      {...rest}
    />
  );
}

export interface CardHeaderProps {
  title: ReactNode;
  /** The heading's id, for the card's aria-labelledby. */
  titleId?: string;
  description?: ReactNode;
  /** Buttons or menus at the right end. */
  actions?: ReactNode;
  /** A title and one link on a line (the dashboard's list cards): centred, closer to the content. */
  dense?: boolean;
  className?: string;
}

/** Title row of a card. */
export function CardHeader({
  title,
  titleId,
  description,
  actions,
  dense = false,
  className,
}: CardHeaderProps) {
  return (
    <div
      className={cx(
        'flex justify-between',
        dense ? 'mb-4 items-center gap-3' : 'mb-5 items-start gap-4',
        className,
      )}
    >
      <div className="min-w-0">
        <h2 id={titleId} className="text-h3 text-gray-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-small text-gray-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
