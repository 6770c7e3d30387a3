// The orders module's face: `createOrdersService` assembles its parts (order intake, the deal lifecycle, the
// payer page, the read views, notification matching) into the one object the routes, jobs and modules call.
import { createDealLifecycle } from './deal-lifecycle.ts';
import { createDealViews } from './deal-views.ts';
import { createNotificationMatching } from './notification-matching.ts';
import { createOrderIntake } from './order-intake.ts';
import { toOrder, toTransaction } from './order-shapes.ts';
import type { DealRow } from './orders.repository.ts';
import { type OrdersDeps, orderSettings } from './orders-deps.ts';
import { createPayerPage } from './payer-page.ts';

export type { InTransaction, OrderEventOutbox } from './orders-deps.ts';

/**
 * Each part decides its own authorization first (the merchant's id, the session user, the payer's deal id);
 * the face only wires them, so a caller sees the same methods whichever part holds them.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { publicUrl } = orderSettings(deps.config);
  const lifecycle = createDealLifecycle(deps);
  const intake = createOrderIntake(deps, lifecycle);
  const payer = createPayerPage(deps, lifecycle);
  const views = createDealViews(deps);
  const matching = createNotificationMatching(deps, lifecycle);

  return {
    toOrder: (row: DealRow) => toOrder(row, publicUrl),
    toTransaction,

    // Merchant API (order-intake.ts).
    createOrder: intake.createOrder,
    getOrder: intake.getOrder,
    listOrders: intake.listOrders,
    cancelOrder: intake.cancelOrder,
    merchantBalance: intake.merchantBalance,

    // The lifecycle's moves by the trader, the timer and disputes (deal-lifecycle.ts).
    confirmByTrader: lifecycle.confirmByTrader,
    expireDue: lifecycle.expireDue,
    moveForDispute: lifecycle.moveForDispute,

    // The payer page (payer-page.ts).
    payerOrder: payer.payerOrder,
    markPaid: payer.markPaid,
    uploadReceipt: payer.uploadReceipt,

    // Read views (deal-views.ts).
    findDeal: views.findDeal,
    countDealsSince: views.countDealsSince,
    listTransactions: views.listTransactions,
    transactionDetail: views.transactionDetail,
    receiptFile: views.receiptFile,
    lastDeals: views.lastDeals,
    dealCountsByBucket: views.dealCountsByBucket,
    foldChartStripes: views.foldChartStripes,
    latestDealsOfUser: views.latestOfUser,

    // Bank notifications from terminals (notification-matching.ts).
    matchIncomingNotification: matching.matchIncomingNotification,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
