import { type ComponentType, lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import type { PagePath } from '../../shared/pages';
import { MainLayout } from './layout/MainLayout';

/**
 * A members-only page: its chunk and the guard's fetched together when the route is first drawn, so the guard is not
 * in every visitor's first load (issue 16) and a member page does not wait for one and then the other.
 */
const memberPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() =>
    Promise.all([load(), import('./guards')]).then(([page, { RequireAuth }]) => ({
      default: () => (
        <RequireAuth>
          <page.default />
        </RequireAuth>
      ),
    })),
  );

// Every page is its own chunk (route-level code splitting); the admin area is one more chunk behind its layout.
const HomePage = lazy(() => import('../pages/home/HomePage'));
const BrowsePage = lazy(() => import('../pages/browse/BrowsePage'));
const DealDetailPage = lazy(() => import('../pages/deal-detail/DealDetailPage'));
const ConfirmationPage = lazy(() => import('../pages/deal-form/ConfirmationPage'));
const CreateDealPage = memberPage(() => import('../pages/deal-form/CreateDealPage'));
const EditDealPage = memberPage(() => import('../pages/deal-form/EditDealPage'));
const LoginPage = lazy(() => import('../pages/auth/LoginPage'));
const RegisterPage = lazy(() => import('../pages/auth/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../pages/auth/VerifyEmailPage'));
const VerifyEmailSentPage = lazy(() => import('../pages/auth/VerifyEmailSentPage'));
const ForgotPasswordPage = lazy(() => import('../pages/auth/password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/auth/password/ResetPasswordPage'));
const HelpPage = lazy(() => import('../pages/info/HelpPage'));
const ContactPage = lazy(() => import('../pages/info/ContactPage'));
const TermsPage = lazy(() => import('../pages/info/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/info/PrivacyPage'));
const CookiesPage = lazy(() => import('../pages/info/CookiesPage'));
const ProfilePage = memberPage(() => import('../pages/profile/ProfilePage'));
const MyDealsPage = memberPage(() => import('../pages/member/MyDealsPage'));
const SavedDealsPage = memberPage(() => import('../pages/member/SavedDealsPage'));
const MyCommentsPage = memberPage(() => import('../pages/member/MyCommentsPage'));
const AlertsPage = lazy(() => import('../pages/alerts/AlertsPage'));
const UnsubscribePage = lazy(() => import('../pages/alerts/UnsubscribePage'));
const ModerationPage = lazy(() => import('../pages/moderation/ModerationPage'));
const AdminReportsRoutes = lazy(() => import('../pages/admin/reports/ReportsRoutes'));
const StoresPage = lazy(() => import('../pages/stores/StoresPage'));
const StorePage = lazy(() => import('../pages/stores/StorePage'));
const MemberProfilePage = lazy(() => import('../pages/members/MemberProfilePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const AdminRoutes = lazy(() => import('../pages/admin/AdminRoutes'));

// Every page of SPEC §2 by its path: the keys of these two tables are exactly shared/pages.ts PAGE_PATHS (checked by
// the type-checker), the list the server answers 404 outside of.
const ADMIN_AREAS = {
  '/admin/reports/*': <AdminReportsRoutes />,
  '/admin/*': <AdminRoutes />,
} satisfies Partial<Record<PagePath, ReactElement>>;
const PAGES = {
  '/': <HomePage />,
  '/dealsBrowse': <BrowsePage />,
  '/deals': <BrowsePage />,
  '/dealDetail/:id': <DealDetailPage />,
  '/stores': <StoresPage />,
  '/stores/:id': <StorePage />,
  '/members/:username': <MemberProfilePage />,
  '/deals/confirmation': <ConfirmationPage />,
  '/deals/create': <CreateDealPage />,
  '/deals/edit/:id': <EditDealPage />,
  '/submit-deal': <Navigate to="/deals/create" replace />,
  '/alerts': <AlertsPage />,
  '/alerts/unsubscribe': <UnsubscribePage />,
  '/moderation': <ModerationPage />,
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/verify-email': <VerifyEmailPage />,
  '/verify-email-sent': <VerifyEmailSentPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/help': <HelpPage />,
  '/contact': <ContactPage />,
  '/terms': <TermsPage />,
  '/privacy': <PrivacyPage />,
  '/cookies': <CookiesPage />,
  '/user/profile': <ProfilePage />,
  '/profile': <ProfilePage />,
  '/user/deals': <MyDealsPage />,
  '/user/saved-deals': <SavedDealsPage />,
  '/user/comments': <MyCommentsPage />,
} satisfies Record<Exclude<PagePath, keyof typeof ADMIN_AREAS>, ReactElement>;

const routesOf = (pages: Record<string, ReactElement>): RouteObject[] =>
  Object.entries(pages).map(([path, element]) => (path === '/' ? { index: true, element } : { path, element }));

/**
 * The route table as route objects for useRoutes: `<Routes>`/`<Route>` would bring react-router's
 * createRoutesFromChildren into every page's first load for the same table (issue 16).
 */
const ROUTES: RouteObject[] = [...routesOf(ADMIN_AREAS), { element: <MainLayout />, children: [...routesOf(PAGES), { path: '*', element: <NotFoundPage /> }] }];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
