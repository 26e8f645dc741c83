import { lazy } from 'react';
import { useRoutes } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { RequireAuth } from '../../app/guards';
import { isAdmin, isStaff } from '../../../shared/domain/access/roles';
import { inAdminLayout } from './admin-routes';

// The admin area is one lazy chunk (this file) and each screen inside it is its own chunk again.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const DealsManagementPage = lazy(() => import('./deals/DealsManagementPage'));
const AdminEditDealPage = lazy(() => import('./edit/AdminEditDealPage'));
const UsersPage = lazy(() => import('./users/UsersPage'));
const CategoriesPage = lazy(() => import('./catalog/CategoriesPage'));
const StoresPage = lazy(() => import('./catalog/StoresPage'));
const ScrapersPage = lazy(() => import('./scrapers/ScrapersPage'));
const TrustedPostsPage = lazy(() => import('./deals/TrustedPostsPage'));
const ModeratorHomePage = lazy(() => import('./ModeratorHomePage'));
const VouchersAdminPage = lazy(() => import('./vouchers/VouchersAdminPage'));

const ROUTES = inAdminLayout([
  { page: <DashboardPage /> },
  { path: 'deals', page: <DealsManagementPage /> },
  { path: 'deals/edit/:id', page: <AdminEditDealPage /> },
  { path: 'users', page: <UsersPage /> },
  { path: 'categories', page: <CategoriesPage /> },
  { path: 'stores', page: <StoresPage /> },
  { path: 'scrapers', page: <ScrapersPage /> },
  { path: 'trusted', page: <TrustedPostsPage /> },
  { path: 'vouchers', page: <VouchersAdminPage /> },
]);

/** A moderator on an administrator's screen: the layout with the links to their own screens, never a silent trip home. */
const MODERATOR_ROUTES = inAdminLayout([{ page: <ModeratorHomePage /> }, { path: '*', page: <ModeratorHomePage /> }]);

/** The admin area (SPEC §2 Admin layout): admins only; everyone else goes to '/' once auth has loaded. */
export default function AdminRoutes() {
  const { user } = useAuth();
  const admin = useRoutes(ROUTES);
  const moderator = useRoutes(MODERATOR_ROUTES);
  if (isStaff(user) && !isAdmin(user)) return moderator;
  return <RequireAuth minRole="admin">{admin}</RequireAuth>;
}
