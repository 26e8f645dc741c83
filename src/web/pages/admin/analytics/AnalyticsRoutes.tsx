import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { useAuth } from '../../../app/auth/AuthContext';
import { RequireAuth } from '../../../app/guards';
import { Spinner } from '../../../components/Spinner';
import { AdminLayout } from '../AdminLayout';

// The page, and with it uPlot, is its own chunk: the charting library is loaded by the back office's analytics only.
const AnalyticsPage = lazy(() => import('./AnalyticsPage'));
const NotFoundPage = lazy(() => import('../../NotFoundPage'));

const ROUTES: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <Page el={<AnalyticsPage />} /> },
      { path: '*', element: <Page el={<NotFoundPage />} /> },
    ],
  },
];

/**
 * /admin/analytics (docs/notes/analytics.md): administrators see every figure, moderators the deal-level ones (the
 * server decides what it sends: `access: 'staff'`). Like the rest of /admin, visitors and members go to '/'.
 */
export default function AnalyticsRoutes() {
  const { loading, isAuthenticated } = useAuth();
  const routes = useRoutes(ROUTES);
  if (!loading && !isAuthenticated) return <Navigate to="/" replace />;
  // biome-ignore lint/a11y/useValidAriaRole: RequireAuth's role is the account's role, not an ARIA role
  return <RequireAuth role="moderator">{routes}</RequireAuth>;
}

function Page({ el }: { el: React.ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}
