import { lazy } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { useAuth } from '../../../app/auth/AuthContext';
import { RequireAuth } from '../../../app/guards';
import { inAdminLayout } from '../admin-routes';

const ReportsPage = lazy(() => import('./ReportsPage'));

const ROUTES = inAdminLayout([{ page: <ReportsPage /> }]);

/**
 * /admin/reports: the one back-office screen moderators reach as well as admins (the server's queue routes are
 * `access: 'staff'`, docs/notes/trust.md). Like the rest of /admin, visitors and members go to '/'.
 */
export default function ReportsRoutes() {
  const { loading, isAuthenticated } = useAuth();
  const routes = useRoutes(ROUTES);
  if (!loading && !isAuthenticated) return <Navigate to="/" replace />;
  return <RequireAuth minRole="moderator">{routes}</RequireAuth>;
}
