import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../../ui/format.ts';
import { type ChartSeries, tickIndices } from './chart-series.ts';

// The design system's colours (theme.css): uPlot draws on a canvas and cannot read CSS variables cheaply.
const BRAND = '#7c3aed';
const BRAND_FILL = 'rgba(124, 58, 237, 0.1)';
const AXIS = '#6c6b80';
const GRID = '#f0f0f4';
const FONT = '12px Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** Whole deal counts on the y axis, never 0.5 of a deal. */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
];

export interface TransactionChartProps {
  series: ChartSeries;
  height: number;
  title: string;
}

function plotOptions(
  series: ChartSeries,
  width: number,
  height: number,
  note: HTMLDivElement,
): uPlot.Options {
  return {
    width,
    height,
    // Room on the right for the last bucket's label, which is centred on the plot's edge.
    padding: [12, 28, 0, 0],
    legend: { show: false },
    cursor: {
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, fill: BRAND, stroke: '#fff', width: 2 },
      y: false,
    },
    scales: {
      x: { time: false, range: (_plot, min, max) => [min, Math.max(max, min + 1)] },
      // An empty or all-zero range still gets a visible 0…4 scale instead of a flat line at the top.
      y: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    axes: [
      {
        stroke: AXIS,
        font: FONT,
        grid: { show: false },
        ticks: { show: false },
        gap: 8,
        size: 30,
        splits: (plot) => tickIndices(series.x.length, plot.bbox.width / uPlot.pxRatio),
        values: (_plot, splits) => splits.map((index) => series.ticks[index] ?? ''),
      },
      {
        stroke: AXIS,
        font: FONT,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        gap: 8,
        size: 40,
        incrs: COUNT_STEPS,
        values: (_plot, splits) => splits.map((value) => formatCount(value)),
      },
    ],
    series: [
      {},
      {
        stroke: BRAND,
        width: 2,
        fill: BRAND_FILL,
        points: { show: series.x.length <= 1 },
      },
    ],
    hooks: {
      setCursor: [
        (plot) => {
          const index = plot.cursor.idx;
          if (
            index === null ||
            index === undefined ||
            plot.cursor.left === undefined ||
            plot.cursor.left < 0
          ) {
            note.hidden = true;
            return;
          }
          note.hidden = false;
          note.textContent = `${series.labels[index] ?? ''}: ${formatCount(series.counts[index] ?? 0)}`;
          const left = plot.valToPos(index, 'x') + plot.bbox.left / uPlot.pxRatio;
          note.style.left = `${Math.round(left)}px`;
        },
      ],
    },
  };
}

/**
 * The Transaction Summary line (uPlot, about 50 kB: loaded only by this chunk, after the dashboard has
 * painted). It follows its box's width and shows the hovered bucket's date and count in a small note.
 */
export default function TransactionChart({ series, height, title }: TransactionChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const note = useRef<HTMLDivElement>(null);
  const total = series.counts.reduce((sum, count) => sum + count, 0);

  useEffect(() => {
    const element = box.current;
    const hover = note.current;
    if (!element || !hover) return;
    const plot = new uPlot(
      plotOptions(series, element.clientWidth, height, hover),
      [series.x, series.counts],
      element,
    );
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) plot.setSize({ width: element.clientWidth, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, height]);

  return (
    <div className="relative" data-testid="transaction-chart" data-points={series.counts.length}>
      <div ref={box} role="img" aria-label={`${title}: ${total}`} className="w-full" style={{ height }} />
      <div
        ref={note}
        hidden
        aria-hidden
        className="pointer-events-none absolute top-0 -translate-x-1/2 rounded-md bg-gray-900 px-2 py-1 text-caption whitespace-nowrap text-white shadow-raised"
      />
    </div>
  );
}
