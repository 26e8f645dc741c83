import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthPayload, PublicUser } from '../../../shared/api';
import { api, errorMessage } from '../../api/client';
import { tokenStore } from '../../api/token';

/** Auth state of SPEC §3/§4: starts loading; a stored token is validated by /auth/me, otherwise logged out. */
export interface AuthState {
  isAuthenticated: boolean;
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export interface AuthActions {
  login(credential: string, password: string): Promise<PublicUser>;
  register(input: { username: string; email: string; password: string; termsAccepted: boolean }): Promise<PublicUser>;
  logout(): void;
  updateUser(user: PublicUser): void;
}

const AuthContext = createContext<(AuthState & AuthActions) | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ isAuthenticated: false, user: null, token: tokenStore.get(), loading: true, error: null });

  useEffect(() => {
    const token = tokenStore.get();
    if (!token) {
      setState({ isAuthenticated: false, user: null, token: null, loading: false, error: null });
      return;
    }
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

  const login = useCallback(async (credential: string, password: string) => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const data = await api.post<AuthPayload>('/auth/login', { credential, password });
      if (!data?.user || !data.token) throw new Error('Login failed');
      tokenStore.set(data.token);
      setState({ isAuthenticated: true, user: data.user, token: data.token, loading: false, error: null });
      queryClient.invalidateQueries();
      return data.user;
    } catch (err) {
      const message = errorMessage(err, (err as Error)?.message || 'Login failed');
      setState({ isAuthenticated: false, user: null, token: null, loading: false, error: message });
      throw err;
    }
  }, [queryClient]);

  const register = useCallback(async (input: { username: string; email: string; password: string; termsAccepted: boolean }) => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const data = await api.post<AuthPayload>('/auth/register', input);
      if (!data?.user || !data.token) throw new Error('Registration failed');
      // The token of an unverified account only serves the resend call; the user is not signed in until verified.
      tokenStore.set(data.token);
      setState({ isAuthenticated: false, user: null, token: data.token, loading: false, error: null });
      return data.user;
    } catch (err) {
      const message = errorMessage(err, 'Registration failed');
      setState({ isAuthenticated: false, user: null, token: null, loading: false, error: message });
      throw err;
    }
  }, []);

  const logout = useCallback(() => {
    tokenStore.set(null);
    setState({ isAuthenticated: false, user: null, token: null, loading: false, error: null });
    queryClient.clear();
  }, [queryClient]);

  const updateUser = useCallback((user: PublicUser) => setState((s) => ({ ...s, user })), []);

  const value = useMemo(() => ({ ...state, login, register, logout, updateUser }), [state, login, register, logout, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

/** SPEC §6: admins are decided by role on the server; accounts 1 and 2 are the seeded admins. */
export const isAdminUser = (user: PublicUser | null | undefined) => !!user && (user.role === 'admin' || user.id === 1 || user.id === 2);
export const isModeratorUser = (user: PublicUser | null | undefined) => !!user && (user.role === 'moderator' || isAdminUser(user));
