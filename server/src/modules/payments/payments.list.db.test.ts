import { randomUUID } from 'node:crypto';
import { type PaymentListQuery, paymentListQuery } from '@app/shared';
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { selectRow, selectRows } from '../../db/rows.ts';
import { banks, paymentMethodCounts, paymentMethods, terminals } from '../../db/schema/index.ts';
import * as users from '../users/users.repository.ts';
import { decodeListCursor, encodeListCursor } from './list-cursor.ts';
import { listOwned } from './payments.repository.ts';

let database: Database;
let owner: string;
let other: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await newUser();
  other = await newUser();
  await seed(owner, 42, 0);
  await seed(other, 9, 1);
});
afterAll(async () => {
  await database?.close();
});

async function newUser() {
  const user = await users.insertUser(database.db, {
    email: `${randomUUID()}@example.com`,
    passwordHash: '-',
    role: 'trader',
  });
  return user.id;
}

let cardSequence = 0;
/**
 * Methods of every shape: banks 1-3, card-only, phone+account, both; every mode; active or not; linked to a
 * terminal or not; names with LIKE characters; and groups of rows sharing one created_at (ties on id).
 */
async function seed(userId: string, n: number, salt: number) {
  // payment_methods.terminal_id has a foreign key (0008): the linked rows point at a real terminal.
  const [terminal] = await database.db
    .insert(terminals)
    .values({ userId, name: 'Терминал 1', status: 'Enabled', activatedAt: new Date() })
    .returning({ id: terminals.id });
  const base = Date.parse('2030-01-01T00:00:00Z');
  const rows = Array.from({ length: n }, (_, i) => {
    cardSequence += 1;
    const kind = i % 3; // 0 card, 1 phone+account, 2 both
    const card = kind === 1 ? null : `22${String(cardSequence).padStart(5, '0')}55${salt}1234567`;
    const phone = kind === 0 ? null : `+7912${String(i).padStart(3, '0')}5500`;
    const account = kind === 0 ? null : `4081${String(cardSequence).padStart(6, '0')}`;
    const isSbp = kind !== 0 && i % 2 === 0;
    const isC2c = kind !== 1 || !isSbp;
    return {
      userId,
      bankId: 1 + (i % 3),
      name: ['Карта Ивана', 'Sber_50%', 'Счёт ООО', 'КАРТА-2', 'ab'][i % 5]!,
      card,
      phoneNumber: phone,
      nomerScheta: account,
      isSbp,
      isC2c,
      isActive: i % 4 === 1,
      terminalId: i % 5 === 2 ? terminal!.id : null,
      rating: '100',
      ratingPointsTenths: 0,
      basePointsTenths: 0,
      // Every three rows share a timestamp, with microseconds, so ties are broken by id.
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    };
  });
  await database.db.insert(paymentMethods).values(rows);
  // Microseconds a JS Date cannot hold: the keyset must compare them exactly.
  await database.db.execute(
    sql`update payment_methods set created_at = created_at + (ascii(substr(id::text, 1, 1)) % 7) * interval '1 microsecond' where user_id = ${userId}`,
  );
}

