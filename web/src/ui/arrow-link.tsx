import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx.ts';

export interface ArrowLinkProps extends Omit<LinkProps, 'children'> {
  children: ReactNode;
  /** A 44 px touch target underlined on hover (the homes' links); else a compact link that darkens. */
  tall?: boolean;
}

/** "All …" / "Open" link with a trailing arrow: the action of a card header or a list row. */
export function ArrowLink({ children, tall = false, className, ...rest }: ArrowLinkProps) {
  return (
    <Link
      className={cx(
        'inline-flex items-center gap-1 text-small font-medium text-brand-700',
        tall ? 'min-h-11 hover:underline' : 'hover:text-brand-800',
        className,
      )}
      {...rest}
    >
      {children}
      <ArrowRight size={14} aria-hidden />
    </Link>
  );
}
