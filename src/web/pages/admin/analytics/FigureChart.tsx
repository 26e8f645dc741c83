import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsFigure } from '../../../../shared/schemas/admin/analytics';
import { useDarkTheme } from '../../../app/theme';
import { dayLabel, figureValue } from './figure-format';

const HEIGHT = 160;
const DAY_S = 86_400;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/** The theme's colours for the canvas (it cannot read CSS): the axes' text and grid, and the line. */
const palette = (dark: boolean) =>
  dark
    ? { text: '#d4d4d8', grid: 'rgba(212,212,216,0.15)', line: '#34d399', fill: 'rgba(52,211,153,0.18)' }
    : { text: '#475569', grid: 'rgba(71,85,105,0.15)', line: '#047857', fill: 'rgba(4,120,87,0.12)' };

/**
 * One figure per day as a uPlot line (a canvas: small and fast), sized to its box and redrawn with the theme. The
 * canvas is hidden from screen readers; the same numbers are in the table beside it (FigureTable).
 */
export function FigureChart({ figure, days }: { figure: AnalyticsFigure; days: string[] }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkTheme();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colours = palette(dark);
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const axis = {
      stroke: colours.text,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1 },
      font: '11px system-ui, sans-serif',
    };
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY_S / 2, max + DAY_S / 2] : [min, max]) },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          { ...axis, space: 60, values: (_u, splits) => splits.map((s) => dayLabel(new Date(s * 1000).toISOString().slice(0, 10))) },
          // Counts step by whole numbers (a day has no half clicks); the rate is written without decimals on its axis.
          {
            ...axis,
            size: 56,
            ...(figure.key === 'ctr' ? {} : { incrs: WHOLE_STEPS }),
            values: (_u, splits) => splits.map((s) => (figure.key === 'ctr' ? `${Math.round(s)}%` : figureValue(figure.key, s))),
          },
        ],
        series: [{}, { label: figure.label, stroke: colours.line, width: 2, fill: colours.fill, points: { show: days.length <= 31 } }],
      },
      [xs, figure.daily],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [figure, days, dark]);

  return <div ref={box} className="w-full overflow-hidden" aria-hidden="true" data-testid={`chart-${figure.key}`} />;
}
