import { useQueryClient } from '@tanstack/react-query';
import { createContext, type Dispatch, type ReactNode, type SetStateAction, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { PublicUser } from '../../../shared/schemas/members/users';
import { api } from '../../api/client';
import { tokenStore } from '../../api/members/token';

/** Auth state of SPEC §3/§4: starts loading; a stored token is validated by /auth/me, otherwise logged out. */
export interface AuthState {
  isAuthenticated: boolean;
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export interface AuthActions {
  logout(): void;
  updateUser(user: PublicUser): void;
  /**
   * Sets the state outright: for ./session.ts (sign-in and registration), which lives with the two pages that use it
   * rather than here, in every page's first load (docs/notes/web-performance.md).
   */
  setAuth: Dispatch<SetStateAction<AuthState>>;
}

const AuthContext = createContext<(AuthState & AuthActions) | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Without a stored token there is nothing to load: a visitor is a visitor from the first render, as on the server,
  // which draws the first screen for a visitor (docs/notes/web-performance.md). Changing the state after hydration would redraw every part
  // that reads it, and throw away the server's markup of any part not yet hydrated.
  const [state, setState] = useState<AuthState>(() => {
    const token = tokenStore.get();
    return { isAuthenticated: false, user: null, token, loading: token !== null, error: null };
  });

  useEffect(() => {
    const token = tokenStore.get();
    // No token: the first state was already the visitor's.
    if (!token) return;
    let cancelled = false;
    api
      .get<{ user?: PublicUser }>('/auth/me')
      .then((data) => {
        if (cancelled) return;
        if (!data?.user) throw new Error('No user');
        // A just-registered account keeps its token only for the resend call; it is not signed in until verified.
        if (data.user.emailVerified === false) {
          setState({ isAuthenticated: false, user: null, token, loading: false, error: null });
          return;
        }
        setState({ isAuthenticated: true, user: data.user, token, loading: false, error: null });
      })
      .catch(() => {
        if (cancelled) return;
        tokenStore.set(null);
        setState({ isAuthenticated: false, user: null, token: null, loading: false, error: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // A 401 anywhere removes the token (api/client.ts); sign out here too.
  useEffect(
    () =>
      tokenStore.subscribe((token) => {
        if (!token) setState((s) => (s.isAuthenticated ? { ...s, isAuthenticated: false, user: null, token: null } : s));
      }),
    [],
  );

  const logout = useCallback(() => {
    tokenStore.set(null);
    setState({ isAuthenticated: false, user: null, token: null, loading: false, error: null });
    queryClient.clear();
  }, [queryClient]);

  const updateUser = useCallback((user: PublicUser) => setState((s) => ({ ...s, user })), []);

  const value = useMemo(() => ({ ...state, logout, updateUser, setAuth: setState }), [state, logout, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
