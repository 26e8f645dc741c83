import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards';
import { MainLayout } from './layout/MainLayout';

// Every page is its own chunk (route-level code splitting); the admin area is one more chunk behind its layout.
const HomePage = lazy(() => import('../pages/home/HomePage'));
const BrowsePage = lazy(() => import('../pages/browse/BrowsePage'));
const DealDetailPage = lazy(() => import('../pages/deal-detail/DealDetailPage'));
const ConfirmationPage = lazy(() => import('../pages/deal-form/ConfirmationPage'));
const CreateDealPage = lazy(() => import('../pages/deal-form/CreateDealPage'));
const EditDealPage = lazy(() => import('../pages/deal-form/EditDealPage'));
const LoginPage = lazy(() => import('../pages/auth/LoginPage'));
const RegisterPage = lazy(() => import('../pages/auth/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../pages/auth/VerifyEmailPage'));
const VerifyEmailSentPage = lazy(() => import('../pages/auth/VerifyEmailSentPage'));
const ForgotPasswordPage = lazy(() => import('../pages/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/auth/ResetPasswordPage'));
const HelpPage = lazy(() => import('../pages/info/HelpPage'));
const ContactPage = lazy(() => import('../pages/info/ContactPage'));
const TermsPage = lazy(() => import('../pages/info/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/info/PrivacyPage'));
const CookiesPage = lazy(() => import('../pages/info/CookiesPage'));
const ProfilePage = lazy(() => import('../pages/profile/ProfilePage'));
const MyDealsPage = lazy(() => import('../pages/member/MyDealsPage'));
const SavedDealsPage = lazy(() => import('../pages/member/SavedDealsPage'));
const MyCommentsPage = lazy(() => import('../pages/member/MyCommentsPage'));
const AlertsPage = lazy(() => import('../pages/alerts/AlertsPage'));
const UnsubscribePage = lazy(() => import('../pages/alerts/UnsubscribePage'));
const ModerationPage = lazy(() => import('../pages/moderation/ModerationPage'));
const AdminReportsRoutes = lazy(() => import('../pages/admin/reports/ReportsRoutes'));
const StoresPage = lazy(() => import('../pages/stores/StoresPage'));
const StorePage = lazy(() => import('../pages/stores/StorePage'));
const MemberProfilePage = lazy(() => import('../pages/members/MemberProfilePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const AdminRoutes = lazy(() => import('../pages/admin/AdminRoutes'));

const member = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** The route table of SPEC §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
      <Route path="/admin/reports/*" element={<AdminReportsRoutes />} />
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="/dealsBrowse" element={<BrowsePage />} />
        <Route path="/deals" element={<BrowsePage />} />
        <Route path="/dealDetail/:id" element={<DealDetailPage />} />
        <Route path="/stores" element={<StoresPage />} />
        <Route path="/stores/:id" element={<StorePage />} />
        <Route path="/members/:username" element={<MemberProfilePage />} />
        <Route path="/deals/confirmation" element={<ConfirmationPage />} />
        <Route path="/deals/create" element={member(<CreateDealPage />)} />
        <Route path="/deals/edit/:id" element={member(<EditDealPage />)} />
        <Route path="/submit-deal" element={<Navigate to="/deals/create" replace />} />
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/alerts/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/moderation" element={<ModerationPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/verify-email-sent" element={<VerifyEmailSentPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/cookies" element={<CookiesPage />} />
        <Route path="/user/profile" element={member(<ProfilePage />)} />
        <Route path="/profile" element={member(<ProfilePage />)} />
        <Route path="/user/deals" element={member(<MyDealsPage />)} />
        <Route path="/user/saved-deals" element={member(<SavedDealsPage />)} />
        <Route path="/user/comments" element={member(<MyCommentsPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
