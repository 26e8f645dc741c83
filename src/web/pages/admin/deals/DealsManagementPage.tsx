import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Deal } from '../../../../shared/api';
import { ApiError, errorMessage } from '../../../api/client';
import { activateAdminDeal, adminKeys, deleteAdminDeal, useAdminCategories, useAdminDeals, useAdminStores, useInvalidateDeals } from '../../../api/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Pagination } from '../../../components/Pagination';
import { toast } from '../../../lib/toast';
import { batchWait, sleep } from '../batch-constants';
import { PageHeader } from '../components/PageHeader';
import { btnDanger, btnPrimary } from '../components/buttons';
import { type BatchProgress, runBatchActivation, runBatchDeletion } from './batch';
import { BatchProgressDialog } from './BatchProgressDialog';
import { DealsFilters } from './DealsFilters';
import { DealsCards, type DealRowsProps } from './DealsCards';
import { DealsTable } from './DealsTable';
import { activationTasks, taskWarnings } from './activation-tasks';
import { nextSort, type SortKey } from './sort';
import { useDealsUrlState } from './url-state';
import { viewingText } from './viewing-range';

/** SPEC §9: the deals list screen shows 30 a page. */
export const ADMIN_DEALS_PAGE_SIZE = 30;

function listErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status > 0) return err.message || 'Failed to fetch admin deals';
  if (err instanceof Error && err.message === 'Failed to fetch admin deals') return err.message;
  return 'Failed to fetch deals.';
}

