import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { createDashboardService, isKnownTimeZone } from './dashboard.service.ts';

describe('isKnownTimeZone', () => {
  it('takes IANA names and refuses offsets, POSIX strings, abbreviations the runtime lacks and junk', () => {
    for (const zone of [
      'UTC',
      'Europe/Moscow',
      'Asia/Kamchatka',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT-3',
    ])
      expect(isKnownTimeZone(zone), zone).toBe(true);
    for (const zone of ['+03:00', 'UTC+3', 'MSK', 'Mars/Olympus_Mons', 'Europe/Moscow;', '../etc/passwd', ''])
      expect(isKnownTimeZone(zone), zone).toBe(false);
  });
});

describe('chart', () => {
  const serviceFailingWith = (error: unknown) =>
    createDashboardService({
      database: { db: {} } as unknown as Database,
      ledger: {} as never,
      wallet: {} as never,
      terminals: {} as never,
      orders: {
        lastDeals: async () => [],
        dealCountsByBucket: async () => {
          throw error;
        },
      },
    });

  it("answers a zone the database's zone data lacks as the tz field error", async () => {
    // How node-postgres and Drizzle deliver PostgreSQL's "time zone … not recognized".
    const rejected = new Error('Failed query', {
      cause: Object.assign(new Error('not recognized'), { code: '22023' }),
    });
    const error = await serviceFailingWith(rejected)
      .chart({ id: 'u', role: 'trader' }, { range: '24h', tz: 'Europe/Kyiv' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, body: { tz: ['Неизвестный часовой пояс'] } });
  });

  it('lets any other failure through', async () => {
    const failure = Object.assign(new Error('connection lost'), { code: '08006' });
    await expect(
      serviceFailingWith(failure).chart({ id: 'u', role: 'trader' }, { range: '1y' }),
    ).rejects.toBe(failure);
  });
});
