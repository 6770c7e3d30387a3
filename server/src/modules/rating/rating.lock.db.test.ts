import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';

// PGlite runs one transaction at a time (its one session is handed to one connection per transaction), so two
// transactions never hold row locks side by side there: this is a PostgreSQL-only concern.
describe.skipIf(testEngine === 'pglite')('the rating lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not block a row that merely references the trader (a new deal, a balance) while it is held', async () => {
    // A deal's completion takes the rating lock on its trader and then its method, while a new order holds
    // that method (routing's FOR UPDATE) and inserts a deal whose foreign key takes KEY SHARE on the trader's
    // users row. A FOR UPDATE rating lock blocked that KEY SHARE: each waited for the other, a deadlock the
    // seeded simulation hit in ~2 % of its ops on PostgreSQL. FOR NO KEY UPDATE leaves foreign keys free.
    const { user } = await insertUser(t);
    await t.database.db.transaction(async (tx) => {
      await t.ctx.rating.lock(tx, { traderId: user.id, paymentMethodId: null });
      const other = await t.database.raw.connect();
      try {
        await other.query('begin');
        // Generous: without the fix this waits until the lock holder ends, which is after this statement.
        await other.query("set local lock_timeout = '10s'");
        await other.query('insert into user_balances (user_id) values ($1)', [user.id]);
        await other.query('rollback');
      } finally {
        other.release();
      }
    });
    expect((await t.ctx.ledger.getBalances(user.id)).available).toBe(0n);
  });
});
