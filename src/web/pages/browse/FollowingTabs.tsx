import { Link } from '../../components/Link';

const tab = 'rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/**
 * Members' tabs over a deal list (docs/notes/vouchers-follows.md): every deal, or the deals from what they follow
 * (following=1). Links, so the choice lives in the URL like every other browse filter.
 */
export function FollowingTabs({ following, allHref = '/dealsBrowse?status=active&sort=newest' }: { following: boolean; allHref?: string }) {
  const item = (to: string, label: string, current: boolean) => (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={`${tab} ${current ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Deal lists" className="flex gap-1 border-b border-slate-200" data-testid="following-tabs">
      {item(allHref, 'All deals', !following)}
      {item('/dealsBrowse?following=1&status=active&sort=newest', 'Following', following)}
    </nav>
  );
}
