import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { cx } from './cx.ts';

export interface PlaceholderPanelProps {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** What the finished section will offer, as short bullet points. */
  upcoming?: ReactNode[];
  className?: string;
}

/** Honest stand-in for a section that is not built yet. */
export function PlaceholderPanel({
  title = 'Раздел в разработке',
  description = 'Он появится здесь в одном из ближайших обновлений. Ваши данные тем временем в сохранности.',
  icon,
  upcoming,
  className,
}: PlaceholderPanelProps) {
  return (
    <Card padding="lg" className={cx('border-dashed border-gray-300 bg-white/70 shadow-none', className)}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          {icon ?? <Hammer size={22} />}
        </div>
        <div className="min-w-0">
          <p className="text-h3 text-gray-900">{title}</p>
          <p className="mt-1 max-w-xl text-body text-gray-500">{description}</p>
          {upcoming?.length ? (
            <ul className="mt-4 grid gap-2 text-small text-gray-600 sm:grid-cols-2">
              {upcoming.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
                <li key={index} className="flex items-center gap-2">
                  <span className="size-1.5 shrink-0 rounded-full bg-brand-300" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
