import { ChevronDown, Menu as MenuIcon, Plus, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link, NavLink } from '../../components/Link';
import { isAdmin } from '../../../shared/domain/access/roles';
import { useAuth } from '../auth/AuthContext';
import { useSignOutHome } from '../auth/useSignOutHome';
import { useOpenUntilNavigate } from '../../lib/useOpenUntilNavigate';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { BrowseSearchForm } from '../../components/SearchForm';
import { ThemeToggle } from './HeaderThemeToggle';
import { SORT_LINKS, sortHref } from './nav-links';

// Out of the first load (docs/notes/web-performance.md): the account menu is for members only (see AccountMenu below), the mobile menu is
// fetched when it is first opened.
const HeaderAccountMenu = lazy(() => import('./HeaderAccountMenu'));
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));
// Members only, after the first render: the bell, its count and stream are a chunk of their own (its panel another).
const NotificationBell = lazy(() => import('../../components/notifications/NotificationBell'));

export function Header() {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const [mobileOpen, setMobileOpen] = useOpenUntilNavigate();
  const admin = isAdmin(user);

  const onBrowse = location.pathname === '/dealsBrowse' || location.pathname === '/deals';
  const currentSort = onBrowse ? params.get('sort') : null;
  /** SPEC §2: newest is active only when status is active. */
  const sortActive = (sort: string) => currentSort === sort && (sort !== 'newest' || params.get('status') === 'active');

  // Signing in from the header comes back to this page (the login screen reads `from`).
  const signInState = { from: location.pathname + location.search };

  const signOutHome = useSignOutHome();
  const signOut = () => signOutHome();

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-emerald-50 text-emerald-700' : 'text-slate-700 hover:bg-slate-100'}`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="shrink-0" aria-label="QuidsIn home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          <NavLink to="/dealsBrowse" className={({ isActive }) => navClass({ isActive: isActive && !currentSort })}>
            Browse Deals
          </NavLink>
          {admin && (
            <NavLink to="/admin" className={() => navClass({ isActive: location.pathname.startsWith('/admin') })}>
              Admin
            </NavLink>
          )}
        </nav>
        <BrowseSearchForm
          id="header-search"
          placeholder="Search deals, stores..."
          // On a phone the box is narrow: its suggestions span the screen under the header.
          suggest="max-md:fixed max-md:inset-x-2 max-md:top-16"
          // On a phone, browse has its own search box (one search box on a page): keep the space, hide this one.
          className={`ml-auto flex min-w-0 flex-1 items-center md:max-w-md ${onBrowse ? 'max-md:invisible' : ''}`}
          fieldClassName="w-full"
          inputClassName="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pl-9 pr-3 text-sm focus:border-emerald-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-emerald-200"
        />
        {/* On every page. A visitor goes through /login (the route's guard) and comes back to the form. */}
        <Link
          to="/deals/create"
          title="Post a deal"
          className="flex shrink-0 items-center gap-1.5 rounded-md bg-orange-700 p-2 text-sm font-semibold text-white shadow-sm hover:bg-orange-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 lg:px-3"
        >
          <Plus className="h-5 w-5 lg:h-4 lg:w-4" aria-hidden="true" />
          <span className="sr-only lg:not-sr-only">Post a deal</span>
        </Link>
        {isAuthenticated && user && (
          <Suspense fallback={<span className="h-9 w-9 shrink-0" aria-hidden="true" />}>
            <NotificationBell />
          </Suspense>
        )}
        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          {isAuthenticated && user ? (
            <AccountMenu
              label={
                <>
                  <Avatar user={user} size={32} />
                  <span data-testid="header-username">{user.username}</span>
                  <ChevronDown className="h-4 w-4" aria-hidden="true" />
                </>
              }
              onSignOut={signOut}
            />
          ) : (
            <>
              <Link to="/login" state={signInState} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
                Sign in
              </Link>
              <Link to="/register" className="rounded-md bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
                Create account
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <X className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>
      </div>
      <div className="hidden border-t border-slate-100 md:block">
        <nav aria-label="Deal sorting" className="mx-auto flex max-w-7xl gap-1 px-4 py-1 sm:px-6">
          {SORT_LINKS.map(({ sort, label, icon: Icon }) => (
            <Link
              key={sort}
              to={sortHref(sort)}
              aria-current={sortActive(sort) ? 'page' : undefined}
              className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${
                sortActive(sort) ? 'bg-orange-50 text-orange-700' : 'text-slate-600 hover:bg-slate-100'
              }`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </Link>
          ))}
        </nav>
      </div>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileMenu admin={admin} onSignOut={signOut} signInState={signInState} />
        </Suspense>
      )}
    </header>
  );
}

const accountButton =
  'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/** The account menu (a lazy chunk); until it is in, the same button in the same place, so the header does not move. */
function AccountMenu({ label, onSignOut }: { label: ReactNode; onSignOut: () => void }) {
  return (
    <Suspense
      fallback={
        <div className="relative">
          <button type="button" aria-haspopup="menu" aria-expanded={false} className={accountButton}>
            {label}
          </button>
        </div>
      }
    >
      <HeaderAccountMenu label={label} buttonClassName={accountButton} onSignOut={onSignOut} />
    </Suspense>
  );
}
