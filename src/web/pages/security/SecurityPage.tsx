import { Link } from '../../components/Link';
import { usePageTitle } from '../../app/usePageTitle';
import { ActivitySection } from './ActivitySection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** /user/security (docs/notes/account-security.md): two-factor, passkeys, where you're signed in, security activity. */
export default function SecurityPage() {
  usePageTitle('Security');
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <Link to="/user/profile" className="text-sm font-medium text-emerald-700 hover:underline">
          Back to your profile
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Security</h1>
      </div>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <ActivitySection />
    </section>
  );
}
