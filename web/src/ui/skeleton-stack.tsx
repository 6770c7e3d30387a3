/**
 * Placeholders while something loads: a stack of grey shapes standing for a detail or a section, and the grid of
 * rows or cards standing for a list page's list.
 */
import { cx } from './cx.ts';
import { Skeleton } from './spinner.tsx';

export interface SkeletonStackProps {
  /** Each placeholder's classes (its height, width and corners), top to bottom. */
  shapes: readonly string[];
  /** The stack's layout; a column three units apart unless said otherwise. */
  className?: string;
  testId?: string;
}

/** A busy stack of placeholders, one per shape. */
export function SkeletonStack({ shapes, className = 'flex flex-col gap-3', testId }: SkeletonStackProps) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      {shapes.map((shape, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <Skeleton key={index} className={shape} />
      ))}
    </div>
  );
}

/** A list page's placeholder: `rows` alike shapes in a one-column grid, `columns` adding the wider grid's classes. */
export function SkeletonGrid({
  rows,
  shape,
  columns,
  testId,
}: {
  rows: number;
  shape: string;
  columns?: string | false;
  testId?: string;
}) {
  return (
    <SkeletonStack
      shapes={Array.from({ length: rows }, () => shape)}
      className={cx('grid grid-cols-1 gap-3', columns)}
      testId={testId}
    />
  );
}
