import { Plus } from 'lucide-react';
import { Link } from '../../components/Link';
import { MenuThemeToggle } from './MenuThemeToggle';
import { useAuth } from '../auth/AuthContext';
import { ACCOUNT_LINKS, sortHref } from './nav-links';

const item = 'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100';

/** The header's menu below md: every link of the desktop header, one under another. */
export function MobileMenu({ admin, onSignOut, signInState }: { admin: boolean; onSignOut: () => void; signInState: { from: string } }) {
  const { isAuthenticated, user } = useAuth();
  const links: Array<[string, string]> = [
    ['Home', '/'],
    ['Browse Deals', '/dealsBrowse'],
    ['Hot Deals', sortHref('hottest')],
    ['New Arrivals', sortHref('newest')],
    ['Getting Warm', sortHref('getting-warm')],
    ...(admin ? ([['Admin', '/admin']] as Array<[string, string]>) : []),
  ];
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
      {/* Visitors go through /login and come back to the form (the route's guard). */}
      <Link
        to="/deals/create"
        className="mb-2 flex items-center justify-center gap-2 rounded-md bg-orange-700 px-3 py-2.5 text-base font-semibold text-white hover:bg-orange-800"
      >
        <Plus className="h-5 w-5" aria-hidden="true" />
        Post a deal
      </Link>
      {links.map(([label, to]) => (
        <Link key={label} to={to} className={item}>
          {label}
        </Link>
      ))}
      <div className="mt-2 border-t border-slate-200 pt-2">
        <MenuThemeToggle />
      </div>
      <div className="mt-2 border-t border-slate-200 pt-2">
        {isAuthenticated && user ? (
          <>
            <p className="px-3 py-2 text-sm text-slate-500">
              Signed in as <span className="font-semibold text-slate-800">{user.username}</span>
            </p>
            {ACCOUNT_LINKS.map(([label, to]) => (
              <Link key={to} to={to} className={item}>
                {label}
              </Link>
            ))}
            <Link to="/following" className={item}>
              Following
            </Link>
            <button type="button" onClick={onSignOut} className={`${item} w-full text-left`}>
              Sign out
            </button>
          </>
        ) : (
          <>
            <Link to="/register" className={item}>
              Create account
            </Link>
            <Link to="/login" state={signInState} className={item}>
              Sign in
            </Link>
          </>
        )}
      </div>
    </nav>
  );
}
