import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appCliEnv, runAdmin } from '../../../test/cli-fixtures.ts';
import { activatedTerminal, devicePost } from '../../../test/device-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notificationsCommand } from './notifications.ts';

// Independent of what the real parsers learn: every text here counts as not understood.
vi.mock('../../modules/terminals/parsers/index.ts', () => ({
  parseBankNotification: () => ({ kind: 'unparsed' }),
}));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (argv: string[]) => runAdmin(notificationsCommand, argv, appCliEnv(t));

describe('admin notifications unparsed', () => {
  it('says so when there are none, and refuses a bad command line', async () => {
    expect(await run(['unparsed'])).toEqual({ code: 0, lines: ['No unparsed notifications.'] });
    await expect(run(['parsed'])).rejects.toThrow(/notifications unparsed/);
    await expect(run(['unparsed', '--limit', '0'])).rejects.toThrow(/--limit/);
  });

  it('lists time, terminal, sender and text, newest first, up to --limit', async () => {
    const terminal = await activatedTerminal(t, { name: 'Касса 7' });
    const send = (id: string, text: string, extra: Record<string, string> = {}) =>
      devicePost(
        t,
        API.device.notifications,
        {
          items: [{ id, source: 'sms', sender: '900', text, received_at: '2026-11-23T10:00:00Z', ...extra }],
        },
        { token: terminal.token },
      );
    expect((await send('u1', 'Непонятный\nтекст банка')).statusCode).toBe(200);
    expect(
      (
        await send('u2', 'Ещё один', {
          source: 'push',
          sender: 'ru.vtb24.mobilebanking.android',
          title: 'ВТБ',
        })
      ).statusCode,
    ).toBe(200);
    const { code, lines } = await run(['unparsed']);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT\\S+Z  Касса 7 \\(${terminal.id}\\)  push ru\\.vtb24\\.mobilebanking\\.android  \\[ВТБ\\] Ещё один$`,
      ),
    );
    expect(lines[1]).toContain('sms 900  Непонятный ⏎ текст банка');
    expect((await run(['unparsed', '--limit', '1'])).lines).toHaveLength(1);
  });
});
