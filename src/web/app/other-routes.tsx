import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import type { PagePath } from '../../shared/pages';
import type { ADMIN_AREAS, FIRST_SCREEN_PAGES } from './routes';

/**
 * A members-only page: its chunk and the guard's fetched together when the route is first drawn, so the guard is not
 * in every visitor's first load (docs/notes/web-performance.md) and a member page does not wait for one and then the other.
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

// Every page is its own chunk (route-level code splitting).
const ConfirmationPage = lazy(() => import('../pages/deal-form/ConfirmationPage'));
const CreateDealPage = memberPage(() => import('../pages/deal-form/CreateDealPage'));
const EditDealPage = memberPage(() => import('../pages/deal-form/EditDealPage'));
const LoginPage = lazy(() => import('../pages/auth/LoginPage'));
const RegisterPage = lazy(() => import('../pages/auth/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../pages/auth/VerifyEmailPage'));
const ConfirmEmailPage = lazy(() => import('../pages/auth/ConfirmEmailPage'));
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
const NotificationsPage = memberPage(() => import('../pages/notifications/NotificationsPage'));
const UnsubscribePage = lazy(() => import('../pages/alerts/UnsubscribePage'));
const ModerationPage = lazy(() => import('../pages/moderation/ModerationPage'));
const StoresPage = lazy(() => import('../pages/stores/StoresPage'));
const StorePage = lazy(() => import('../pages/stores/StorePage'));
const MemberProfilePage = lazy(() => import('../pages/members/MemberProfilePage'));
const VouchersPage = lazy(() => import('../pages/vouchers/Vouchers'));
const FollowingPage = memberPage(() => import('../pages/following/Following'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

/** The pages inside the site's layout that the server does not draw first (routes.tsx routes those). */
const PAGES = [
  { path: '/stores', element: <StoresPage /> },
  { path: '/stores/:id', element: <StorePage /> },
  { path: '/members/:username', element: <MemberProfilePage /> },
  { path: '/vouchers', element: <VouchersPage /> },
  { path: '/following', element: <FollowingPage /> },
  { path: '/deals/confirmation', element: <ConfirmationPage /> },
  { path: '/deals/create', element: <CreateDealPage /> },
  { path: '/deals/edit/:id', element: <EditDealPage /> },
  { path: '/submit-deal', element: <Navigate to="/deals/create" replace /> },
  { path: '/alerts', element: <AlertsPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/alerts/unsubscribe', element: <UnsubscribePage /> },
  { path: '/moderation', element: <ModerationPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
  { path: '/verify-email-sent', element: <VerifyEmailSentPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/cookies', element: <CookiesPage /> },
  { path: '/user/profile', element: <ProfilePage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/user/deals', element: <MyDealsPage /> },
  { path: '/user/saved-deals', element: <SavedDealsPage /> },
  { path: '/user/comments', element: <MyCommentsPage /> },
] as const;

// The pages routed here are exactly shared/pages.ts PAGE_PATHS, the list the server answers 404 outside of: a page
// missing here or there fails the type-check, naming it (the index route is '/').
type RoutedPath = (typeof PAGES | typeof FIRST_SCREEN_PAGES)[number] extends infer R ? (R extends { path: infer P } ? P : '/') : never;
type NoneLeft<T> = [T] extends [never] ? true : T;
export const pagesNotRouted: NoneLeft<Exclude<PagePath, RoutedPath | (typeof ADMIN_AREAS)[number]['path']>> = true;
export const routesNotListed: NoneLeft<Exclude<RoutedPath | (typeof ADMIN_AREAS)[number]['path'], PagePath>> = true;

/** Below the site's layout's splat route: the other pages, and the not-found page for any path no page has. */
const ROUTES: RouteObject[] = [...PAGES, { path: '*', element: <NotFoundPage /> }];

export default function OtherPages() {
  return useRoutes(ROUTES);
}