// The list as it was before keyset pagination (count(*) over all matches, then OFFSET): the reference.
const MODE_CONDITIONS: Record<string, SQL> = {
  sbp_c2c: and(eq(paymentMethods.isSbp, true), eq(paymentMethods.isC2c, true))!,
  sbp: and(eq(paymentMethods.isSbp, true), eq(paymentMethods.isC2c, false))!,
  c2c: and(eq(paymentMethods.isSbp, false), eq(paymentMethods.isC2c, true))!,
};
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
function oldSearch(search: string, searchBy: PaymentListQuery['search_by']): SQL {
  const digits = search.replace(/\D/g, '');
  const byName = sql`${paymentMethods.name} ilike ${contains(search)}`;
  const byDigits = (column: AnyColumn) => (digits ? sql`${column} like ${contains(digits)}` : sql`false`);
  if (searchBy === 'name') return byName;
  if (searchBy === 'card') return byDigits(paymentMethods.card);
  if (searchBy === 'phone') return byDigits(paymentMethods.phoneNumber);
  if (searchBy === 'account') return byDigits(paymentMethods.nomerScheta);
  return or(
    byName,
    byDigits(paymentMethods.card),
    byDigits(paymentMethods.phoneNumber),
    byDigits(paymentMethods.nomerScheta),
  )!;
}
async function oldList(db: DbOrTx, userId: string, query: PaymentListQuery) {
  const conditions: SQL[] = [eq(paymentMethods.userId, userId)];
  if (query.search) conditions.push(oldSearch(query.search, query.search_by));
  if (query.modes?.length) conditions.push(or(...query.modes.map((mode) => MODE_CONDITIONS[mode]!))!);
  if (query.banks?.length) conditions.push(inArray(paymentMethods.bankId, query.banks));
  if (query.active_only) conditions.push(eq(paymentMethods.isActive, true));
  if (query.connected_only) conditions.push(isNotNull(paymentMethods.terminalId));
  if (query.not_connected_only) conditions.push(isNull(paymentMethods.terminalId));
  const where = and(...conditions);
  const [total] = await db.select({ count: count() }).from(paymentMethods).where(where);
  const rows = await db
    .select({ method: paymentMethods, bank: banks })
    .from(paymentMethods)
    .innerJoin(banks, eq(banks.id, paymentMethods.bankId))
    .where(where)
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.count ?? 0, rows };
}

const parse = (raw: Record<string, string | undefined>) => paymentListQuery.parse(raw);
const ids = (rows: { method: { id: string } }[]) => rows.map((row) => row.method.id);

/** Every combination of the filters' values (search × search_by, modes, banks and the three flags). */
function* everyFilter(): Generator<Record<string, string | undefined>> {
  const searches: [string | undefined, string | undefined][] = [[undefined, undefined]];
  for (const search of ['карта', '55 0']) {
    for (const by of ['all', 'name', 'card', 'phone', 'account']) searches.push([search, by]);
  }
  // LIKE characters are literal.
  searches.push(['r_5', 'all']);
  for (const [search, search_by] of searches)
    for (const modes of [undefined, 'sbp', 'c2c,sbp_c2c', 'sbp,c2c,sbp_c2c'])
      for (const banksFilter of [undefined, '1', '2,3'])
        for (const active_only of [undefined, 'true'])
          for (const connected_only of [undefined, 'true'])
            for (const not_connected_only of [undefined, 'true'])
              yield {
                search,
                search_by,
                modes,
                banks: banksFilter,
                active_only,
                connected_only,
                not_connected_only,
              };
}

