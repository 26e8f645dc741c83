import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDealPage } from '../../../../../shared/schemas/admin/admin-deals';
import type { Deal } from '../../../../../shared/schemas/deals/deals';
import { adminKeys, useInvalidateDeals } from '../../../../api/admin/admin';
import { type AdminDealsParams, activateAdminDeal, deleteAdminDeal } from '../../../../api/admin/admin-deals';
import { errorMessage } from '../../../../api/client';
import { toast } from '../../../../lib/toast/toast';
import { batchWait, sleep } from '../../batch-constants';
import { activationTasks, taskWarnings } from './activation-tasks';
import { type BatchProgress, runBatchActivation, runBatchDeletion } from './batch';
import type { DealSelection } from './useDealSelection';

const log = (message: string, err: unknown) => console.error(message, err);

/** Batch activation and deletion of the selected deals (SPEC §4), with the progress the dialog shows while one runs. */
export function useBatchActions(params: AdminDealsParams, selection: DealSelection) {
  const qc = useQueryClient();
  const invalidateDeals = useInvalidateDeals();
  const [progress, setProgress] = useState<BatchProgress | null>(null);

  const activation = useMutation({
    mutationFn: (deals: Deal[]) => {
      const byId = new Map(deals.map((d) => [d.id, d]));
      return runBatchActivation(
        deals.map((d) => d.id),
        async (id) => {
          try {
            const deal = byId.get(id);
            if (!deal) throw new Error('Deal not found');
            return taskWarnings(id, await activateAdminDeal(id, activationTasks(deal)));
          } catch (err) {
            // The progress dialog shows the server's reason.
            throw new Error(errorMessage(err, 'Unknown error'));
          }
        },
        { onProgress: setProgress, log },
      );
    },
    onSuccess: async (result) => {
      invalidateDeals();
      selection.clear();
      if (result.succeeded.length) toast.success(`Successfully activated ${result.succeeded.length} deal(s)`);
      if (result.failed.length) toast.error('Failed to activate some deals. Please check the console for details.');
      // The dialog stays up a moment on its summary.
      await sleep(batchWait('dialogClose'));
      setProgress(null);
    },
  });

  const deletion = useMutation({
    mutationFn: (ids: number[]) => runBatchDeletion(ids, deleteAdminDeal, { onProgress: setProgress, onFailure: (message) => toast.error(message), log }),
    onSuccess: (result) => {
      // The deleted rows leave the list at once; the reload then fills the page again.
      qc.setQueryData<AdminDealPage>(adminKeys.deals(params), (old) =>
        old ? { ...old, deals: old.deals.filter((d) => !result.succeeded.includes(d.id)), totalCount: old.totalCount - result.succeeded.length } : old,
      );
      selection.drop(result.succeeded);
      if (result.failed.length === 0) toast.success('Selected deals deleted successfully');
      else toast.error('Failed to complete batch deletion');
    },
    onError: (err) => {
      console.error(err);
      toast.error('Failed to complete batch deletion');
    },
    onSettled: () => {
      setProgress(null);
      invalidateDeals();
    },
  });

  const activateSelected = () => {
    const deals = [...selection.selected.values()];
    if (deals.length === 0) toast.error('No deals selected for activation');
    else activation.mutate(deals);
  };

  return { progress, running: progress !== null, activateSelected, deleteSelected: () => deletion.mutate([...selection.selected.keys()]) };
}
