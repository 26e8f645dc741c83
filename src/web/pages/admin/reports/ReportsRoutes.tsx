import { lazy } from 'react';
import { staffArea } from '../StaffArea';

/**
 * /admin/reports: the one back-office screen moderators reach as well as admins (the server's queue routes are
 * `access: 'staff'`, docs/notes/trust.md). Like the rest of /admin, visitors and members go to '/'.
 */
export default staffArea(lazy(() => import('./ReportsPage')));
