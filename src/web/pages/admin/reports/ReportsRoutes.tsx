import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { useAuth } from '../../../app/auth/AuthContext';
import { RequireAuth } from '../../../app/guards';
import { Spinner } from '../../../components/Spinner';
import { AdminLayout } from '../AdminLayout';

const ReportsPage = lazy(() => import('./ReportsPage'));
const NotFoundPage = lazy(() => import('../../NotFoundPage'));

// Route objects rather than <Routes>/<Route>, as in app/routes.tsx (keeps the router's JSX route reader out of the build).
const ROUTES: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <Page el={<ReportsPage />} /> },
      { path: '*', element: <Page el={<NotFoundPage />} /> },
    ],
  },
];

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

function Page({ el }: { el: React.ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}
