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
  description?: ReactNode;
  /** Buttons or menus at the right end. */
  actions?: ReactNode;
  className?: string;
}

/** Title row of a card. */
export function CardHeader({ title, description, actions, className }: CardHeaderProps) {
  return (
    <div className={cx('mb-5 flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <h2 className="text-h3 text-gray-900">{title}</h2>
        {description ? <p className="mt-1 text-small text-gray-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
