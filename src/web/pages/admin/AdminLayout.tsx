import {
  ArrowLeft,
  BarChart3,
  FolderTree,
  LayoutDashboard,
  List,
  LogOut,
  Menu,
  Bot,
  CheckCircle2,
  Clock3,
  Flag,
  ShieldCheck,
  Store,
  TicketPercent,
  Users,
  X,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import { useAdminCounts } from '../../api/admin/admin';
import { useOpenReportCount } from '../../api/admin/reports';
import { isAdmin } from '../../../shared/domain/access/roles';
import { useAuth } from '../../app/auth/AuthContext';
import { Logo } from '../../components/Logo';
import { useOpenUntilNavigate } from '../../lib/useOpenUntilNavigate';
import { IconLink } from '../../components/IconLink';

interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
  badge?: 'pending' | 'active' | 'reports';
  /** Moderators see this item too (the report queue); the rest of the area is admins' only. */
  staff?: boolean;
  isActive: (path: string, status: string | null) => boolean;
}

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard, isActive: (p) => p === '/admin' || p === '/admin/' },
  { label: 'Categories', to: '/admin/categories', icon: FolderTree, isActive: (p) => p.startsWith('/admin/categories') },
  { label: 'Stores', to: '/admin/stores', icon: Store, isActive: (p) => p.startsWith('/admin/stores') },
  { label: 'View All', to: '/admin/deals', icon: List, isActive: (p, s) => p.startsWith('/admin/deals') && s !== 'pending' && s !== 'active' },
  { label: 'View Pending', to: '/admin/deals?status=pending', icon: Clock3, badge: 'pending', isActive: (p, s) => p === '/admin/deals' && s === 'pending' },
  { label: 'View Active', to: '/admin/deals?status=active', icon: CheckCircle2, badge: 'active', isActive: (p, s) => p === '/admin/deals' && s === 'active' },
  { label: 'Trusted Posts', to: '/admin/trusted', icon: ShieldCheck, isActive: (p) => p.startsWith('/admin/trusted') },
  { label: 'Vouchers', to: '/admin/vouchers', icon: TicketPercent, isActive: (p) => p.startsWith('/admin/vouchers') },
  { label: 'Analytics', to: '/admin/analytics', icon: BarChart3, staff: true, isActive: (p) => p.startsWith('/admin/analytics') },
  { label: 'Reports', to: '/admin/reports', icon: Flag, badge: 'reports', staff: true, isActive: (p) => p.startsWith('/admin/reports') },
  { label: 'Users', to: '/admin/users', icon: Users, isActive: (p) => p.startsWith('/admin/users') },
  { label: 'Scrapers', to: '/admin/scrapers', icon: Bot, isActive: (p) => p.startsWith('/admin/scrapers') },
];

/** SPEC §2 Admin layout: the sidebar with live counts (every 60 s), Back to Site, who is signed in, Sign out. */
export function AdminLayout() {
  const [open, setOpen] = useOpenUntilNavigate();

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Open admin menu"
          aria-expanded={open}
          aria-controls="admin-sidebar"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          <Menu className="h-6 w-6" aria-hidden="true" />
        </button>
        <Link to="/admin" aria-label="Admin dashboard">
          <Logo />
        </Link>
        <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">Admin</span>
      </div>
      {open && <div className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div className="lg:flex lg:min-h-screen">
        {/* The dark column stretches with the page; the menu inside stays in view while the page scrolls. */}
        <div className="lg:w-64 lg:shrink-0 lg:bg-slate-900">
          <aside
            id="admin-sidebar"
            aria-label="Admin"
            className={`fixed inset-y-0 left-0 z-50 w-64 flex-col bg-slate-900 text-slate-100 shadow-xl lg:sticky lg:top-0 lg:flex lg:h-screen lg:shadow-none ${open ? 'flex' : 'hidden'}`}
          >
            <Sidebar onClose={() => setOpen(false)} />
          </aside>
        </div>
        <div className="min-w-0 flex-1">
          <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}

function Sidebar({ onClose }: { onClose: () => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const status = new URLSearchParams(location.search).get('status');
  const { data: counts } = useAdminCounts(isAdmin(user));
  const { data: reportCount } = useOpenReportCount();

  const signOut = () => {
    logout();
    navigate('/');
  };

  return (
    <>
      <div className="flex h-16 items-center justify-between border-b border-slate-800 px-4">
        <Link
          to="/admin"
          className="flex items-center gap-2 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
          aria-label="Admin dashboard"
        >
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-emerald-600 text-lg font-bold text-white" aria-hidden="true">
            £
          </span>
          <span className="text-lg font-extrabold tracking-tight">
            Quids<span className="text-emerald-400">In</span> <span className="font-medium text-slate-400">Admin</span>
          </span>
        </Link>
        <button type="button" onClick={onClose} aria-label="Close admin menu" className="rounded-md p-1.5 text-slate-300 hover:bg-slate-800 lg:hidden">
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV.filter((item) => item.staff || isAdmin(user)).map((item) => {
            const active = item.isActive(location.pathname, status);
            const count = item.badge === 'reports' ? reportCount?.openDeals : item.badge ? counts?.[item.badge] : undefined;
            const Icon = item.icon;
            return (
              <li key={item.label}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400 ${
                    active ? 'bg-emerald-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                  }`}
                >
                  <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {item.badge && (
                    <>
                      {/* The count in words for screen readers; the badge shows the number alone. */}
                      <span className="sr-only">
                        {item.badge === 'reports' ? `${count ?? 0} deals with open reports` : `${count ?? 0} ${item.badge} deals`}
                      </span>
                      <span
                        data-testid={`badge-${item.badge}`}
                        aria-hidden="true"
                        className={`min-w-7 rounded-full px-2 py-0.5 text-center text-xs font-semibold ${
                          item.badge === 'pending'
                            ? 'bg-amber-400 text-amber-950'
                            : item.badge === 'reports'
                              ? 'bg-red-200 text-red-950'
                              : 'bg-emerald-200 text-emerald-900'
                        }`}
                      >
                        {count ?? 0}
                      </span>
                    </>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-800 p-3">
        <IconLink
          to="/"
          icon={ArrowLeft}
          iconClassName="h-5 w-5"
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
        >
          Back to Site
        </IconLink>
        <div className="mt-2 flex items-center gap-2 px-3 py-2">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-700 text-sm font-semibold" aria-hidden="true">
            {(user?.email || 'A').charAt(0).toUpperCase()}
          </span>
          <span className="min-w-0 flex-1 truncate text-sm text-slate-300" data-testid="admin-email" title={user?.email || undefined}>
            {user?.email || 'Admin User'}
          </span>
        </div>
        <button
          type="button"
          onClick={signOut}
          className="mt-1 flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
        >
          <LogOut className="h-5 w-5" aria-hidden="true" />
          Sign out
        </button>
      </div>
    </>
  );
}
