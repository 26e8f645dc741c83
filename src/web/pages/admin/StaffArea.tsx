import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { RequireAuth } from '../../app/guards';
import { Spinner } from '../../components/Spinner';
import { AdminLayout } from './AdminLayout';

const NotFoundPage = lazy(() => import('../NotFoundPage'));

function Page({ el }: { el: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}

/**
 * A back-office screen moderators reach as well as admins (the report queue, the analytics: their server routes are
 * `access: 'staff'`): one page in the admin layout, its own not-found page below it, and like the rest of /admin,
 * visitors and members sent to '/'. Route objects rather than <Routes>/<Route>, as in app/routes.tsx.
 */
export function staffArea(PageComponent: LazyExoticComponent<ComponentType>) {
  const routes: RouteObject[] = [
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <Page el={<PageComponent />} /> },
        { path: '*', element: <Page el={<NotFoundPage />} /> },
      ],
    },
  ];
  return function StaffAreaRoutes() {
    const { loading, isAuthenticated } = useAuth();
    const element = useRoutes(routes);
    if (!loading && !isAuthenticated) return <Navigate to="/" replace />;
    // biome-ignore lint/a11y/useValidAriaRole: RequireAuth's role is the account's role, not an ARIA role
    return <RequireAuth role="moderator">{element}</RequireAuth>;
  };
}
