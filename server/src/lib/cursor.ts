import type { z } from 'zod';

// The one cursor encoding of paged lists: a JSON payload, base64url, opaque to clients. Each list names its
// payload's schema; a cursor that does not decode to it (edited, truncated, from another list) is `undefined`,
// and the list decides what that means (an error or a read by OFFSET).

export function encodeCursor(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodeCursor<Schema extends z.ZodType>(
  schema: Schema,
  cursor: string,
): z.infer<Schema> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
