import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
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

/** The admin area (SPEC §2 Admin layout): admins only; everyone else goes to '/' once auth has loaded. */
export default function AdminRoutes() {
  return (
    <RequireAuth role="admin">
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Page el={<DashboardPage />} />} />
          <Route path="deals" element={<Page el={<DealsManagementPage />} />} />
          <Route path="deals/edit/:id" element={<Page el={<AdminEditDealPage />} />} />
          <Route path="users" element={<Page el={<UsersPage />} />} />
          <Route path="categories" element={<Page el={<CategoriesPage />} />} />
          <Route path="stores" element={<Page el={<StoresPage />} />} />
          <Route path="scrapers" element={<Page el={<ScrapersPage />} />} />
          <Route path="*" element={<Page el={<NotFoundPage />} />} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}

function Page({ el }: { el: React.ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" fullPage />}>{el}</Suspense>;
}
