import { z } from 'zod';

/**
 * The one page query of every paged list in api/v1: `page` (from 1) and `page_size` (1…max, a list's own
 * default). `message` is the list's own text for a value that is not a whole number in range (the spec gives
 * some lists their own; zod's Russian messages stand for the rest).
 */
export function pageQueryFields(options: { defaultSize: number; maxSize?: number; message?: string }) {
  const { defaultSize, maxSize = 100, message } = options;
  const whole = () => z.coerce.number(message ? { error: message } : undefined).int(message);
  return {
    page: whole().min(1, message).default(1),
    page_size: whole().min(1, message).max(maxSize, message).default(defaultSize),
  };
}

/** The rows a page query selects, for a repository's OFFSET/LIMIT. */
export function pageWindow(query: { page: number; page_size: number }): { offset: number; limit: number } {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size };
}
