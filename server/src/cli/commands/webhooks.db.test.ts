import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdmin } from '../../../test/cli-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { sampleOrder } from '../../../test/webhook-fixtures.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import { webhooksCommand } from './webhooks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (argv: string[]) => runAdmin(webhooksCommand, argv, appCliEnv(t));

const enqueue = (merchantId: string) =>
  t.database.db.transaction((tx) =>
    t.ctx.webhooks.enqueueOrderEvent(tx, {
      merchantId,
      order: sampleOrder({ id: randomUUID() }),
      callbackUrl: null,
    }),
  );

const stateOf = async (id: string) =>
  (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!;

describe('admin webhooks', () => {
  it('says so when there are none, and refuses a bad command line', async () => {
    expect(await run(['list'])).toEqual({ code: 0, lines: ['No webhook events yet.'] });
    await expect(run(['purge'])).rejects.toThrow(/list or retry/);
    await expect(run(['list', '--state', 'lost'])).rejects.toThrow(/--state/);
    await expect(run(['list', '--limit', '0'])).rejects.toThrow(/--limit/);
    await expect(run(['retry'])).rejects.toThrow(/event id/);
  });

  it('lists events newest first with the merchant, filtered by --state and cut at --limit', async () => {
    const { user, email } = await insertUser(t, { role: 'merchant' });
    const older = await enqueue(user.id);
    const newer = await enqueue(user.id);
    await t.database.db
      .update(webhookEvents)
      .set({ state: 'failed', attempts: 9, lastStatusCode: 500, lastError: 'Нет ответа за 10000 мс' })
      .where(eq(webhookEvents.id, older));

    const all = await run(['list']);
    expect(all.code).toBe(0);
    expect(all.lines).toHaveLength(2);
    expect(all.lines[0]).toMatch(
      new RegExp(
        `^${newer}  pending\\s+order\\.pending  order \\S+  ${email}  created \\S+  attempts 0  next \\S+$`,
      ),
    );
    expect(all.lines[1]).toContain(`${older}  failed `);
    expect(all.lines[1]).toContain('attempts 9  HTTP 500  (Нет ответа за 10000 мс)');

    const failed = await run(['list', '--state', 'failed']);
    expect(failed.lines).toHaveLength(1);
    expect(failed.lines[0]).toContain(older);
    expect((await run(['list', '--state', 'delivered'])).lines).toEqual(['No delivered webhook events.']);
    expect((await run(['list', '--limit', '1'])).lines).toHaveLength(1);
  });

  it('retry puts a failed event back to pending, due now; anything else is refused with exit code 1', async () => {
    const { user } = await insertUser(t, { role: 'merchant' });
    const failed = await enqueue(user.id);
    const pending = await enqueue(user.id);
    const later = new Date(Date.now() + 86_400_000);
    await t.database.db
      .update(webhookEvents)
      .set({ state: 'failed', nextAttemptAt: later })
      .where(eq(webhookEvents.id, failed));

    const retried = await run(['retry', failed]);
    expect(retried.code).toBe(0);
    expect(retried.lines[0]).toContain(`${failed} is pending again`);
    const row = await stateOf(failed);
    expect(row.state).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    for (const id of [pending, failed, 'msg_AAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense']) {
      const refused = await run(['retry', id]);
      expect(refused.code, id).toBe(1);
      expect(refused.lines[0]).toContain('only failed events can be retried');
    }
  });
});
