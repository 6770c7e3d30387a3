import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type Database, postgresDatabase } from '../../db/client.ts';
import * as ledger from '../ledger/ledger.repository.ts';
import * as users from '../users/users.repository.ts';
import { hashToken } from './auth.service.ts';
import * as sessions from './sessions.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const HOUR = 3_600_000;
const at = new Date('2030-01-01T12:00:00.123Z');

async function newSession(values: { expiresAt?: Date; lastSeenAt?: Date; revokedAt?: Date } = {}) {
  const user = await users.insertUser(database.db, {
    email: `${randomUUID()}@example.com`,
    passwordHash: '-',
    role: 'trader',
  });
  const token = randomUUID();
  await sessions.insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    lastSeenAt: values.lastSeenAt ?? at,
    expiresAt: values.expiresAt ?? new Date(at.getTime() + HOUR),
    revokedAt: values.revokedAt ?? null,
  });
  return { user, tokenHash: hashToken(token) };
}

const lookup = (tokenHash: string, now = at, idleMs = HOUR) =>
  sessions.findLive(database.db, tokenHash, now, new Date(now.getTime() - idleMs));

describe('the built-once session queries', () => {
  it('find each token its own user on every call, not the first call’s', async () => {
    const first = await newSession();
    const second = await newSession();
    expect((await lookup(first.tokenHash))?.user.id).toBe(first.user.id);
    expect((await lookup(second.tokenHash))?.user.id).toBe(second.user.id);
    expect((await lookup(first.tokenHash))?.user.email).toBe(first.user.email);
    expect(await lookup(hashToken('unknown'))).toBeUndefined();
  });

  it('bind the timestamps: revoked, expired and idle sessions are not live, to the millisecond', async () => {
    const revoked = await newSession({ revokedAt: at });
    expect(await lookup(revoked.tokenHash)).toBeUndefined();
    const expiring = await newSession({ expiresAt: new Date(at.getTime() + 1) });
    expect(await lookup(expiring.tokenHash)).toBeDefined();
    expect(await lookup(expiring.tokenHash, new Date(at.getTime() + 1))).toBeUndefined();
    const idle = await newSession({ lastSeenAt: new Date(at.getTime() - HOUR) });
    expect(await lookup(idle.tokenHash, at, HOUR + 1)).toBeDefined();
    expect(await lookup(idle.tokenHash, at, HOUR)).toBeUndefined();
  });

  it('touch moves the idle clock only when it is more than a minute old', async () => {
    const { tokenHash } = await newSession();
    const id = (await lookup(tokenHash))!.session.id;
    await sessions.touch(database.db, id, new Date(at.getTime() + 60_000));
    expect((await lookup(tokenHash))!.session.lastSeenAt).toEqual(at);
    const later = new Date(at.getTime() + 60_001);
    await sessions.touch(database.db, id, later);
    expect((await lookup(tokenHash, later))!.session.lastSeenAt).toEqual(later);
  });

  it('run inside the transaction they are called in', async () => {
    const { user, tokenHash } = await newSession();
    const seen = await database.db
      .transaction(async (tx) => {
        await users.setPassword(tx, user.id, 'changed', at);
        const row = await sessions.findLive(tx, tokenHash, at, new Date(at.getTime() - HOUR));
        expect(await ledger.findBalances(tx, user.id)).toBeUndefined();
        throw Object.assign(new Error('rollback'), { row });
      })
      .catch((error: { row?: Awaited<ReturnType<typeof lookup>> }) => error.row);
    // Read inside the transaction: the uncommitted password is visible there and nowhere else.
    expect(seen?.user.passwordHash).toBe('changed');
    expect((await lookup(tokenHash))?.user.passwordHash).toBe('-');
  });

  // A statement named by the code would live in the backend session. On the embedded engine behind a socket every
  // pooled connection shares one session, so a second connection preparing the same name would fail with
  // "prepared statement already exists". The hot queries go out unnamed; only the connections' own caches name
  // statements (db/prepared-statements.ts: `s<n>` per PostgreSQL connection, `e<n>` once in the shared session).
  it('create no prepared statement of their own in the database session', async () => {
    const { user, tokenHash } = await newSession();
    const countNamed = async (db: Database) =>
      (
        await db.raw.query<{ n: number }>(
          "select count(*)::int as n from pg_prepared_statements where name !~ '^[se][0-9]+$'",
        )
      ).rows[0]!.n;
    // One connection on PostgreSQL, so the check sees the session the queries ran in (the embedded engine
    // has one shared session whatever the pool size).
    const single =
      database.engine === 'postgres'
        ? postgresDatabase(String(database.raw.options.connectionString), 1)
        : database;
    try {
      for (let round = 0; round < 2; round += 1) {
        const row = await sessions.findLive(single.db, tokenHash, at, new Date(at.getTime() - HOUR));
        expect(row?.user.id).toBe(user.id);
        await sessions.touch(single.db, row!.session.id, new Date(at.getTime() + 120_000));
        await ledger.findBalances(single.db, user.id);
      }
      expect(await countNamed(single)).toBe(0);
    } finally {
      if (single !== database) await single.close();
    }
  });
});
