import { lazy } from 'react';
import { useRoutes } from 'react-router';
import { RequireAuth } from '../../app/guards';
import { inAdminLayout } from './admin-routes';

// The admin area is one lazy chunk (this file) and each screen inside it is its own chunk again.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const DealsManagementPage = lazy(() => import('./deals/DealsManagementPage'));
const AdminEditDealPage = lazy(() => import('./edit/AdminEditDealPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const CategoriesPage = lazy(() => import('./catalog/CategoriesPage'));
const StoresPage = lazy(() => import('./catalog/StoresPage'));
const ScrapersPage = lazy(() => import('./scrapers/ScrapersPage'));
const VouchersAdminPage = lazy(() => import('./vouchers/VouchersAdminPage'));

const ROUTES = inAdminLayout([
  { page: <DashboardPage /> },
  { path: 'deals', page: <DealsManagementPage /> },
  { path: 'deals/edit/:id', page: <AdminEditDealPage /> },
  { path: 'users', page: <UsersPage /> },
  { path: 'categories', page: <CategoriesPage /> },
  { path: 'stores', page: <StoresPage /> },
  { path: 'scrapers', page: <ScrapersPage /> },
  { path: 'vouchers', page: <VouchersAdminPage /> },
]);

/** The admin area (SPEC §2 Admin layout): admins only; everyone else goes to '/' once auth has loaded. */
export default function AdminRoutes() {
  return <RequireAuth minRole="admin">{useRoutes(ROUTES)}</RequireAuth>;
}
