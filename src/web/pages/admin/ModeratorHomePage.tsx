import { BarChart3, Flag } from 'lucide-react';
import { Link } from '../../components/Link';
import { usePageTitle } from '../../app/usePageTitle';

/** The screens a moderator may open, each a card. */
const SCREENS = [
  { to: '/admin/reports', icon: Flag, iconClass: 'text-red-600', title: 'Reports', about: 'Deals members reported, and the votes on them you may void.' },
  { to: '/admin/analytics', icon: BarChart3, iconClass: 'text-emerald-700', title: 'Analytics', about: "Views and clicks of the site's deals." },
];

/**
 * What a moderator sees at /admin and at an administrator's screens: their own screens, the report queue (where they
 * also void votes) and the figures. Nothing here calls an administrator's route.
 */
export default function ModeratorHomePage() {
  usePageTitle('Back office');
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">Back office</h1>
      <p className="mt-2 text-slate-600">
        As a moderator you look after the report queue and the figures. The rest of the back office (deals, shops, members, scrapers) is for administrators.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="Your screens">
        {SCREENS.map(({ to, icon: Icon, iconClass, title, about }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-emerald-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              <Icon className={`mt-0.5 h-5 w-5 ${iconClass}`} aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{about}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
