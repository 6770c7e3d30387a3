import { Inbox, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './cx.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that fixes the emptiness (e.g. "Add Terminal Now"). */
  action?: ReactNode;
  className?: string;
}

/** Centred message for a list with nothing in it. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-gray-100 text-gray-500">
        {icon ?? <Inbox size={22} />}
      </div>
      <p className="text-h3 text-gray-900">{title}</p>
      {description ? <p className="mt-1.5 max-w-sm text-small text-gray-500">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** The failed query: retry refetches it, and the button spins while it fetches (instead of onRetry and retrying). */
  retry?: { refetch: () => unknown; isFetching: boolean };
  className?: string;
}

/** A load failure in place of content, with a retry button when the caller can retry. */
export function ErrorState({
  title = 'Не удалось загрузить',
  message,
  retry,
  onRetry = retry ? () => void retry.refetch() : undefined,
  retrying = retry?.isFetching,
  className,
}: ErrorStateProps) {
  return (
    <div role="alert" className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-danger-50 text-danger-600">
        <TriangleAlert size={22} />
      </div>
      <p className="text-h3 text-gray-900">{title}</p>
      <p className="mt-1.5 max-w-sm text-small text-gray-500">{message}</p>
      {onRetry ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-5"
          onClick={onRetry}
          loading={retrying}
          leftIcon={<RotateCw size={14} />}
        >
          Повторить
        </Button>
      ) : null}
    </div>
  );
}
