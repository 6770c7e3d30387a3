/** Use case: the cursor of GET /api/v1/payments/list/ (bound to its page, size and filters). */
import { createHash } from 'node:crypto';
import type { PaymentListQuery } from '@app/shared';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { ListPosition } from './payments.repository.ts';

// The opaque `cursor` of GET /api/v1/payments/list/: the position of the last row of a page, for the page
// after it, bound to that page number, the page size and the filters. A cursor that does not fit the request
// (another page, size or filter, edited, or from an older server) is ignored and the page is read by OFFSET,
// so `page` and `page_size` mean the same with and without it.

const payload = z.object({
  v: z.literal(1),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  filters: z.string(),
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.uuid(),
});

/** What the filters of a query select, as a short stable digest (order of modes and banks does not matter). */
function filtersDigest(query: PaymentListQuery): string {
  const filters = [
    query.search,
    query.search ? query.search_by : 'all',
    [...(query.modes ?? [])].sort(),
    [...(query.banks ?? [])].sort((a, b) => a - b),
    Boolean(query.active_only),
    Boolean(query.connected_only),
    Boolean(query.not_connected_only),
  ];
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

/** The cursor of the page after `query`'s page, starting after `position`. */
export function encodeListCursor(query: PaymentListQuery, position: ListPosition): string {
  const body = {
    v: 1,
    page: query.page + 1,
    size: query.page_size,
    filters: filtersDigest(query),
    ...position,
  };
  return encodeCursor(body);
}

/** Where `query`'s page starts when its cursor fits it exactly; undefined means "read by OFFSET". */
export function decodeListCursor(query: PaymentListQuery): ListPosition | undefined {
  if (!query.cursor) return undefined;
  const parsed = decodeCursor(payload, query.cursor);
  if (!parsed) return undefined;
  const fits =
    parsed.page === query.page && parsed.size === query.page_size && parsed.filters === filtersDigest(query);
  return fits ? { createdAt: parsed.createdAt, id: parsed.id } : undefined;
}
