import { BellRing } from 'lucide-react';
import { useLocation } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { usePageTitle } from '../../app/usePageTitle';
import { IconCircle } from '../../components/icons/IconCircle';
import { Spinner } from '../../components/Spinner';
import { AlertsIntro } from './AlertsIntro';
import { MemberAlerts } from './MemberAlerts';

/**
 * /alerts (docs/notes/alerts.md): keyword alerts by email and RSS. Visitors read what alerts do and are asked to sign in (coming
 * back here, with a search from browse kept); members create, pause, edit and delete theirs.
 */
export default function AlertsPage() {
  usePageTitle('Email alerts');
  const { loading, isAuthenticated } = useAuth();
  const { search } = useLocation();

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10" aria-labelledby="alerts-title">
      <div className="flex items-start gap-4">
        <IconCircle icon={BellRing} className="hidden h-12 w-12 shrink-0 bg-emerald-50 sm:flex" iconClassName="h-6 w-6 text-emerald-600" />
        <div className="min-w-0">
          <h1 id="alerts-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Email Alerts
          </h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            Pick the words you care about, like a product, brand or shop, and we'll email you when a matching deal goes live on QuidsIn.
          </p>
        </div>
      </div>
      {loading ? <Spinner label="Checking your session" /> : isAuthenticated ? <MemberAlerts key={search} search={search} /> : <AlertsIntro search={search} />}
    </section>
  );
}
