import { analyticsScope, canSeeDealFigures } from '../../../shared/domain/access/permissions.js';
import type { UserRow } from '../../db/schema.js';
import type { AnalyticsScope } from './presenter.js';

/** The back office's analytics: administrators and moderators (shared/domain/access/permissions.ts analyticsScope). */
export const mayReadAnalytics = (user: UserRow): boolean => analyticsScope(user) !== null;

/** What the caller sees of the analytics; only called after mayReadAnalytics let them in. */
export const scopeOf = (user: UserRow): AnalyticsScope => analyticsScope(user) ?? 'deals';

/** A deal's own figures: its poster and the team (never a visitor or another member). */
export const maySeeFigures = (user: UserRow | null, ownerId: number | null): boolean => canSeeDealFigures(user, ownerId);
