// The frame of a page that stands outside both the signed-in shell and the public site (the 404 page, the payer's
// page of an order): the canvas background, a slim header and the content below it, at least a screen tall.
import type { ReactNode } from 'react';

/** A standalone page: `header` in a `<header>`, then `children` in the page's `<main>`. */
export function StandalonePage({
  header,
  headerClassName,
  mainClassName,
  children,
}: {
  header: ReactNode;
  headerClassName: string;
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className={headerClassName}>{header}</header>
      <main className={mainClassName}>{children}</main>
    </div>
  );
}
