import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { Spinner } from '../../components/Spinner';
import { AdminLayout } from './AdminLayout';

// The admin area is one lazy chunk (this file) and each screen inside it is its own chunk again.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const DealsManagementPage = lazy(() => import('./deals/DealsManagementPage'));
const AdminEditDealPage = lazy(() => import('./edit/AdminEditDealPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const CategoriesPage = lazy(() => import('./catalog/CategoriesPage'));
const StoresPage = lazy(() => import('./catalog/StoresPage'));
const ScrapersPage = lazy(() => import('./scrapers/ScrapersPage'));
const NotFoundPage = lazy(() => import('../NotFoundPage'));

// Route objects, not <Routes>/<Route>: the router's JSX route reader would otherwise be in every page's first load
// (react-router is one module in the shared vendor chunk), see app/routes.tsx.
const ROUTES: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <Page el={<DashboardPage />} /> },
      { path: 'deals', element: <Page el={<DealsManagementPage />} /> },
      { path: 'deals/edit/:id', element: <Page el={<AdminEditDealPage />} /> },
      { path: 'users', element: <Page el={<UsersPage />} /> },
      { path: 'categories', element: <Page el={<CategoriesPage />} /> },
      { path: 'stores', element: <Page el={<StoresPage />} /> },
      { path: 'scrapers', element: <Page el={<ScrapersPage />} /> },
      { path: '*', element: <Page el={<NotFoundPage />} /> },
    ],
  },
];

/** The admin area (SPEC §2 Admin layout): admins only; everyone else goes to '/' once auth has loaded. */
export default function AdminRoutes() {
  return <RequireAuth minRole="admin">{useRoutes(ROUTES)}</RequireAuth>;
}

function Page({ el }: { el: React.ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}
