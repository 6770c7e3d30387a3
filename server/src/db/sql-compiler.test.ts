import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { deals, ledgerTransactions, userBalances, users } from './schema/index.ts';
import { FastPgDialect } from './sql-compiler.ts';
import { statementOf } from './writes-together.ts';

const drizzles = new PgDialect();
const ours = new FastPgDialect();
// The statements are built without a connection: a query builder only needs the dialect to compile.
const db = drizzle.mock();

const at = new Date('2026-11-29T01:02:03.456Z');
const dealId = '0f5d2c1a-7b43-4c1e-9a55-1d3c5e7f9a0b';

const statements: Record<string, () => SQL> = {
  'select with conditions, ordering and a limit': () =>
    db
      .select({ id: deals.id, amount: deals.amountUsdt })
      .from(deals)
      .where(and(eq(deals.id, dealId), gt(deals.amountKopecks, 100_000n), isNull(deals.paidAt)))
      .orderBy(desc(deals.createdAt))
      .limit(5)
      .getSQL(),
  'an insert with conflict handling and returning, inside a statement of parts': () =>
    statementOf(
      [
        {
          name: 'tx',
          statement: db
            .insert(ledgerTransactions)
            .values({ idempotencyKey: 'deal-freeze:1', type: 'freeze', meta: { dealId, nested: [1, 'two'] } })
            .onConflictDoNothing()
            .returning({ id: ledgerTransactions.id }),
        },
      ],
      [
        db
          .update(userBalances)
          .set({ available: sql`${userBalances.available} - ${5n}` })
          .where(eq(userBalances.userId, dealId)),
      ],
      sql`select count(*) from tx where ${inArray(sql`id`, [dealId, dealId])}`,
    ),
  'lists, nulls, numbers, booleans, bigints, dates and nested fragments': () =>
    sql`select ${[1, 2, 3]}, ${null}, ${true}, ${42}, ${10n}, ${at}, ${sql`x = ${'a'} and ${sql`y = ${'b'}`}`}, ${undefined}`,
  'an aliased table, a subquery and an identifier': () => {
    const trader = alias(users, 'trader');
    const sub = db.select({ id: users.id }).from(users).where(eq(users.role, 'trader')).as('traders');
    return db
      .select({ id: trader.id, email: sql`${sql.identifier('email')}` })
      .from(trader)
      .innerJoin(sub, eq(sub.id, trader.id))
      .getSQL();
  },
  'inlined parameters and placeholders': () =>
    sql`select ${sql`${"it's"}`.inlineParams()}, ${sql.placeholder('later')}, ${eq(deals.id, sql.placeholder('id'))}`,
};

describe('FastPgDialect', () => {
  for (const [name, build] of Object.entries(statements)) {
    it(`compiles ${name} exactly as drizzle does`, () => {
      const statement = build();
      const expected = drizzles.sqlToQuery(statement);
      expect(ours.sqlToQuery(statement)).toEqual({ sql: expected.sql, params: expected.params });
    });
  }

  it('is checked against drizzle in every test run', () => {
    expect(process.env.SQL_COMPILE_CHECK).toBe('1');
  });
});
