import { CHART_RANGE_LABELS, CHART_RANGES, type ChartRange } from '@app/shared/wallet/chart';
import type { ChartResponse } from '@app/shared/wallet/dashboard';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { APP_LOCALE, Card, cx, Skeleton } from '../../ui/index.ts';
import { useDashboardChart } from './api.ts';
import { browserTimeZone, chartSeries } from './chart-series.ts';

/** Words of the Transaction Summary card: the spec's title and range labels, our notes in Russian. */
export const TRANSACTION_SUMMARY_TEXT = {
  title: 'Transaction Summary',
  ranges: CHART_RANGE_LABELS,
  rangeGroup: 'Период графика',
  failed: 'Не удалось загрузить данные графика',
  total: (count: number) => `Сделок за период: ${count}`,
} as const;

/** Height of the plot area in pixels (h-60); the placeholder keeps the same box so nothing jumps. */
export const CHART_HEIGHT = 240;

// uPlot and its styles load in their own chunk, once the plot is about to scroll into view (see below).
const TransactionChart = lazy(() => import('./transaction-chart.tsx'));

/** The answer's points, or none when the answer is not chart data (a failure shows an empty chart). */
function pointsOf(answer: ChartResponse | undefined): ChartResponse['data'] {
  return Array.isArray(answer?.data) ? answer.data : [];
}

/**
 * Transaction Summary (spec §2 Home dashboard): the deals created per hour, day or month, as a line chart with
 * the range selector '24h Hourly', '30d Daily', '1y Yearly'. The buckets follow the browser's time zone (sent as
 * `tz`) and the labels its locale. A failed request shows an empty chart. The charting code is not part of
 * the page's chunk: it is fetched when the plot comes within 200 px of the viewport (at once on a tall screen,
 * on scrolling on a phone, where the card is below the fold), so it never delays or blocks the first screen.
 */
export function TransactionSummaryCard() {
  const [range, setRange] = useState<ChartRange>('24h');
  const [timeZone] = useState(browserTimeZone);
  const chart = useDashboardChart(range, timeZone);
  const [painted, setPainted] = useState(false);
  const plot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = plot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      const timer = window.setTimeout(() => setPainted(true), 0);
      return () => window.clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setPainted(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const answer = chart.isError ? undefined : chart.data;
  const series = useMemo(
    () => chartSeries(range, pointsOf(answer), APP_LOCALE, timeZone),
    [range, answer, timeZone],
  );
  const total = series.counts.reduce((sum, count) => sum + count, 0);
  const placeholder = <Skeleton className="h-60 w-full rounded-lg" />;

  return (
    <Card aria-labelledby="dashboard-chart-title" data-testid="transaction-summary">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="dashboard-chart-title" className="text-h3 text-gray-900">
            {TRANSACTION_SUMMARY_TEXT.title}
          </h2>
          {chart.isSuccess ? (
            <p className="mt-0.5 text-small text-gray-500" data-testid="chart-total">
              {TRANSACTION_SUMMARY_TEXT.total(total)}
            </p>
          ) : chart.isError ? (
            <p className="mt-0.5 text-small text-danger-600" role="status">
              {TRANSACTION_SUMMARY_TEXT.failed}
            </p>
          ) : null}
        </div>
        <fieldset className="m-0 inline-flex items-center gap-1 rounded-lg border-0 bg-gray-100 p-1">
          <legend className="sr-only">{TRANSACTION_SUMMARY_TEXT.rangeGroup}</legend>
          {CHART_RANGES.map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={item === range}
              onClick={() => setRange(item)}
              className={cx(
                'inline-flex h-8 items-center rounded-md px-2.5 text-small font-medium whitespace-nowrap transition sm:px-3',
                item === range ? 'bg-white text-gray-900 shadow-xs' : 'text-gray-600 hover:text-gray-900',
              )}
            >
              {TRANSACTION_SUMMARY_TEXT.ranges[item]}
            </button>
          ))}
        </fieldset>
      </div>
      <div
        ref={plot}
        className={cx('relative transition-opacity', chart.isFetching && 'opacity-60')}
        aria-busy={chart.isPending || undefined}
      >
        {painted ? (
          <Suspense fallback={placeholder}>
            <TransactionChart series={series} height={CHART_HEIGHT} title={TRANSACTION_SUMMARY_TEXT.title} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </Card>
  );
}
