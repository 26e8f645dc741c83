import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { AuthPayload, LoginReply } from '../../../shared/schemas/members/auth';
import type { PublicUser } from '../../../shared/schemas/members/users';
import { api, errorMessage } from '../../api/client';
import { tokenStore } from '../../api/members/token';
import { type AuthState, useAuth } from './AuthContext';

/**
 * Signing in and creating an account (SPEC §3/§4): AuthProvider's state changes, here rather than in AuthContext.tsx so
 * that only the sign-in and register pages' chunks carry them, not every page's first load (docs/notes/web-performance.md).
 */
type SetAuth = Dispatch<SetStateAction<AuthState>>;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  termsAccepted: boolean;
}

/** A sign-in's answer: the member is signed in, or (two-factor sign-in on) the second step waits with its token. */
export type LoginResult = { user: PublicUser } | { stepToken: string };

function signedIn(setState: SetAuth, queryClient: QueryClient, data: AuthPayload): PublicUser {
  if (!data?.user || !data.token) throw new Error('Login failed');
  tokenStore.set(data.token);
  setState({ isAuthenticated: true, user: data.user, token: data.token, loading: false, error: null });
  queryClient.invalidateQueries();
  return data.user;
}

async function login(setState: SetAuth, queryClient: QueryClient, credential: string, password: string): Promise<LoginResult> {
  setState((s) => ({ ...s, loading: true, error: null }));
  try {
    const data = await api.post<LoginReply>('/auth/login', { credential, password });
    if (data && 'twoFactorRequired' in data) {
      setState((s) => ({ ...s, loading: false }));
      return { stepToken: data.stepToken };
    }
    return { user: signedIn(setState, queryClient, data) };
  } catch (err) {
    const message = errorMessage(err, (err as Error)?.message || 'Login failed');
    setState({ isAuthenticated: false, user: null, token: null, loading: false, error: message });
    throw err;
  }
}

async function register(setState: SetAuth, input: RegisterInput): Promise<PublicUser> {
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
}

/** The second step: a code from the authenticator app or a recovery code. */
export function useTwoFactorLogin() {
  const { setAuth } = useAuth();
  const queryClient = useQueryClient();
  return async (input: { stepToken: string; code?: string; recoveryCode?: string }) =>
    signedIn(setAuth, queryClient, await api.post<AuthPayload>('/auth/login/two-factor', input));
}

/** "Sign in with a passkey": the browser offers this site's passkeys (no username); @simplewebauthn/browser loads only now. */
export function usePasskeyLogin() {
  const { setAuth } = useAuth();
  const queryClient = useQueryClient();
  return async () => {
    const { options } = await api.post<{ options: Record<string, unknown> }>('/auth/passkey/options');
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: options as never });
    return signedIn(setAuth, queryClient, await api.post<AuthPayload>('/auth/passkey', { response }));
  };
}

/** Signs in; the auth state's `error` holds the reason of a failure (the sign-in page shows it). */
export function useLogin() {
  const { setAuth } = useAuth();
  const queryClient = useQueryClient();
  return (credential: string, password: string) => login(setAuth, queryClient, credential, password);
}

/** Creates an account; its token is kept only for the verification e-mail's resend until the address is verified. */
export function useRegister() {
  const { setAuth } = useAuth();
  return (input: RegisterInput) => register(setAuth, input);
}
