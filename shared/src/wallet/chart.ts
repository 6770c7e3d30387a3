// Zod-free, so the dashboard page can read the ranges and labels without loading zod (e2e delivery.spec).

/** Spec §2 Transaction Summary ranges, with the selector's exact labels. */
export const CHART_RANGES = ['24h', '30d', '1y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_RANGE_LABELS: Record<ChartRange, string> = {
  '24h': '24h Hourly',
  '30d': '30d Daily',
  '1y': '1y Yearly',
};
/** Buckets per range: 24 hours, 30 days, 12 months, each ending with the current one. */
export const CHART_BUCKETS: Record<ChartRange, number> = { '24h': 24, '30d': 30, '1y': 12 };
