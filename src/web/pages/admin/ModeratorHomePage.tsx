import { BarChart3, Flag } from 'lucide-react';
import { usePageTitle } from '../../app/usePageTitle';
import { type ScreenLink, ScreenLinks } from './components/ScreenLinks';

/** The screens a moderator may open. */
const SCREENS: ScreenLink[] = [
  { label: 'Reports', text: 'Deals members reported, and the votes on them you may void.', to: '/admin/reports', icon: Flag },
  { label: 'Analytics', text: "Views and clicks of the site's deals.", to: '/admin/analytics', icon: BarChart3 },
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
      <ScreenLinks screens={SCREENS} label="Your screens" className="mt-6 sm:grid-cols-2" />
    </div>
  );
}
