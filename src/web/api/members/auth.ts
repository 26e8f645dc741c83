import { useMutation } from '@tanstack/react-query';
import type { MessageReply, SentReply, VerifiedReply } from '../../../shared/schemas/members/auth';
import { AUTH_PATHS } from '../../app/last-page';
import { toast } from '../../lib/toast/toast';
import { api, ApiError, errorMessage } from '../client';

/** The account calls that live outside the auth context (SPEC §7 Auth). */
export async function verifyEmail(token: string): Promise<void> {
  await api.get<VerifiedReply>('/auth/verify-email', { token });
}

/** Uses the bearer token the register call stored for the still-unverified account. */
export async function resendVerification(): Promise<void> {
  await api.post<SentReply>('/auth/resend-verification');
}

/** SPEC §8: the server's text when it has one; a missing or expired session has nothing useful to say. */
export function resendErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return 'Failed to resend verification email';
  return errorMessage(err, 'Failed to resend verification email');
}

export const useResendVerification = () =>
  useMutation({
    mutationFn: resendVerification,
    onSuccess: () => toast.success('Verification email has been resent. Please check your inbox.'),
    onError: (err) => toast.error(resendErrorMessage(err)),
  });

/** Password reset (docs/notes/web-everyday.md): both calls answer a message to show as it is (public routes: no token is read). */

export const requestPasswordReset = (email: string) => api.post<MessageReply>('/auth/forgot-password', { email });
export const resetPassword = (input: { token: string; password: string }) => api.post<MessageReply>('/auth/reset-password', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/**
 * 'Remember me': the token always lives in localStorage (SPEC §9), so sessions already persist;
 * the checkbox keeps the username or email on this device to pre-fill the next sign-in.
 */
const REMEMBERED_KEY = 'rememberedCredential';

export const rememberedCredential = {
  get(): string {
    try {
      return localStorage.getItem(REMEMBERED_KEY) ?? '';
    } catch {
      return '';
    }
  },
  set(credential: string | null) {
    try {
      if (credential) localStorage.setItem(REMEMBERED_KEY, credential);
      else localStorage.removeItem(REMEMBERED_KEY);
    } catch {
      /* storage unavailable: nothing to remember */
    }
  },
};

/**
 * Where to go after signing in: the page the guard (or a sign-in link) came from, else the last page visited in the app;
 * never an auth page or another origin; home when there is nothing to go back to.
 */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  const path = from.split(/[?#]/)[0];
  if (AUTH_PATHS.includes(path)) return '/';
  return from;
}
