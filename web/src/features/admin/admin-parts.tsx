/**
 * The console's shared pieces: a list's loading / error / empty states, a labelled select, a figure tile, the
 * mailed-code step of sensitive actions (request the code, then the product's OTP modal) and a reason field.
 */
import type { AdminOtpAction } from '@app/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { readError } from '../../api/errors.ts';
import { cx, EmptyState, ErrorState, notify, Skeleton, useFieldContext } from '../../ui/index.ts';
import { OtpModal } from '../../ui/otp-modal.tsx';
import { ADMIN_TEXT } from './admin-text.ts';
import { useRequestAdminOtp } from './api.ts';

/** A console list's body: skeleton rows while loading, the error with retry, the empty state, else the rows. */
export function QueryBody<T>({
  query,
  testId,
  empty,
  isEmpty,
  rows = 4,
  children,
}: {
  query: UseQueryResult<T>;
  testId: string;
  /** The empty state's title; without it the list is never empty (a single record). */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3 p-4 sm:p-6" aria-busy="true" data-testid={`${testId}-loading`}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={String(index)} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div data-testid={`${testId}-error`}>
        <ErrorState message={readError(query.error, ADMIN_TEXT.loadFailed).text} retry={query} />
      </div>
    );
  }
  if (empty && isEmpty?.(query.data)) return <EmptyState title={empty} className="py-12" />;
  return <>{children(query.data)}</>;
}

const CONTROL =
  'h-10 w-full rounded-lg border border-gray-200 bg-white px-3 text-small text-gray-900 shadow-xs outline-none hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15';

/** A native select in the inputs' look, with its label for screen readers and sighted users alike. */
export function LabelledSelect({
  label,
  options,
  className,
  ...rest
}: { label: string; options: ReadonlyArray<readonly [string, string]> } & ComponentPropsWithRef<'select'>) {
  return (
    <label className={cx('flex min-w-0 flex-col gap-1 text-caption font-medium text-gray-600', className)}>
      {label}
      <select className={CONTROL} {...rest}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled text box of a filter row (the value is committed by the page). */
export function LabelledText({
  label,
  className,
  ...rest
}: { label: string } & ComponentPropsWithRef<'input'>) {
  return (
    <label className={cx('flex min-w-0 flex-col gap-1 text-caption font-medium text-gray-600', className)}>
      {label}
      <input className={CONTROL} {...rest} />
    </label>
  );
}

/** A multi-line text box in the inputs' look (reasons); inside a Field it takes the field's id and state. */
export function TextArea({ className, ...rest }: ComponentPropsWithRef<'textarea'>) {
  const field = useFieldContext();
  return (
    <textarea
      rows={3}
      id={field?.id}
      aria-describedby={field?.describedBy}
      aria-invalid={field?.invalid || undefined}
      className={cx(
        CONTROL,
        'h-auto min-h-20 py-2',
        field?.invalid ? 'border-danger-500' : undefined,
        className,
      )}
      {...rest}
    />
  );
}

/** One figure of the overview: a label, the value, and where it links. */
export function StatTile({
  label,
  value,
  to,
  tone = 'neutral',
  testId,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  tone?: 'neutral' | 'attention';
  testId?: string;
}) {
  // A dl holds only dt/dd groups in divs: the link sits in the dt and stretches over the whole tile.
  return (
    <div
      data-testid={testId}
      className={cx(
        'relative rounded-xl border border-gray-200/80 bg-white p-4 shadow-card',
        to ? 'transition hover:border-brand-300 hover:bg-brand-50/40' : undefined,
      )}
    >
      <dt className="text-small text-gray-500">
        {to ? (
          <Link to={to} className="after:absolute after:inset-0 after:rounded-xl">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd
        className={cx(
          'mt-1 text-h3 tabular-nums',
          tone === 'attention' ? 'text-danger-700' : 'text-gray-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The mailed-code step of a sensitive action: `start(run, summary)` mails a code for `action` and opens the
 * OTP modal; the code the admin types is handed to `run`, whose failure shows as the modal's error toast.
 * `onClosed` runs when the modal closes, confirmed or not.
 */
export function useOtpStep(action: AdminOtpAction, title: string, onClosed?: () => void) {
  const send = useRequestAdminOtp();
  const [pending, setPending] = useState<{
    run: (otp: string) => Promise<void>;
    summary?: ReactNode;
  } | null>(null);

  /** Mails the code and opens the modal; false when the code could not be sent (the toast says why). */
  const start = async (run: (otp: string) => Promise<void>, summary?: ReactNode): Promise<boolean> => {
    try {
      await send.mutateAsync(action);
      notify.info(ADMIN_TEXT.codeSent);
      setPending({ run, summary });
      return true;
    } catch (error) {
      notify.error(readError(error).text);
      return false;
    }
  };
  const close = () => {
    setPending(null);
    onClosed?.();
  };

  const modal = (
    <OtpModal
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      summary={pending?.summary}
      errorText={(error) => readError(error).text}
      submitLabel={ADMIN_TEXT.confirm}
      checkingLabel={ADMIN_TEXT.checking}
      onVerify={async (otp) => {
        if (!pending) return;
        await pending.run(otp);
        close();
      }}
    />
  );
  return { start, sending: send.isPending, modal };
}
