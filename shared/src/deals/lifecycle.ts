/**
 * The deal (transaction) lifecycle: every allowed move in one table (DESIGN.md Lifecycles, spec §4 Transaction
 * statuses). The server refuses any move that is not here; the web reads it to offer actions.
 */
export const DEAL_STATUSES = [
  'pending',
  'verification',
  'complete',
  'dispute',
  'canceled',
  'expired',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** The statuses the Deals page filter offers (spec §4: "the deals page lists …"). */
export const DEALS_PAGE_STATUSES = ['pending', 'complete', 'dispute', 'canceled', 'verification'] as const;

/** Deals still waiting for money: their USDT is frozen and their amount is taken on their method. */
export const OPEN_DEAL_STATUSES = ['pending', 'verification'] as const satisfies readonly DealStatus[];

/** Who moved a deal. */
export const DEAL_ACTORS = ['payer', 'trader', 'terminal', 'merchant', 'timer', 'support'] as const;
export type DealActor = (typeof DEAL_ACTORS)[number];

export interface DealTransition {
  from: DealStatus;
  to: DealStatus;
  by: readonly DealActor[];
}

export const DEAL_TRANSITIONS: readonly DealTransition[] = [
  // The payer says they paid, or a terminal saw a payment it cannot match to exactly one deal.
  { from: 'pending', to: 'verification', by: ['payer', 'terminal'] },
  // The trader confirms receipt (spec §4: in pending or verification), or the terminal matched uniquely.
  { from: 'pending', to: 'complete', by: ['trader', 'terminal'] },
  { from: 'verification', to: 'complete', by: ['trader', 'terminal'] },
  { from: 'pending', to: 'expired', by: ['timer'] },
  { from: 'verification', to: 'expired', by: ['timer'] },
  { from: 'pending', to: 'canceled', by: ['merchant'] },
  // A dispute (issue 12): the merchant or support opens one on a deal the payer says they paid, or on an
  // expired or canceled one within DISPUTE_WINDOW_H; the deal's USDT is held for the verdict.
  { from: 'verification', to: 'dispute', by: ['merchant', 'support'] },
  { from: 'expired', to: 'dispute', by: ['merchant', 'support'] },
  { from: 'canceled', to: 'dispute', by: ['merchant', 'support'] },
  // Support's verdict: for the merchant the deal completes; for the trader it is canceled.
  { from: 'dispute', to: 'complete', by: ['support'] },
  { from: 'dispute', to: 'canceled', by: ['support'] },
];

/** Whether `by` may move a deal from `from` to `to`. */
export function canMoveDeal(from: DealStatus, to: DealStatus, by: DealActor): boolean {
  return DEAL_TRANSITIONS.some((move) => move.from === from && move.to === to && move.by.includes(by));
}

/** The statuses `by` may move a deal to from `from`. */
export function dealMovesFrom(from: DealStatus, by: DealActor): DealStatus[] {
  return DEAL_TRANSITIONS.filter((move) => move.from === from && move.by.includes(by)).map((move) => move.to);
}

export const isOpenDealStatus = (status: DealStatus): boolean =>
  (OPEN_DEAL_STATUSES as readonly DealStatus[]).includes(status);
