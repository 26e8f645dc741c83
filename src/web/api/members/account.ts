import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeleteInput, DataExport, DataExportList, EmailChangeInput, EmailChangeReply } from '../../../shared/schemas/members/account';
import type { MessageReply } from '../../../shared/schemas/members/auth';
import { ApiError, api } from '../client';
import { tokenStore } from './token';

/** A member's rights over their account (docs/notes/data-rights.md): change of email, exports, deletion. */
export const accountKeys = { exports: ['account', 'exports'] as const };

export const useRequestEmailChange = () => useMutation({ mutationFn: (input: EmailChangeInput) => api.post<EmailChangeReply>('/account/email', input) });
export const confirmEmailChange = (token: string) => api.post<EmailChangeReply>('/account/email/confirm', { token });

/** The member's exports; checked every 3 s while one is being made. */
export const useExports = () =>
  useQuery({
    queryKey: accountKeys.exports,
    queryFn: () => api.get<DataExportList>('/account/exports'),
    refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ? 3000 : false),
  });

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>('/account/export'),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.exports }),
  });
}

/** The archive needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadExport(id: number): Promise<void> {
  const res = await fetch(`/api/account/exports/${id}/download`, { headers: { authorization: `Bearer ${tokenStore.get() ?? ''}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, body?.error ?? 'The download failed. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'quidsin-data.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDeleteAccount = () => useMutation({ mutationFn: (input: AccountDeleteInput) => api.post<MessageReply>('/account/delete', input) });
