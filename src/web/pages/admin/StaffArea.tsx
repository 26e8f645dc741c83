import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { RequireAuth } from '../../app/guards';
import { inAdminLayout } from './admin-routes';

/**
 * A back-office screen moderators reach as well as admins (the report queue, the analytics: their server routes are
 * `access: 'staff'`): one page in the admin layout with the not-found page below it, and like the rest of /admin,
 * visitors and members sent to '/'.
 */
export function staffArea(Page: LazyExoticComponent<ComponentType>) {
  const routes = inAdminLayout([{ page: <Page /> }]);
  return function StaffAreaRoutes() {
    const { loading, isAuthenticated } = useAuth();
    const element = useRoutes(routes);
    if (!loading && !isAuthenticated) return <Navigate to="/" replace />;
    return <RequireAuth minRole="moderator">{element}</RequireAuth>;
  };
}
