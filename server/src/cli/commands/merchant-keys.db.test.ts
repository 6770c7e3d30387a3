import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCliEnv, runAdmin } from '../../../test/cli-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { merchantKeyCommand } from './merchant-keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (argv: string[]) => runAdmin(merchantKeyCommand, argv, appCliEnv(t));

describe('admin merchant-key', () => {
  it('creates a key (printed once, it authenticates), lists it and revokes it', async () => {
    const { user, email } = await insertUser(t, { role: 'merchant' });
    const created = await run(['create', email, '--name', 'Магазин']);
    expect(created.code).toBe(0);
    const key = created.lines.at(-1)!;
    expect(key).toMatch(/^mk_live_[A-Za-z0-9]{32}$/);
    const principal = await t.ctx.merchantKeys.authenticate(`Bearer ${key}`);
    expect(principal?.merchantId).toBe(user.id);
    const keyId = principal!.keyId;

    const list = await run(['list', email]);
    expect(list.code).toBe(0);
    expect(list.lines).toHaveLength(1);
    expect(list.lines[0]).toContain(keyId);
    expect(list.lines[0]).toContain(`${key.slice(0, 12)}…  active  "Магазин"`);
    expect(list.lines.join('\n')).not.toContain(key);

    const revoked = await run(['revoke', keyId]);
    expect(revoked.code).toBe(0);
    expect(revoked.lines[0]).toMatch(new RegExp(`^Revoked ${keyId}`));
    // The CLI is another process: the server forgets a key it authenticated within AUTHENTICATED_KEY_TTL_MS
    // (merchant-keys.service.ts); forgetting now stands for that wait.
    t.ctx.merchantKeys.forgetAuthenticated();
    expect(await t.ctx.merchantKeys.authenticate(`Bearer ${key}`)).toBeNull();
    expect((await run(['list', email])).lines[0]).toMatch(/ revoked \d{4}-/);
  });

  it('names a key CLI by default and refuses what it cannot do', async () => {
    const { email } = await insertUser(t, { role: 'merchant' });
    expect((await run(['create', email])).code).toBe(0);
    expect((await run(['list', email])).lines[0]).toContain('"CLI"');
    const trader = await insertUser(t, { role: 'trader' });
    expect(await run(['create', trader.email])).toEqual({
      code: 1,
      lines: [`${trader.email} is not a merchant; API keys are for merchants only.`],
    });
    expect((await run(['create', 'nobody@example.com'])).code).toBe(1);
    expect((await run(['list', 'nobody@example.com'])).code).toBe(1);
    expect((await run(['revoke', '00000000-0000-4000-8000-000000000000'])).code).toBe(1);
    const fresh = await insertUser(t, { role: 'merchant' });
    expect(await run(['list', fresh.email])).toEqual({ code: 0, lines: [`${fresh.email} has no API keys.`] });
    await expect(run(['create'])).rejects.toThrow(/merchant-key create EMAIL/);
    await expect(run(['create', email, '--name', 'x'.repeat(51)])).rejects.toThrow(/--name/);
    await expect(run(['rotate', email])).rejects.toThrow(/create, list or revoke/);
  });
});
