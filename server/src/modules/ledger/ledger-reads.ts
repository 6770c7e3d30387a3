/** Reads of the ledger: a user's balances, what they could withdraw now, the platform's totals, the verification. */
import type { Database } from '../../db/client.ts';
import { storedBalance, USER_BUCKETS } from './accounts.ts';
import * as repo from './ledger.repository.ts';
import type { Balances, LedgerDifference, LedgerService } from './ledger-types.ts';
import * as reserves from './reserves.repository.ts';

const ZERO: Balances = { available: 0n, frozen: 0n, totalProfit: 0n, debt: 0n };

const reserveDifferences = (
  found: Awaited<ReturnType<typeof reserves.inconsistentReserves>>,
): LedgerDifference[] =>
  found.map((reserve) => ({
    account: `reserve:${reserve.id}`,
    expected: reserve.expected,
    actual: reserve.actual,
    problem: reserve.problem,
  }));

export function createLedgerReads(
  database: Database,
): Pick<LedgerService, 'getBalances' | 'withdrawable' | 'verify' | 'reserveDifferences' | 'platformTotals'> {
  const db = database.db;
  return {
    async reserveDifferences(ids, on) {
      if (ids.length === 0) return [];
      return reserveDifferences(await reserves.inconsistentReserves(on, ids));
    },

    async getBalances(userId, tx) {
      const row = await repo.findBalances(tx ?? db, userId);
      return row ?? { ...ZERO };
    },

    async withdrawable(userId, at, tx) {
      const [row, open] = await Promise.all([
        repo.findBalances(tx ?? db, userId),
        reserves.openReserves(tx ?? db, userId, at),
      ]);
      const balances = row ?? { ...ZERO };
      const reserved = open.reduce((sum, reserve) => sum + reserve.amount, 0n);
      const free = balances.available - reserved;
      return {
        ...balances,
        reserved,
        withdrawable: balances.debt > 0n || free < 0n ? 0n : free,
        reserves: open,
      };
    },

    platformTotals(at, dayStart) {
      return repo.platformTotals(db, at, dayStart);
    },

    async verify() {
      // One snapshot, so a movement committing halfway through the check cannot look like a difference.
      return db.transaction(
        async (snapshot) => {
          const differences: LedgerDifference[] = [];
          const expected = new Map<string, bigint>();
          for (const row of await repo.sumUserAccounts(snapshot)) {
            expected.set(`user:${row.userId}:${row.name}`, row.total);
          }
          const seen = new Set<string>();
          for (const balances of await repo.listBalances(snapshot)) {
            for (const bucket of USER_BUCKETS) {
              const account = `user:${balances.userId}:${bucket}`;
              seen.add(account);
              const sum = storedBalance(bucket, expected.get(account) ?? 0n);
              if (sum !== balances[bucket])
                differences.push({ account, expected: sum, actual: balances[bucket] });
            }
          }
          for (const [account, sum] of expected) {
            if (!seen.has(account) && sum !== 0n)
              differences.push({ account, expected: account.endsWith(':debt') ? -sum : sum, actual: 0n });
          }
          const earned = new Map<string, bigint>();
          for (const row of await repo.sumEarnings(snapshot)) earned.set(row.userId, row.total);
          for (const balances of await repo.listBalances(snapshot)) {
            const sum = earned.get(balances.userId) ?? 0n;
            earned.delete(balances.userId);
            if (sum !== balances.totalProfit) {
              differences.push({
                account: `user:${balances.userId}:total_profit`,
                expected: sum,
                actual: balances.totalProfit,
              });
            }
          }
          for (const [userId, sum] of earned) {
            if (sum !== 0n)
              differences.push({ account: `user:${userId}:total_profit`, expected: sum, actual: 0n });
          }
          for (const { id, total } of await repo.unbalancedTransactions(snapshot)) {
            differences.push({ account: `transaction:${id}`, expected: 0n, actual: total });
          }
          differences.push(...reserveDifferences(await reserves.inconsistentReserves(snapshot)));
          for (const { id, postings } of await repo.transactionsWithoutPostings(snapshot)) {
            differences.push({
              account: `transaction:${id}:postings`,
              expected: 2n,
              actual: BigInt(postings),
            });
          }
          return differences.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
