import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { AdminLayout } from './AdminLayout';

const NotFoundPage = lazy(() => import('../NotFoundPage'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{children}</Suspense>;
}

/**
 * A back-office route table: each screen (a lazy page: its own chunk) in the admin layout with a spinner while it
 * loads, and the not-found page for any other path. A screen without a path is the index. Route objects rather than
 * <Routes>/<Route>, as in app/routes.tsx: the router's JSX route reader stays out of the build.
 */
export function inAdminLayout(screens: Array<{ path?: string; page: ReactNode }>): RouteObject[] {
  return [
    {
      element: <AdminLayout />,
      children: [
        ...screens.map(({ path, page }): RouteObject => {
          const element = <Loading key={path ?? 'index'}>{page}</Loading>;
          return path === undefined ? { index: true, element } : { path, element };
        }),
        {
          path: '*',
          element: (
            <Loading>
              <NotFoundPage />
            </Loading>
          ),
        },
      ],
    },
  ];
}
