import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAuth } from '../../../app/auth/AuthContext';
import { RequireAuth } from '../../../app/guards';
import { Spinner } from '../../../components/Spinner';
import { AdminLayout } from '../AdminLayout';

const ReportsPage = lazy(() => import('./ReportsPage'));
const NotFoundPage = lazy(() => import('../../NotFoundPage'));

/**
 * /admin/reports: the one back-office screen moderators reach as well as admins (the server's queue routes are
 * `access: 'staff'`, docs/notes/trust.md). Like the rest of /admin, visitors and members go to '/'.
 */
export default function ReportsRoutes() {
  const { loading, isAuthenticated } = useAuth();
  if (!loading && !isAuthenticated) return <Navigate to="/" replace />;
  return (
    <RequireAuth role="moderator">
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Page el={<ReportsPage />} />} />
          <Route path="*" element={<Page el={<NotFoundPage />} />} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}

function Page({ el }: { el: React.ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}
