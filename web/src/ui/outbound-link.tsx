/** A link that leaves the product for another site or a file (a dispute's evidence, a withdrawal on Tronscan). */
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

/** Opens in a new tab without telling the other site where it came from; long text truncates before the arrow. */
export function OutboundLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cx('inline-flex max-w-full items-center gap-1', className)}
    >
      <span className="truncate">{children}</span>
      <ExternalLink size={13} aria-hidden className="shrink-0" />
    </a>
  );
}
