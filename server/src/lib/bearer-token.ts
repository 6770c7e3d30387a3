/** The one check of an operator's `Authorization: Bearer <token>` header (HEALTH_TOKEN, METRICS_TOKEN). */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the Authorization header is `Bearer <token>`. Compared as SHA-256 digests in constant time, so
 * neither the token's characters nor its length can be found by timing the answers. Never true without a
 * configured token.
 */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}
