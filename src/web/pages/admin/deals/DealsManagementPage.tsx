import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { useAdminCategories, useAdminStores } from '../../../api/admin/admin-catalog';
import { useAdminDeals, useDeleteAdminDeal } from '../../../api/admin/admin-deals';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { DeleteDealDialog } from '../../../components/dialogs/DeleteDealDialog';
import { Pagination } from '../../../components/menus/Pagination';
import { DeleteWarning } from '../components/DeleteWarning';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { listError } from '../components/format';
import { BatchBar } from './batch/BatchBar';
import { BatchProgressDialog } from './batch/BatchProgressDialog';
import { DealsCards, type DealRowsProps } from './list/DealsCards';
import { DealsFilters } from './list/DealsFilters';
import { DealsTable } from './list/DealsTable';
import { nextSort, type SortKey } from './list/sort';
import { useBatchActions } from './batch/useBatchActions';
import { useDealSelection } from './batch/useDealSelection';
import { useDealsUrlState } from './list/url-state';
import { viewingText } from './list/viewing-range';
import { IconLink } from '../../../components/IconLink';

/** SPEC §9: the deals list screen shows 30 a page. */
export const ADMIN_DEALS_PAGE_SIZE = 30;

export default function DealsManagementPage() {
  const [state, update] = useDealsUrlState();
  const params = useMemo(() => ({ ...state, limit: ADMIN_DEALS_PAGE_SIZE }), [state]);
  const { data, isPending, isError, error, isFetching } = useAdminDeals(params);
  const { data: categories = [] } = useAdminCategories();
  const { data: stores = [] } = useAdminStores();
  const deals = data?.deals ?? [];
  const selection = useDealSelection(deals, `${state.status}|${state.category}|${state.store}|${state.search}`);
  const batch = useBatchActions(params, selection);
  const removeOne = useDeleteAdminDeal();
  const [confirmBatchDelete, setConfirmBatchDelete] = useState(false);
  const [toDelete, setToDelete] = useState<Deal | null>(null);

  const pendingView = state.status === 'pending';
  const count = selection.selected.size;
  const totalPages = data?.totalPages ?? 0;
  const onSort = (column: SortKey) => update({ sort: nextSort(state.sort, column) });
  const deleteOne = (deal: Deal) =>
    removeOne.mutate(deal.id, {
      onSuccess: () => {
        selection.drop([deal.id]);
        setToDelete(null);
      },
    });
  const rows: DealRowsProps = {
    deals,
    selectable: pendingView,
    selected: selection.selected,
    onToggle: selection.toggle,
    onToggleAll: selection.toggleAll,
    disabled: batch.running,
    onDelete: setToDelete,
  };

  return (
    <div>
      <PageHeader
        title="Deals Management"
        subtitle="A list of all deals with options to edit, delete, and change their status."
        actions={
          <IconLink to="/deals/create" icon={Plus} className={btnPrimary}>
            Add Deal
          </IconLink>
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <DealsFilters state={state} categories={categories} stores={stores} onChange={update} />
        {pendingView && <BatchBar count={count} running={batch.running} onActivate={batch.activateSelected} onDelete={() => setConfirmBatchDelete(true)} />}
        {isPending ? (
          <p className="p-10 text-center text-sm text-slate-500" role="status">
            Loading deals...
          </p>
        ) : isError ? (
          <p className="p-10 text-center text-sm text-red-700" role="alert">
            {listError(error, 'Failed to fetch admin deals', 'Failed to fetch deals.')}
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
              {viewingText(state.page, ADMIN_DEALS_PAGE_SIZE, data?.totalCount ?? 0)}
            </p>
            {totalPages > 1 && (
              <div className="[&>nav]:mt-0">
                <Pagination page={state.page} totalPages={totalPages} onPageChange={(page) => update({ page })} label="Deals pages" />
              </div>
            )}
          </div>
        )}
      </div>

      <DeleteDealDialog open={!!toDelete} busy={removeOne.isPending} onConfirm={() => toDelete && deleteOne(toDelete)} onClose={() => setToDelete(null)} />
      <ConfirmDialog
        open={confirmBatchDelete}
        title="Delete Selected Deals"
        message={`Are you sure you want to delete ${count} selected deal(s)?`}
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirmBatchDelete(false);
          batch.deleteSelected();
        }}
        onClose={() => setConfirmBatchDelete(false)}
      >
        <DeleteWarning />
      </ConfirmDialog>
      <BatchProgressDialog progress={batch.progress} />
    </div>
  );
}
