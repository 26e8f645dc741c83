import type { AnalyticsFigure } from '../../../../shared/schemas/admin/analytics';
import { dayLabelWithYear, figureValue } from './figure-format';

/** The chart's numbers for screen readers: one row per day (the chart itself is hidden from them). */
export function FigureTable({ figure, days }: { figure: AnalyticsFigure; days: string[] }) {
  return (
    <table className="sr-only">
      <caption>{figure.label} per day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">{figure.label}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day, i) => (
          <tr key={day}>
            <th scope="row">{dayLabelWithYear(day)}</th>
            <td>{figureValue(figure.key, figure.daily[i] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
