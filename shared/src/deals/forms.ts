import { z } from 'zod';
import { DEAL_MESSAGES } from './messages.ts';

/**
 * The filter bar's date range (spec §2 Shared widgets, §4: start cannot exceed end), as the web's form checks
 * it: inclusive days as YYYY-MM-DD, '' leaving that side open. The refusal stands under the end date.
 */
export const dateRangeForm = z
  .object({ start: z.string(), end: z.string() })
  // YYYY-MM-DD strings order like the days they name.
  .refine((range) => !range.start || !range.end || range.start <= range.end, {
    message: DEAL_MESSAGES.invalidDateRange,
    path: ['end'],
  });
export type DateRangeForm = z.infer<typeof dateRangeForm>;
