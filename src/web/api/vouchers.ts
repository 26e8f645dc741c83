import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Voucher, VoucherCreateInput, VoucherPage, VoucherShop } from '../../shared/schemas/catalog/vouchers';
import { toast } from '../lib/toast/toast';
import { api, errorMessage } from './client';

/** Voucher codes (docs/notes/vouchers-follows.md): the lists, posting, answering, copying, reporting and the team's queue. */
export const voucherKeys = {
  all: ['vouchers'] as const,
  newest: (page: number) => ['vouchers', 'newest', page] as const,
  shops: ['vouchers', 'shops'] as const,
  store: (storeId: number, page: number, expired: boolean) => ['vouchers', 'store', storeId, page, expired] as const,
  admin: (status: string, page: number) => ['vouchers', 'admin', status, page] as const,
};

export const useNewestVouchers = (page: number) =>
  useQuery({
    queryKey: voucherKeys.newest(page),
    queryFn: ({ signal }) => api.get<VoucherPage>('/vouchers', { page }, signal),
    placeholderData: keepPreviousData,
  });

export const useVoucherShops = () =>
  useQuery({ queryKey: voucherKeys.shops, queryFn: ({ signal }) => api.get<VoucherShop[]>('/vouchers/shops', undefined, signal) });

export const useStoreVouchers = (storeId: number | null, page: number, includeExpired: boolean) =>
  useQuery({
    queryKey: voucherKeys.store(storeId ?? 0, page, includeExpired),
    queryFn: ({ signal }) => api.get<VoucherPage>(`/stores/${storeId}/vouchers`, { page, includeExpired: includeExpired ? 'true' : undefined }, signal),
    enabled: storeId !== null,
    placeholderData: keepPreviousData,
  });

/** After any voucher write every cached voucher list is fetched again (they are short). */
function useVoucherWrite<V, R>(call: (v: V) => Promise<R>, failed: string, done?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      if (done) toast.success(done);
      return qc.invalidateQueries({ queryKey: voucherKeys.all });
    },
    onError: (err) => toast.error(errorMessage(err, failed)),
  });
}

export const usePostVoucher = () => useVoucherWrite((input: VoucherCreateInput) => api.post<Voucher>('/vouchers', input), 'Failed to post the voucher');

export const useAnswerVoucher = () =>
  useVoucherWrite(
    ({ id, worked }: { id: number; worked: boolean }) => api.post<Voucher>(`/vouchers/${id}/answer`, { worked }),
    'Failed to save your answer',
    'Thanks for letting everyone know',
  );

export const useReportVoucher = () =>
  useVoucherWrite(
    ({ id, reason }: { id: number; reason: string }) => api.post<{ id: number }>(`/vouchers/${id}/reports`, { reason }),
    'Failed to report the voucher',
    'Thanks, the team will take a look',
  );

/** Counts a copy; fire and forget (the code is already on the clipboard and the shop open). */
export const countVoucherCopy = (id: number) => api.post<{ copyCount: number }>(`/vouchers/${id}/copy`).catch(() => undefined);

export const useAdminVouchers = (status: string, page: number) =>
  useQuery({
    queryKey: voucherKeys.admin(status, page),
    queryFn: ({ signal }) => api.get<VoucherPage>('/admin/vouchers', { status, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useDecideVoucher = () =>
  useVoucherWrite(
    ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) => api.post<Voucher>(`/admin/vouchers/${id}/${decision}`),
    'Failed to update the voucher',
  );

export const useResolveVoucherReports = () =>
  useVoucherWrite(
    ({ id, action }: { id: number; action: 'dismiss' | 'expire' | 'delete' }) => api.post<unknown>(`/admin/vouchers/${id}/reports/resolve`, { action }),
    'Failed to resolve the reports',
  );
