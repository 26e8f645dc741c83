import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { isAdmin, isStaff } from '../../shared/domain/access/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useAuth } from './auth/AuthContext';

type Role = 'admin' | 'moderator';

/**
 * The four guard states of SPEC §2: loading (spinner), unauthenticated (to /login, remembering where from),
 * wrong role (home, replacing history), allowed.
 */
export function RequireAuth({ children, minRole }: { children: ReactNode /** The lowest role let in; any member when unset. */; minRole?: Role }) {
  const { loading, isAuthenticated, user } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your session" fullPage />;
  // SPEC §6: the admin area sends everyone who is not an admin, signed in or not, to '/'.
  if (!isAuthenticated && minRole === 'admin') return <Navigate to="/" replace />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (minRole === 'admin' && !isAdmin(user)) return <Navigate to="/" replace />;
  if (minRole === 'moderator' && !isStaff(user)) return <Navigate to="/" replace />;
  if (minRole) return <StaffTwoFactorGate>{children}</StaffTwoFactorGate>;
  return <>{children}</>;
}

/**
 * REQUIRE_STAFF_2FA (docs/notes/account-security.md): until a staff account turns two-factor sign-in on, every staff
 * route answers 403, so the team's screens send it to the set-up instead.
 */
function StaffTwoFactorGate({ children }: { children: ReactNode }) {
  const status = useQuery({ queryKey: ['account', 'two-factor'], queryFn: () => api.get<{ required: boolean }>('/account/two-factor') });
  if (status.isPending) return <Spinner label="Checking your session" fullPage />;
  if (status.data?.required) return <Navigate to="/user/profile#security" replace />;
  return <>{children}</>;
}
