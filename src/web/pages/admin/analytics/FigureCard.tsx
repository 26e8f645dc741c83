import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { AnalyticsFigure } from '../../../../shared/schemas/admin/analytics';
import { FigureChart } from './FigureChart';
import { FigureTable } from './FigureTable';
import { changeText, figureValue } from './figure-format';

/** One figure: the period's value against the one before, its change, and its chart per day (with the table behind it). */
export function FigureCard({ figure, days }: { figure: AnalyticsFigure; days: string[] }) {
  const Icon = figure.change > 0 ? ArrowUpRight : figure.change < 0 ? ArrowDownRight : Minus;
  const tone =
    figure.change > 0
      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
      : figure.change < 0
        ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300'
        : 'bg-slate-100 text-slate-700';
  return (
    <section
      aria-labelledby={`figure-${figure.key}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`figure-${figure.key}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`figure-${figure.key}`} className="text-sm font-medium text-slate-600">
            {figure.label}
          </h2>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900" data-testid="figure-current">
            {figureValue(figure.key, figure.current)}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">{figureValue(figure.key, figure.previous)} the period before</p>
        </div>
        <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold tabular-nums ${tone}`}>
          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">Change: </span>
          {changeText(figure.change)}
        </span>
      </div>
      <div className="mt-3">
        <FigureChart figure={figure} days={days} />
        <FigureTable figure={figure} days={days} />
      </div>
    </section>
  );
}
