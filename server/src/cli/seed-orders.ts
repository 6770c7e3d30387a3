import type { AppContext } from '../context.ts';
import type { SessionUser } from '../modules/auth/auth.service.ts';
import * as users from '../modules/users/users.service.ts';

/**
 * The demo merchant's first orders (issue 25), so its home shows figures, statuses and open orders apart from
 * the balance: one completed by the demo trader (credited after the fee), one the payer reports as paid
 * (verification), one waiting for payment. Only on a merchant without orders; a demo whose trader cannot be
 * routed to (no rate, terminal offline) is told and skipped.
 */
export async function seedMerchantOrders(ctx: AppContext, trader: SessionUser): Promise<void> {
  const merchant = (await users.findByEmail(ctx.database.db, 'merchant@demo.local'))!;
  if ((await ctx.orders.lastDeals({ id: merchant.id, role: 'merchant' })).length > 0) {
    console.log('Demo merchant orders: already there.');
    return;
  }
  try {
    const order = (amount: string, n: number) =>
      ctx.orders.createOrder(merchant.id, { amount, payment_mode: 'sbp', external_id: `demo-${n}` });
    const completed = await order('2500.00', 1);
    await ctx.orders.confirmByTrader(trader, completed.id);
    const paid = await order('1200.00', 2);
    await ctx.orders.markPaid(paid.id);
    await order('800.00', 3);
    console.log('Demo merchant orders: one completed, one being verified, one waiting for payment.');
  } catch (error) {
    console.log(`Demo merchant orders skipped: ${(error as Error).message}`);
  }
}
