import { ActivitySection } from './ActivitySection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The profile's Security tab (/user/profile#security, docs/notes/account-security.md): its own chunk. */
export default function SecuritySettings() {
  return (
    <div className="space-y-6">
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <ActivitySection />
    </div>
  );
}
