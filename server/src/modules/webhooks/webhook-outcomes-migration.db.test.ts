import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';

/**
 * Migration 0023 gives the attempts and events written before it their outcome class, read back from the
 * status code and the fixed texts the delivery wrote then. Its two backfill statements run here, as written
 * in the file, over rows as the old code left them (in a transaction that is rolled back).
 */
const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0023_webhook_outcomes.sql'), 'utf8');
const statement = (start: string) => {
  const found = migration
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(start));
  if (!found) throw new Error(`no "${start}" statement in 0023`);
  return found;
};

/** Old rows: status code and error text as the delivery wrote them before 0023, and the class expected. */
const OLD_ROWS: [number | null, string | null, string][] = [
  [200, null, '2xx'],
  [302, 'Перенаправление (HTTP 302) не выполняется', '3xx'],
  [404, null, '4xx'],
  [503, null, '5xx'],
  [null, 'Нет ответа за 10000 мс', 'timeout'],
  [null, 'Ошибка соединения: ECONNREFUSED', 'connection_failed'],
  [null, 'Ошибка соединения: ENOTFOUND', 'dns_failed'],
  [null, 'Ошибка соединения: EAI_AGAIN', 'dns_failed'],
  [null, 'Ошибка соединения: CERT_HAS_EXPIRED', 'connection_failed'],
  [null, 'Webhook URL не задан', 'url_not_set'],
  [null, 'Секрет webhook не создан', 'secret_not_set'],
  [null, 'Адрес webhook должен быть доступен из интернета, а не из внутренней сети', 'refused_address'],
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('migration 0023: outcome classes of earlier attempts', () => {
  it('classifies every kind of old attempt and event, and leaves an event never attempted without one', async () => {
    const client = await database.raw.connect();
    try {
      await client.query('begin');
      await client.query('alter table webhook_attempts alter column outcome drop not null');
      const merchant = randomUUID();
      await client.query(
        `insert into users (id, email, password_hash, role) values ($1, $2, 'x', 'merchant')`,
        [merchant, `m-${merchant}@example.com`],
      );
      const ids: string[] = [];
      for (const [index, [status, error]] of OLD_ROWS.entries()) {
        const id = `msg_${'A'.repeat(16)}${String(index).padStart(4, '0')}`;
        ids.push(id);
        await client.query(
          `insert into webhook_events (id, merchant_id, order_id, type, payload, last_status_code, last_error)
           values ($1, $2, $3, 'order.pending', '{}', $4, $5)`,
          [id, merchant, randomUUID(), status, error],
        );
        await client.query(
          `insert into webhook_attempts (event_id, url, status_code, error, duration_ms) values ($1, 'x', $2, $3, 1)`,
          [id, status, error],
        );
      }
      const untouched = `msg_${'B'.repeat(20)}`;
      await client.query(
        `insert into webhook_events (id, merchant_id, order_id, type, payload) values ($1, $2, $3, 'order.pending', '{}')`,
        [untouched, merchant, randomUUID()],
      );

      await client.query(statement('update webhook_attempts'));
      await client.query(statement('update webhook_events'));

      const attempts = await client.query<{ event_id: string; outcome: string }>(
        'select event_id, outcome from webhook_attempts where event_id = any($1) order by event_id',
        [ids],
      );
      const events = await client.query<{ id: string; last_outcome: string | null }>(
        'select id, last_outcome from webhook_events where merchant_id = $1 order by id',
        [merchant],
      );
      const expected = OLD_ROWS.map(([, , outcome]) => outcome);
      expect(attempts.rows.map((row) => row.outcome)).toEqual(expected);
      expect(events.rows.filter((row) => row.id !== untouched).map((row) => row.last_outcome)).toEqual(
        expected,
      );
      expect(events.rows.find((row) => row.id === untouched)?.last_outcome).toBeNull();
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
