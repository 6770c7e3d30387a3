import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../ui/index.ts';
import { NumberedSteps } from '../../ui/numbered-steps.tsx';

/** A paragraph of help text. */
export function P({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cx('text-body text-gray-700', className)}>{children}</p>;
}

/** A small heading inside a subsection (h4: sections are h2, subsections h3). */
export function SubHeading({ children }: { children: ReactNode }) {
  return <h4 className="mt-2 text-h3 text-gray-900">{children}</h4>;
}

/** Numbered steps with purple counters, as on the terminal pairing screen. */
export function Steps({ items, label }: { items: ReactNode[]; label?: string }) {
  return (
    <NumberedSteps
      steps={items}
      label={label}
      className="flex flex-col gap-3"
      stepClassName="text-body text-gray-700"
      bodyClassName="min-w-0 pt-px"
      numbersHidden
    />
  );
}

/** A bulleted list. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
        <li key={index} className="flex gap-2.5 text-body text-gray-700">
          <span aria-hidden className="mt-[0.6rem] size-1.5 shrink-0 rounded-full bg-brand-400" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A link to a page of the app, in the accent colour. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

/** A name of a button, command or screen as the app shows it. */
export function Ui({ children }: { children: ReactNode }) {
  return <span className="font-medium text-gray-900">{children}</span>;
}

/** A command or key typed literally. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[0.8125rem] break-words text-gray-900">
      {children}
    </code>
  );
}
