import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyItem, SecurityEventItem, SessionItem } from '../../../shared/schemas/members/account-security';
import { api } from '../client';
import { tokenStore } from './token';

/** Account security (docs/notes/account-security.md): two-factor, passkeys, sessions, activity. */

export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

const KEYS = {
  twoFactor: ['account', 'two-factor'] as const,
  passkeys: ['account', 'passkeys'] as const,
  sessions: ['account', 'sessions'] as const,
  activity: (page: number) => ['account', 'security-activity', page] as const,
};

export const useTwoFactorStatus = () => useQuery({ queryKey: KEYS.twoFactor, queryFn: () => api.get<TwoFactorStatus>('/account/two-factor') });
export const usePasskeys = () => useQuery({ queryKey: KEYS.passkeys, queryFn: () => api.get<{ passkeys: PasskeyItem[] }>('/account/passkeys') });
export const useSessions = () =>
  useQuery({ queryKey: KEYS.sessions, queryFn: () => api.get<{ sessions: SessionItem[]; currentIsOlderSignIn: boolean }>('/account/sessions') });
export const useSecurityActivity = (page: number) =>
  useQuery({
    queryKey: KEYS.activity(page),
    queryFn: () =>
      api.get<{ events: SecurityEventItem[]; totalCount: number; page: number; totalPages: number }>('/account/security-activity', { page, limit: 10 }),
  });

/**
 * Every change here may add to the activity list, and two-factor changes move the status. The lists are refreshed
 * without waiting: were the mutation to wait for them, the refreshed status could unmount the form (the set-up's
 * confirmation) before its own onSuccess shows the recovery codes.
 */
function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}

export const useStartTwoFactor = () => useAccountMutation(() => api.post<TwoFactorSetup>('/account/two-factor/setup'));
export const useEnableTwoFactor = () => useAccountMutation((code: string) => api.post<{ recoveryCodes: string[] }>('/account/two-factor/enable', { code }));
export const useDisableTwoFactor = () =>
  useAccountMutation((input: { password: string; code: string }) => api.post<{ enabled: false }>('/account/two-factor/disable', input));
export const useNewRecoveryCodes = () =>
  useAccountMutation((password: string) => api.post<{ recoveryCodes: string[] }>('/account/two-factor/recovery-codes', { password }));

export const useEndSession = () => useAccountMutation((id: number) => api.delete<{ id: number }>(`/account/sessions/${id}`));
/** "Sign out everywhere else": this browser carries on with the fresh token the server hands back. */
export const useEndOtherSessions = () =>
  useAccountMutation(async () => {
    const reply = await api.post<{ ended: number; token: string }>('/account/sessions/end-others');
    tokenStore.set(reply.token);
    return reply;
  });

export const useRenamePasskey = () =>
  useAccountMutation(({ id, name }: { id: number; name: string }) => api.put<PasskeyItem>(`/account/passkeys/${id}`, { name }));
export const useRemovePasskey = () => useAccountMutation((id: number) => api.delete<{ id: number }>(`/account/passkeys/${id}`));
export const useReauthenticate = () => useAccountMutation((password: string) => api.post<{ until: string }>('/account/reauthenticate', { password }));

/** Adds a passkey: the server's options, the browser's ceremony (@simplewebauthn/browser, loaded only now), the result. */
export const useAddPasskey = () =>
  useAccountMutation(async (name: string) => {
    const { options } = await api.post<{ options: Record<string, unknown> }>('/account/passkeys/options');
    const { startRegistration } = await import('@simplewebauthn/browser');
    const response = await startRegistration({ optionsJSON: options as never });
    return api.post<PasskeyItem>('/account/passkeys', { name, response });
  });

/** Confirms it is you with one of your passkeys (instead of the password). */
export const useReauthenticateWithPasskey = () =>
  useAccountMutation(async () => {
    const { options } = await api.post<{ options: Record<string, unknown> }>('/account/reauthenticate/options');
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON: options as never });
    return api.post<{ until: string }>('/account/reauthenticate', { response });
  });
