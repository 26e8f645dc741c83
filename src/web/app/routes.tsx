import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { MainLayout } from './layout/MainLayout';

// Every page is its own chunk (route-level code splitting). The pages the server draws first (home, browse, a deal)
// are routed here; every other page is routed by other-routes.tsx, a chunk of its own loaded on the first visit to one
// of them, so the first load does not carry forty lazy imports and their chunk lists (docs/notes/web-weight.md).
const HomePage = lazy(() => import('../pages/home/HomePage'));
const BrowsePage = lazy(() => import('../pages/browse/BrowsePage'));
const DealDetailPage = lazy(() => import('../pages/deal-detail/DealDetailPage'));
const AdminReportsRoutes = lazy(() => import('../pages/admin/reports/ReportsRoutes'));
const AdminAnalyticsRoutes = lazy(() => import('../pages/admin/analytics/AnalyticsRoutes'));
const AdminRoutes = lazy(() => import('../pages/admin/AdminRoutes'));
const OtherPages = lazy(() => import('./other-routes'));

/** The admin areas, each routing its own pages (and its own not-found page). */
export const ADMIN_AREAS = [
  { path: '/admin/*', element: <AdminRoutes /> },
  { path: '/admin/reports/*', element: <AdminReportsRoutes /> },
  { path: '/admin/analytics/*', element: <AdminAnalyticsRoutes /> },
] as const;

/** The pages the server draws a first screen for (server features/pages), inside the site's layout. */
export const FIRST_SCREEN_PAGES = [
  { index: true, element: <HomePage /> },
  { path: '/dealsBrowse', element: <BrowsePage /> },
  { path: '/deals', element: <BrowsePage /> },
  { path: '/dealDetail/:id', element: <DealDetailPage /> },
] as const;

/**
 * The route table of SPEC §2, as route objects for useRoutes: `<Routes>`/`<Route>` would bring react-router's
 * createRoutesFromChildren into every page's first load for the same table (docs/notes/web-performance.md). Any other
 * path is handed to the other pages' table, inside the same layout (so the header stays mounted between them).
 */
const ROUTES: RouteObject[] = [...ADMIN_AREAS, { element: <MainLayout />, children: [...FIRST_SCREEN_PAGES, { path: '*', element: <OtherPages /> }] }];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
