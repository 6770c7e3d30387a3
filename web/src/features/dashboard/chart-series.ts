import type { ChartRange, ChartResponse } from '@app/shared/wallet/dashboard';

/** The chart's points: x is the bucket's position, so every bucket gets its own tick and label. */
export interface ChartSeries {
  range: ChartRange;
  x: number[];
  counts: number[];
  /** Short axis labels ("14:00", "25 нояб.", "нояб."), one per bucket. */
  ticks: string[];
  /** Full labels for the hover note ("25 нояб., 14:00"). */
  labels: string[];
}

const TICK_FORMAT: Record<ChartRange, Intl.DateTimeFormatOptions> = {
  '24h': { hour: '2-digit', minute: '2-digit' },
  '30d': { day: 'numeric', month: 'short' },
  '1y': { month: 'short' },
};

const LABEL_FORMAT: Record<ChartRange, Intl.DateTimeFormatOptions> = {
  '24h': { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  '30d': { day: 'numeric', month: 'long', year: 'numeric' },
  '1y': { month: 'long', year: 'numeric' },
};

/** The browser's IANA time zone, which the server buckets by (`tz`); UTC when the browser cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Chart data to points and labels in the given locale (the app's ru-RU) and the user's time zone. A period that is not a date keeps its
 * slot with an empty label, so one bad bucket does not shift the others.
 */
export function chartSeries(
  range: ChartRange,
  data: ChartResponse['data'],
  locale: string | undefined,
  timeZone: string,
): ChartSeries {
  const tick = new Intl.DateTimeFormat(locale, { ...TICK_FORMAT[range], timeZone });
  const label = new Intl.DateTimeFormat(locale, { ...LABEL_FORMAT[range], timeZone });
  const format = (formatter: Intl.DateTimeFormat, period: string) => {
    const time = Date.parse(period);
    return Number.isNaN(time) ? '' : formatter.format(time);
  };
  return {
    range,
    x: data.map((_, index) => index),
    counts: data.map((point) => point.count),
    ticks: data.map((point) => format(tick, point.period)),
    labels: data.map((point) => format(label, point.period)),
  };
}

/** Which buckets get an axis label: evenly spaced, as many as fit at about 64 px each, always the last. */
export function tickIndices(count: number, widthPx: number): number[] {
  if (count === 0) return [];
  const fit = Math.max(2, Math.floor(widthPx / 64));
  const step = Math.max(1, Math.ceil(count / fit));
  const last = count - 1;
  const indices: number[] = [];
  for (let index = last; index >= 0; index -= step) indices.unshift(index);
  return indices;
}
