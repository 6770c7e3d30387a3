import { useState } from 'react';
import { cx } from './cx.ts';

export interface AvatarProps {
  /** Image URL; initials show when it is missing or fails to load. */
  src?: string | null;
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-8 text-caption', md: 'size-10 text-small', lg: 'size-14 text-h3' } as const;

function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

/** Round user picture with an initials fallback. */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  // The URL that failed to load: a new URL (a new upload) is tried again rather than staying on initials.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700 ring-2 ring-white',
        SIZES[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={name}
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </span>
  );
}