export default function DealsManagementPage() {
  const [state, update] = useDealsUrlState();
  const params = useMemo(() => ({ ...state, limit: ADMIN_DEALS_PAGE_SIZE }), [state]);
  const { data, isPending, isError, error, isFetching } = useAdminDeals(params);
  const { data: categories = [] } = useAdminCategories();
  const { data: stores = [] } = useAdminStores();
  const invalidateDeals = useInvalidateDeals();
  const qc = useQueryClient();

  const pendingView = state.status === 'pending';
  // Selection order is activation order (SPEC §4), so a Map keeps insertion order and the deal itself.
  const [selected, setSelected] = useState<Map<number, Deal>>(new Map());
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [confirmBatchDelete, setConfirmBatchDelete] = useState(false);
  const [toDelete, setToDelete] = useState<Deal | null>(null);
  const [deleting, setDeleting] = useState(false);
  const running = progress !== null;

  const filterKey = `${state.status}|${state.category}|${state.store}|${state.search}`;
  useEffect(() => setSelected(new Map()), [filterKey]);

  const toggle = (deal: Deal) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(deal.id)) next.delete(deal.id);
      else next.set(deal.id, deal);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const d of data?.deals ?? []) {
        if (checked) next.set(d.id, d);
        else next.delete(d.id);
      }
      return next;
    });

  const onSort = (column: SortKey) => update({ sort: nextSort(state.sort, column) });

  const activateSelected = async () => {
    const deals = [...selected.values()];
    if (deals.length === 0) {
      toast.error('No deals selected for activation');
      return;
    }
    const byId = new Map(deals.map((d) => [d.id, d]));
    const result = await runBatchActivation(
      deals.map((d) => d.id),
      async (id) => {
        try {
          const reply = await activateAdminDeal(id, activationTasks(byId.get(id)!));
          return taskWarnings(id, reply);
        } catch (err) {
          throw new Error(errorMessage(err, 'Unknown error'));
        }
      },
      { onProgress: setProgress, log: (m, err) => console.error(m, err) },
    );
    invalidateDeals();
    setSelected(new Map());
    if (result.succeeded.length) toast.success(`Successfully activated ${result.succeeded.length} deal(s)`);
    if (result.failed.length) toast.error('Failed to activate some deals. Please check the console for details.');
    await sleep(batchWait('dialogClose'));
    setProgress(null);
  };

  const deleteSelected = async () => {
    setConfirmBatchDelete(false);
    const ids = [...selected.keys()];
    try {
      const result = await runBatchDeletion(ids, (id) => deleteAdminDeal(id), {
        onProgress: setProgress,
        onFailure: (message) => toast.error(message),
        log: (m, err) => console.error(m, err),
      });
      // The deleted rows leave the list at once; the reload then fills the page again.
      qc.setQueryData(adminKeys.deals(params), (old: typeof data) =>
        old ? { ...old, deals: old.deals.filter((d) => !result.succeeded.includes(d.id)), totalCount: old.totalCount - result.succeeded.length } : old,
      );
      setSelected((prev) => new Map([...prev].filter(([id]) => !result.succeeded.includes(id))));
      if (result.failed.length === 0) toast.success('Selected deals deleted successfully');
      else toast.error('Failed to complete batch deletion');
    } catch (err) {
      console.error(err);
      toast.error('Failed to complete batch deletion');
    } finally {
      setProgress(null);
      invalidateDeals();
    }
  };

  const deleteOne = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteAdminDeal(toDelete.id);
      toast.success('Deal deleted successfully');
      setSelected((prev) => {
        const next = new Map(prev);
        next.delete(toDelete.id);
        return next;
      });
      setToDelete(null);
      invalidateDeals();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete deal'));
    } finally {
      setDeleting(false);
    }
  };

  const deals = data?.deals ?? [];
  const totalCount = data?.totalCount ?? 0;
  const totalPages = data?.totalPages ?? 0;
  const count = selected.size;
  const rows: DealRowsProps = { deals, selectable: pendingView, selected, onToggle: toggle, onToggleAll: toggleAll, disabled: running, onDelete: setToDelete };

  return (
    <div>
      <PageHeader
        title="Deals Management"
        subtitle="A list of all deals with options to edit, delete, and change their status."
        actions={
          <Link to="/deals/create" className={btnPrimary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Deal
          </Link>
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <DealsFilters state={state} categories={categories} stores={stores} onChange={update} />
        {pendingView && (
          <div className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center" data-testid="batch-bar">
            <p className="flex-1 text-sm font-medium text-slate-700" aria-live="polite">
              {count} deal(s) selected
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={activateSelected} disabled={count === 0 || running} className={btnPrimary}>
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                Activate Selected Deals
              </button>
              <button type="button" onClick={() => setConfirmBatchDelete(true)} disabled={count === 0 || running} className={btnDanger}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete Selected Deals
              </button>
            </div>
          </div>
        )}
        {isPending ? (
          <p className="p-10 text-center text-sm text-slate-500" role="status">
            Loading deals...
          </p>
        ) : isError ? (
          <p className="p-10 text-center text-sm text-red-700" role="alert">
            {listErrorText(error)}
          </p>
        ) : deals.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">No deals found.</p>
        ) : (
          <div className={isFetching ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
            <DealsTable {...rows} sort={state.sort} onSort={onSort} />
            <DealsCards {...rows} />
          </div>
        )}
        {!isPending && !isError && (
          <div className="flex flex-col items-center gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-between">
            <p className="text-sm text-slate-600" data-testid="viewing-range">
              {viewingText(state.page, ADMIN_DEALS_PAGE_SIZE, totalCount)}
            </p>
            {totalPages > 1 && (
              <div className="[&>nav]:mt-0">
                <Pagination page={state.page} totalPages={totalPages} onPageChange={(page) => update({ page })} label="Deals pages" />
              </div>
            )}
          </div>
        )}
      </div>

      <ConfirmDialog
        open={!!toDelete}
        title="Delete Deal"
        message="Are you sure you want to delete this deal? This action cannot be undone."
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={deleteOne}
        onClose={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirmBatchDelete}
        title="Delete Selected Deals"
        message={`Are you sure you want to delete ${count} selected deal(s)?`}
        confirmLabel="Delete"
        onConfirm={deleteSelected}
        onClose={() => setConfirmBatchDelete(false)}
      >
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">This will remove all associated data including images and backup records.</p>
      </ConfirmDialog>
      <BatchProgressDialog progress={progress} />
    </div>
  );
}
