import { sql } from 'drizzle-orm';
import { selectRow } from '../src/db/rows.ts';
import { insertUser, type TestApp } from './test-app.ts';

let seq = 0;

/** A merchant and a trader with one payment method: the two sides a deal row needs, written with SQL. */
export async function dealParties(t: TestApp, options: { traderId?: string; merchantId?: string } = {}) {
  const traderId = options.traderId ?? (await insertUser(t)).user.id;
  const merchantId = options.merchantId ?? (await insertUser(t, { role: 'merchant' })).user.id;
  seq += 1;
  const card = `2201${String(process.pid % 10_000).padStart(4, '0')}${String(seq).padStart(8, '0')}`;
  const method = await selectRow<{ id: string }>(
    t.database.db,
    sql`
    insert into payment_methods (user_id, bank_id, name, card, is_sbp, is_c2c, is_active, rating,
                                 rating_points_tenths, base_points_tenths)
    values (${traderId}::uuid, 1, 'Иван Петрович С.', ${card}, true, true, true, 100, 0, 0)
    returning id`,
  );
  return { traderId, merchantId, methodId: method!.id };
}

/**
 * Completed deals between the parties created at the given instants (amount i + 1 RUB, 0.01 USDT each),
 * in one INSERT, without the orders flow: for reads that only look at when deals were created.
 */
export async function insertDealsAt(
  t: TestApp,
  parties: { traderId: string; merchantId: string; methodId: string },
  createdAt: readonly (Date | string)[],
): Promise<void> {
  if (createdAt.length === 0) return;
  const instants = `{${createdAt.map((at) => new Date(at).toISOString()).join(',')}}`;
  seq += 1;
  const tag = `${Date.now().toString(36)}-${seq}`;
  await t.database.db.execute(sql`
    insert into deals (merchant_id, external_id, trader_id, payment_method_id, payment_mode, status,
                       amount_kopecks, amount_usdt, rate_kopecks, merchant_fee_bps, trader_reward_bps,
                       bank_id, bank_name, card, owner_name, expires_at, created_at, updated_at)
    select ${parties.merchantId}::uuid, 'fixture-' || ${tag} || '-' || n, ${parties.traderId}::uuid,
           ${parties.methodId}::uuid, 'sbp', 'complete', n * 100, 10000, 9000, 300, 200,
           1, 'Сбербанк', '2200000000000000', 'Иван Петрович С.', at + interval '15 minutes', at, at
    from unnest(${instants}::timestamptz[]) with ordinality as i(at, n)`);
}
