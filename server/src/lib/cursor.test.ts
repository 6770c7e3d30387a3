import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { isUuid } from './uuid.ts';

describe('cursor', () => {
  const schema = z.object({ at: z.string(), id: z.uuid() });
  const position = { at: '2026-11-28T01:02:03.000Z', id: '0d9c2b0e-6a0f-4f57-9d0c-3b1f3f0b8a11' };

  it('round-trips a payload and refuses what is not one', () => {
    expect(decodeCursor(schema, encodeCursor(position))).toEqual(position);
    expect(decodeCursor(schema, encodeCursor({ at: 1 }))).toBeUndefined();
    expect(decodeCursor(schema, 'not base64 json')).toBeUndefined();
  });

  it('checks UUIDs', () => {
    expect(isUuid(position.id)).toBe(true);
    expect(isUuid(`${position.id}0`)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
