// Numbered steps with round brand counters: the Help texts, the terminal pairing screen, the forwarder guides and
// the payer's instructions all number their steps this way.
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

/**
 * An ordered list of fixed steps, each a round counter then its text. `numbersHidden` hides the counters from
 * screen readers where the list already announces the numbers.
 */
export function NumberedSteps({
  steps,
  label,
  className,
  stepClassName,
  counterClassName,
  body: Body = 'span',
  bodyClassName,
  numbersHidden = false,
}: {
  steps: readonly ReactNode[];
  label?: string;
  className: string;
  stepClassName?: string;
  counterClassName?: string;
  body?: 'span' | 'div';
  bodyClassName: string;
  numbersHidden?: boolean;
}) {
  return (
    <ol className={className} aria-label={label}>
      {steps.map((step, index) => (
        // The steps are fixed text: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
        <li key={index} className={cx('flex gap-3', stepClassName)}>
          <span
            aria-hidden={numbersHidden || undefined}
            className={cx(
              'flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-caption font-semibold text-brand-700',
              counterClassName,
            )}
          >
            {index + 1}
          </span>
          <Body className={bodyClassName}>{step}</Body>
        </li>
      ))}
    </ol>
  );
}
