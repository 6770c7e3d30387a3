import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { CODE_RETENTION_MS, purgeExpiredCodes } from './code-expiry.ts';
import * as repo from './otp.repository.ts';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('one-time code expiry', () => {
  it('deletes codes (used or not) that expired more than a day ago and keeps the newer ones', async () => {
    const clock = new Date(Date.now() + 100 * CODE_RETENTION_MS);
    const at = clock.getTime();
    const code = (createdAgo: number, consumed: boolean) =>
      repo.insertCode(t.database.db, {
        email: `expiry-${createdAgo}-${consumed}@example.com`,
        purpose: 'login',
        codeHash: 'x',
        createdAt: new Date(at - createdAgo),
        expiresAt: new Date(at - createdAgo + 10 * MINUTE),
        consumedAt: consumed ? new Date(at - createdAgo + MINUTE) : null,
      });
    const fresh = await code(MINUTE, false);
    const usedToday = await code(2 * 60 * MINUTE, true);
    const oldUnused = await code(CODE_RETENTION_MS + 11 * MINUTE, false);
    const oldUsed = await code(CODE_RETENTION_MS + 11 * MINUTE, true);

    expect(await purgeExpiredCodes({ ...t.ctx, now: () => clock })).toBe(2);
    const ids = (await t.database.db.select().from(otpCodes)).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([fresh.id, usedToday.id]));
    expect(ids).not.toContain(oldUnused.id);
    expect(ids).not.toContain(oldUsed.id);
  });
});
