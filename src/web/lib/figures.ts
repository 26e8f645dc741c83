import { groupDigits } from '../../shared/domain/money';

/** "1,204 views, 311 clicks": a deal's own figures as its poster and the team read them (docs/notes/analytics.md). */
export const figuresText = (f: { views: number; clicks: number }): string =>
  `${groupDigits(f.views)} ${f.views === 1 ? 'view' : 'views'}, ${groupDigits(f.clicks)} ${f.clicks === 1 ? 'click' : 'clicks'}`;
