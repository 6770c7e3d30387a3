/** The narrow (card) layout of a record list (deals, disputes, referrals) and the details buttons of both layouts. */
import { Info } from 'lucide-react';
import type { ComponentPropsWithoutRef, MouseEvent, ReactNode } from 'react';
import { Button, IconButton } from './button.tsx';
import { Card } from './card.tsx';
import { cx } from './cx.ts';

/** The grid of record cards: one column, two from 640 px. */
export function RecordCardGrid({ className, ...rest }: ComponentPropsWithoutRef<'ul'>) {
  return <ul {...rest} className={cx('grid grid-cols-1 gap-3 min-[640px]:grid-cols-2', className)} />;
}

export interface RecordCardProps {
  testId: string;
  /** The record's id, left on the card's first line. */
  id: ReactNode;
  /** The record's status badge, right on the card's first line. */
  status: ReactNode;
  children: ReactNode;
}

/** One record of the grid: its id and status on top, then its facts and actions. */
export function RecordCard({ testId, id, status, children }: RecordCardProps) {
  return (
    <li className="min-w-0">
      <Card padding="sm" data-testid={testId} className="flex h-full flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          {id}
          {status}
        </div>
        {children}
      </Card>
    </li>
  );
}

/** The labelled facts of a record card, two a row. */
export function RecordFacts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-small">{children}</dl>;
}

export interface RecordFactProps {
  label: ReactNode;
  className?: string;
  valueClassName: string;
  valueTestId?: string;
  valueTitle?: string;
  children: ReactNode;
}

/** One labelled fact of a record card. */
export function RecordFact({
  label,
  className,
  valueClassName,
  valueTestId,
  valueTitle,
  children,
}: RecordFactProps) {
  return (
    <div className={className}>
      <dt className="text-caption text-gray-500">{label}</dt>
      <dd className={valueClassName} data-testid={valueTestId} title={valueTitle}>
        {children}
      </dd>
    </div>
  );
}

export interface DetailsButtonProps {
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
}

/** The table row's details button: an icon, so the row fits beside the sidebar. */
export function DetailsIconButton({ label, onClick, disabled }: DetailsButtonProps) {
  return (
    <IconButton
      variant="secondary"
      size="sm"
      aria-label={label}
      title={label}
      icon={<Info size={15} />}
      disabled={disabled}
      onClick={onClick}
    />
  );
}

/** The card's details button: icon and words. */
export function DetailsButton({
  label,
  onClick,
  disabled,
  loading,
  className,
}: DetailsButtonProps & { loading?: boolean; className: string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      leftIcon={<Info size={14} />}
      disabled={disabled}
      loading={loading}
      onClick={onClick}
      className={className}
    >
      {label}
    </Button>
  );
}
