import { type ClassValue, clsx } from 'clsx';

/** Joins class names (clsx); the one helper every ui component uses. */
export function cx(...values: ClassValue[]): string {
  return clsx(values);
}
