import { lazy } from 'react';
import { staffArea } from '../StaffArea';

/**
 * /admin/analytics (docs/notes/analytics.md): administrators see every figure, moderators the deal-level ones (the
 * server decides what it sends). The page, and with it uPlot, is its own chunk: the charting library is loaded by the
 * back office's analytics only.
 */
export default staffArea(lazy(() => import('./AnalyticsPage')));
