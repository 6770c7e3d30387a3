/**
 * Spec §9 Rating rules, read as penalty points (issue 13). This table is the one source: the server's rating
 * engine applies it, the Help page prints it and the tests check both against it.
 *
 * Points are kept in tenths, so every sum is an exact integer: a successful deal is −1 tenth (−0.1 point).
 * The rating in percent is 100 − 10 × points, clamped to 0…100; 0 points is 100 %.
 */
export const RATING_EVENT_KINDS = [
  'deal_completed',
  'created',
  'ignored',
  'finished_within_18h',
  'adjustment',
] as const;
export type RatingEventKind = (typeof RATING_EVENT_KINDS)[number];

/** The events spec §9 names, in the Help page's order, with their effect in tenths of a point. */
export const RATING_RULES = [
  { kind: 'deal_completed', tenths: -1, text: 'Успешная сделка (завершена без спора)' },
  { kind: 'finished_within_18h', tenths: -10, text: 'Спор завершён в течение 18 часов' },
  { kind: 'created', tenths: 10, text: 'Открыт спор по вашей сделке' },
  { kind: 'ignored', tenths: 10, text: 'Спор проигнорирован (нет доказательств в течение 15 часов)' },
] as const satisfies readonly {
  kind: Exclude<RatingEventKind, 'adjustment'>;
  tenths: number;
  text: string;
}[];

export const RATING = {
  /** The best floor: after every event the points are raised to this if lower (−3 points = 130 % before the clamp). */
  floorTenths: -30,
  /** A method or trader below this percent gets no deals; a trader below it adds no methods. */
  minPercent: 51,
  /** Spec §9: a dispute finished within this many hours of its creation lowers the points. */
  fastFinishHours: 18,
} as const;

/** The effect of one event kind in tenths; an adjustment carries its own amount. */
export function ratingEventTenths(kind: Exclude<RatingEventKind, 'adjustment'>): number {
  const rule = RATING_RULES.find((item) => item.kind === kind);
  if (!rule) throw new Error(`unknown rating event ${kind}`);
  return rule.tenths;
}

/** Points after one event: the sum, raised to the floor if lower. */
export function applyRatingEvent(pointsTenths: number, deltaTenths: number): number {
  return Math.max(RATING.floorTenths, pointsTenths + deltaTenths);
}

/** Rating percent of a points total: clamp(100 − 10 × points, 0, 100). */
export function ratingPercent(pointsTenths: number): number {
  return Math.min(100, Math.max(0, 100 - pointsTenths));
}

/** Points in tenths from a typed decimal number of points ("+6", "-0.5"); one decimal at most. */
export function parseRatingPoints(text: string): number | null {
  const match = /^([+-]?)(\d{1,4})(?:[.,](\d))?$/.exec(text.trim());
  if (!match) return null;
  const tenths = Number(match[2]) * 10 + Number(match[3] ?? 0);
  return match[1] === '-' ? -tenths : tenths;
}

/** Tenths as a signed point number for people: −1 → "−0,1", 10 → "+1". */
export function formatRatingPoints(tenths: number): string {
  const sign = tenths > 0 ? '+' : tenths < 0 ? '−' : '';
  const abs = Math.abs(tenths);
  const text = abs % 10 === 0 ? String(abs / 10) : `${Math.floor(abs / 10)},${abs % 10}`;
  return `${sign}${text}`;
}

/** Dashboard gauge colour (spec §9 Rating colours): 75 and above green, 50 and above yellow, else red. */
export type GaugeTone = 'green' | 'yellow' | 'red';
export function gaugeTone(percent: number): GaugeTone {
  if (percent >= 75) return 'green';
  if (percent >= 50) return 'yellow';
  return 'red';
}

/** Whether a rating in percent may be routed deals (methods and traders) or add methods (traders). */
export function ratingAllowsDeals(percent: number): boolean {
  return percent >= RATING.minPercent;
}