describe('the payments list', () => {
  it('answers every filter combination exactly as the count(*) + OFFSET list did', async () => {
    let combinations = 0;
    let nonEmpty = 0;
    for (const filters of everyFilter()) {
      const query = parse({ ...filters, page_size: '100' });
      const [now, before] = await Promise.all([
        listOwned(database.db, owner, query),
        oldList(database.db, owner, query),
      ]);
      expect({ count: now.count, ids: ids(now.rows) }, JSON.stringify(filters)).toEqual({
        count: before.count,
        ids: ids(before.rows),
      });
      expect(now.exact).toBe(true);
      combinations += 1;
      if (before.count > 0) nonEmpty += 1;
    }
    expect(combinations).toBe(1152);
    // The data set makes most combinations match something, so the comparison is not of empty lists.
    expect(nonEmpty).toBeGreaterThan(300);
  }, 300_000);

  it('walks pages by cursor and by page number to the same rows as the old list, for several filters', async () => {
    for (const filters of [
      {},
      { active_only: 'true' },
      { search: 'карта' },
      { modes: 'c2c', banks: '1,2' },
    ]) {
      const reference = await oldList(database.db, owner, parse({ ...filters, page_size: '100' }));
      const size = 4;
      const walked: string[] = [];
      let cursor: string | undefined;
      for (let page = 1; ; page += 1) {
        const query = parse({ ...filters, page: String(page), page_size: String(size), cursor });
        const byCursor = await listOwned(database.db, owner, query, decodeListCursor(query));
        const byNumber = await listOwned(
          database.db,
          owner,
          parse({ ...filters, page: String(page), page_size: String(size) }),
        );
        const old = await oldList(database.db, owner, query);
        expect(ids(byCursor.rows)).toEqual(ids(old.rows));
        expect(ids(byNumber.rows)).toEqual(ids(old.rows));
        expect(byCursor.count).toBe(reference.count);
        walked.push(...ids(byCursor.rows));
        if (!byCursor.next) break;
        if (page > 1) expect(decodeListCursor(query)).toBeDefined();
        cursor = encodeListCursor(query, byCursor.next);
      }
      expect(walked).toEqual(ids(reference.rows));
      const beyond = await listOwned(
        database.db,
        owner,
        parse({ ...filters, page: '99', page_size: String(size) }),
      );
      expect(beyond.rows).toEqual([]);
      expect(beyond.next).toBeNull();
    }
  });

  it('reads the next page after the previous one’s last row, so a method added meanwhile shifts nothing', async () => {
    const user = await newUser();
    await seed(user, 10, 2);
    const first = parse({ page: '1', page_size: '4' });
    const page1 = await listOwned(database.db, user, first);
    cardSequence += 1;
    await database.db.insert(paymentMethods).values({
      userId: user,
      bankId: 1,
      name: 'Новая карта',
      card: `33${String(cardSequence).padStart(12, '0')}`,
      isC2c: true,
      rating: '100',
      ratingPointsTenths: 0,
      basePointsTenths: 0,
      createdAt: new Date('2031-01-01T00:00:00Z'),
    });
    const second = parse({ page: '2', page_size: '4', cursor: encodeListCursor(first, page1.next!) });
    const byCursor = await listOwned(database.db, user, second, decodeListCursor(second));
    const byOffset = await listOwned(database.db, user, parse({ page: '2', page_size: '4' }));
    // By keyset, page 2 starts right after page 1's last row; by OFFSET the new method pushes it back a row.
    const all = await oldList(database.db, user, parse({ page_size: '100' }));
    const after = ids(all.rows).indexOf(ids(page1.rows).at(-1)!);
    expect(ids(byCursor.rows)).toEqual(ids(all.rows).slice(after + 1, after + 5));
    expect(ids(byOffset.rows)[0]).toBe(ids(page1.rows).at(-1));
  });

  it('ignores a cursor that does not fit the request and reads that page by number', async () => {
    const first = parse({ page: '1', page_size: '5' });
    const page1 = await listOwned(database.db, owner, first);
    const cursor = encodeListCursor(first, page1.next!);
    for (const raw of [
      { page: '3', page_size: '5', cursor },
      { page: '2', page_size: '6', cursor },
      { page: '2', page_size: '5', active_only: 'true', cursor },
      { page: '2', page_size: '5', cursor: Buffer.from('{"v":1}').toString('base64url') },
      { page: '2', page_size: '5', cursor: 'bm90LWpzb24' },
    ]) {
      const query = parse(raw);
      expect(decodeListCursor(query)).toBeUndefined();
      const now = await listOwned(database.db, owner, query, decodeListCursor(query));
      expect(ids(now.rows)).toEqual(ids((await oldList(database.db, owner, query)).rows));
    }
    expect(() => parse({ cursor: 'a b' })).toThrow();
  });
});

