import { BellPlus, Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type Alert, type AlertCreate, MAX_ALERTS } from '../../../shared/schemas/members/alerts';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../../api/members/alerts';
import { useCategories, useStores } from '../../api/catalog';
import { ConfirmDialog } from '../../components/dialogs/ConfirmDialog';
import { SkeletonRows } from '../../components/SkeletonRows';
import { AlertCard } from './AlertCard';
import { AlertForm } from './AlertForm';
import { hasPrefill, prefillFromQuery } from './alert-params';
import { LoadError } from '../../components/MessagePage';

/** A member's /alerts: the create form (prefilled from browse's "Create alert") and their alerts. */
export function MemberAlerts({ search }: { search: string }) {
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const prefilled = hasPrefill(params);
  const alerts = useAlerts();
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const categories = useCategories();
  const stores = useStores();
  const [deleting, setDeleting] = useState<Alert | null>(null);

  const names = (a: Alert) => ({
    category: categories.data?.find((c) => c.id === a.categoryId)?.name,
    store: stores.data?.find((s) => s.id === a.storeId)?.name,
  });

  // After a prefilled alert is made, the page drops the browse search from its address (and so starts a fresh form).
  const onCreate = (values: AlertCreate) => create.mutateAsync(values).then(() => prefilled && navigate('/alerts', { replace: true }));

  const count = alerts.data?.length ?? 0;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
      <section aria-labelledby="create-alert-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-20">
        <h2 id="create-alert-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <BellPlus className="h-5 w-5 text-emerald-600" aria-hidden="true" />
          Create an alert
        </h2>
        {prefilled ? (
          <p className="mb-4 mt-1 text-sm text-emerald-800" role="status">
            Filled in from your search: check it and create the alert.
          </p>
        ) : (
          <p className="mb-4 mt-1 text-sm text-slate-600">We email you when a new deal matches every word.</p>
        )}
        <AlertForm initial={prefillFromQuery(params)} busy={create.isPending} onSubmit={onCreate} />
      </section>

      <section aria-labelledby="your-alerts-title" aria-busy={alerts.isFetching}>
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="your-alerts-title" className="text-lg font-semibold text-slate-900">
            Your alerts
          </h2>
          {alerts.data && (
            <p className="text-sm text-slate-600" data-testid="alert-count">
              {count} of {MAX_ALERTS}
            </p>
          )}
        </div>
        {alerts.isLoading ? (
          <SkeletonRows
            count={3}
            aria-label="Loading your alerts"
            className="mt-3 space-y-3"
            itemClassName="flex animate-pulse gap-3 rounded-xl border border-slate-200 bg-white p-5"
            bars={['h-4 w-1/2 rounded bg-slate-200', 'h-3 w-3/4 rounded bg-slate-100', 'h-3 w-1/3 rounded bg-slate-100']}
          />
        ) : alerts.isError ? (
          <LoadError title="Your alerts could not be loaded" error={alerts.error} onRetry={() => alerts.refetch()} className="mt-3" />
        ) : count === 0 ? (
          <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Inbox className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p className="mt-3 font-semibold text-slate-900">No alerts yet</p>
            <p className="mt-1 text-sm text-slate-600">Create your first one with the form: a product, a brand or a shop.</p>
          </div>
        ) : (
          <ul className="mt-3 space-y-3">
            {alerts.data?.map((a) => (
              <AlertCard key={a.id} alert={a} names={names(a)} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this alert?"
        message={
          <>You will stop getting emails for “{deleting?.query}” and its RSS feed will stop working. To stop the emails for a while instead, pause it.</>
        }
        confirmLabel="Delete alert"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
