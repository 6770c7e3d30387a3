import type { ReactNode } from 'react';

/** One titled part of a details modal (deal, dispute): a small caps heading over its rows. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 first:mt-0">
      <h3 className="mb-2 text-caption font-medium tracking-wide text-gray-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** One label and value of a details list (inside a `<dl>`): the label left, the value right. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-small text-gray-500">{label}</dt>
      <dd className="min-w-0 text-right text-small font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}