describe('the count', () => {
  const totals = async () => {
    const kept = await database.db.select().from(paymentMethodCounts);
    const real = await database.db
      .select({ userId: paymentMethods.userId, total: count() })
      .from(paymentMethods)
      .groupBy(paymentMethods.userId);
    const asMap = (rows: { userId: string; total: number }[]) =>
      Object.fromEntries(rows.filter((row) => row.total > 0).map((row) => [row.userId, row.total]));
    return { kept: asMap(kept), real: asMap(real) };
  };

  it('is kept per user by the triggers through inserts, deletes, a change of owner and a deleted user', async () => {
    const a = await newUser();
    const b = await newUser();
    await seed(a, 7, 4);
    await seed(b, 3, 5);
    let now = await totals();
    expect(now.kept[a]).toBe(7);
    expect(now.kept).toEqual(now.real);
    const [moved] = await database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, a))
      .limit(1);
    await database.db.update(paymentMethods).set({ userId: b }).where(eq(paymentMethods.id, moved!.id));
    await database.db
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.userId, a), eq(paymentMethods.bankId, 1)));
    now = await totals();
    expect(now.kept[b]).toBe(4);
    expect(now.kept).toEqual(now.real);
    await database.db.execute(sql`delete from users where id = ${b}`);
    now = await totals();
    expect(now.kept[b]).toBeUndefined();
    expect(now.kept).toEqual(now.real);
  });

  it('without filters is the kept total, exact at any size', async () => {
    const all = await listOwned(database.db, owner, parse({}), undefined, 10);
    expect(all).toMatchObject({ count: 42, exact: true });
  });

  it('with filters is exact while the owner has at most the limit, then an estimate from the newest rows', async () => {
    const user = await newUser();
    await seed(user, 30, 6);
    // The 10 newest active, the 20 older not: the newest 10 say "all match", which scales to 30.
    await database.db.update(paymentMethods).set({ isActive: false }).where(eq(paymentMethods.userId, user));
    const newest = await oldList(database.db, user, parse({ page_size: '10' }));
    await database.db
      .update(paymentMethods)
      .set({ isActive: true, isC2c: true })
      .where(inArray(paymentMethods.id, ids(newest.rows)));
    const active = parse({ active_only: 'true' });
    expect(await listOwned(database.db, user, active, undefined, 30)).toMatchObject({
      count: 10,
      exact: true,
    });
    expect(await listOwned(database.db, user, active, undefined, 10)).toMatchObject({
      count: 30,
      exact: false,
    });

    // Matches only among the older rows: the estimate (0) is raised to what the page proves exists.
    const inactive = parse({ search: 'Карта Ивана', search_by: 'name', page_size: '2' });
    await database.db
      .update(paymentMethods)
      .set({ name: 'Другое имя' })
      .where(and(eq(paymentMethods.userId, user), eq(paymentMethods.isActive, true)));
    const exactly = (await oldList(database.db, user, inactive)).count;
    expect(exactly).toBeGreaterThan(3);
    const estimated = await listOwned(database.db, user, inactive, undefined, 10);
    expect(estimated).toMatchObject({ count: 3, exact: false });
    expect(ids(estimated.rows)).toEqual(ids((await oldList(database.db, user, inactive)).rows));
  });

  it('has trigram indexes that answer the contains-search on the name and each requisite', async () => {
    const plans: string[] = [];
    await database.db
      .transaction(async (tx) => {
        // Only bitmap scans, and without the partial unique indexes (which a tiny table prefers for
        // "card is not null"): what is left to answer the search is the trigram index or nothing.
        await tx.execute(sql`drop index payment_methods_card_key`);
        await tx.execute(sql`drop index payment_methods_account_key`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        for (const [column, pattern] of [
          ['name', '%карт%'],
          ['card', '%5501%'],
          ['phone_number', '%9120%'],
          ['nomer_scheta', '%0812%'],
        ] as const) {
          const plan = await selectRows<Record<string, string>>(
            tx,
            sql.raw(`explain select id from payment_methods where ${column} ilike '${pattern}'`),
          );
          plans.push(plan.map((row) => Object.values(row)[0]).join('\n'));
        }
        throw new Error('roll the dropped indexes back');
      })
      .catch(() => undefined);
    expect(plans[0]).toContain('Bitmap Index Scan on payment_methods_name_trgm_idx');
    expect(plans[1]).toContain('Bitmap Index Scan on payment_methods_card_trgm_idx');
    expect(plans[2]).toContain('Bitmap Index Scan on payment_methods_phone_trgm_idx');
    expect(plans[3]).toContain('Bitmap Index Scan on payment_methods_account_trgm_idx');
    // The transaction was rolled back: the unique indexes are still there.
    const kept = await selectRow<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_indexes where indexname in ('payment_methods_card_key', 'payment_methods_account_key')`,
    );
    expect(kept!.n).toBe(2);
  });
});
