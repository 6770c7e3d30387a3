import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { copyText } from '../../../ui/copy-text.ts';
import { cx, IconButton, notify } from '../../../ui/index.ts';
import { NumberedSteps } from '../../../ui/numbered-steps.tsx';

/** Russian words of the setup guides' common parts. */
export const GUIDE_TEXT = {
  copy: (label: string) => `Скопировать: ${label}`,
  copied: (label: string) => `Скопировано: ${label}`,
  copyFailed: 'Не удалось скопировать',
} as const;

/** How long a copy button shows its tick after a copy. */
const COPIED_MS = 2_000;

/**
 * A name the phone app shows (a tab, a button, a field), in the app's own words and language, between
 * Russian quotes. Marked as a literal: the only words of a guide that need not be Russian.
 */
export function Ui({ children }: { children: ReactNode }) {
  return (
    <>
      «
      <span data-literal className="font-medium text-gray-900">
        {children}
      </span>
      »
    </>
  );
}

/**
 * A value typed literally (a package name, a number, a variable of the app). It breaks only where it would
 * not fit a line; `nowrap` keeps a short value with spaces (a cron expression) on one line.
 */
export function Code({ children, nowrap = false }: { children: ReactNode; nowrap?: boolean }) {
  return (
    <code
      data-literal
      className={cx(
        'rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[0.8125rem] text-gray-900',
        nowrap ? 'whitespace-nowrap' : 'wrap-anywhere',
      )}
    >
      {children}
    </code>
  );
}

/**
 * A value to paste into the phone app, with a copy button (the project's copy helper, so plain-http
 * deployments copy too). The value wraps anywhere: a long URL or template never widens the screen.
 */
export function CopyField({
  label,
  caption,
  value,
  testId,
  className,
}: {
  /** Names the value in the copy button and the toast (Russian). */
  label: string;
  /** Shown above the value instead of `label`, when it needs markup (a literal name in it). */
  caption?: ReactNode;
  value: string;
  testId?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      notify.success(GUIDE_TEXT.copied(label));
    } catch {
      notify.error(GUIDE_TEXT.copyFailed);
    }
  };

  return (
    <div className={cx('flex min-w-0 flex-col gap-1.5', className)} data-testid={testId}>
      <span className="text-caption font-medium text-gray-500">{caption ?? label}</span>
      <div className="flex min-w-0 items-start gap-2">
        <code
          data-literal
          data-testid={testId ? `${testId}-value` : undefined}
          className="min-h-12 min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-3 font-mono text-[0.8125rem] leading-5 break-all whitespace-pre-wrap text-gray-900 select-all"
        >
          {value}
        </code>
        <IconButton
          size="lg"
          variant="secondary"
          aria-label={GUIDE_TEXT.copy(label)}
          icon={copied ? <Check size={18} className="text-success-600" /> : <Copy size={18} />}
          onClick={copy}
        />
      </div>
    </div>
  );
}

/** One field of a form in the phone app and what goes into it. */
export interface GuideField {
  name: ReactNode;
  value: ReactNode;
}

/** The fields of a form in the phone app: its name on the left, what to enter on the right (stacked on phones). */
export function FieldList({ fields }: { fields: GuideField[] }) {
  return (
    <dl className="mt-2 flex flex-col gap-1.5 rounded-lg border border-gray-100 bg-gray-50/60 px-3 py-2.5">
      {fields.map((field, index) => (
        // A static list that never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed guide content
        <div key={index} className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
          <dt className="shrink-0 text-gray-500 sm:w-44">{field.name}</dt>
          <dd className="min-w-0 text-gray-900">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Numbered steps with purple counters, like the QR screen's. */
export function GuideSteps({ label, steps }: { label: string; steps: ReactNode[] }) {
  return (
    <NumberedSteps
      steps={steps}
      label={label}
      className="flex flex-col gap-4"
      stepClassName="text-small text-gray-700"
      body="div"
      bodyClassName="flex min-w-0 flex-1 flex-col gap-2 pt-0.5"
      numbersHidden
    />
  );
}
