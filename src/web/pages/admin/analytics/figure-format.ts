import type { AnalyticsFigureKey } from '../../../../shared/domain/shops/analytics';
import { groupDigits } from '../../../../shared/domain/money';

/** A figure's value as the page writes it: the click-through rate as a percentage, the rest as whole numbers. */
export const figureValue = (key: AnalyticsFigureKey, value: number): string => (key === 'ctr' ? `${value.toFixed(1)}%` : groupDigits(value));

/** "+12%", "-3%", "0%": the change against the previous period. */
export const changeText = (change: number): string => `${change > 0 ? '+' : ''}${change}%`;

/** "10 Mar": a day of the charts and tables (UTC days, written without Intl). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const dayLabel = (day: string): string => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
export const dayLabelWithYear = (day: string): string => `${dayLabel(day)} ${day.slice(0, 4)}`;
