import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/Link';
import type { Category } from '../../../../shared/schemas/catalog/categories';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { adminDealEditSchema } from '../../../../shared/schemas/admin/admin-deals';
import { useDeleteAdminDeal, useUpdateAdminDeal } from '../../../api/admin/admin-deals';
import { ApiError } from '../../../api/client';
import { DeleteDealDialog } from '../../../components/dialogs/DeleteDealDialog';
import { useSchemaForm } from '../../../lib/useSchemaForm';
import { DeleteWarning } from '../components/DeleteWarning';
import { PageHeader } from '../components/PageHeader';
import { DuplicateBadge } from '../deals/list/cells';
import { btnPrimary, btnSecondary } from '../components/buttons';
import { DealFields } from './DealFields';
import { DealSidebar } from './DealSidebar';
import { type FormIn, type FormOut, toForm, toUpdate } from './edit-form';
import { useDealAi } from './useDealAi';
import { VotesPanel } from './votes/VotesPanel';

/** Sources that mean a person posted the deal rather than a scraper. */
const MEMBER_SOURCES = ['user', 'admin', 'member', 'manual'];

/** The admin edit form of a loaded deal (SPEC §2 Admin deal edit): Save returns to the list, as does Delete. */
export function EditDealForm({ deal, categories, stores }: { deal: Deal; categories: Category[]; stores: Store[] }) {
  const navigate = useNavigate();
  // The form starts from the deal as first loaded; later refetches (after Localize Image) leave the admin's edits alone.
  const form = useSchemaForm(adminDealEditSchema, toForm(deal));
  const ai = useDealAi(form);
  const update = useUpdateAdminDeal(deal.id);
  const remove = useDeleteAdminDeal();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const backToList = () => navigate('/admin/deals');

  const save = (values: FormOut) =>
    update.mutate(toUpdate(values), {
      onSuccess: backToList,
      onError: (err) => {
        // A refusal that names a field is shown next to it as well as in the toast.
        const field = err instanceof ApiError ? err.field : undefined;
        if (field && field in form.getValues()) form.setError(field as FieldPath<FormIn>, { message: err instanceof Error ? err.message : undefined });
      },
    });

  return (
    <div>
      <PageHeader
        title="Edit Deal"
        subtitle={
          <>
            Deal #{deal.id}
            {deal.userUsername ? ` posted by ${deal.userUsername}` : ''}
            {deal.source && !MEMBER_SOURCES.includes(deal.source) ? ` · imported by the ${deal.source} scraper` : ''}
            <DuplicateBadge deal={deal} className="ml-2 align-middle" />
          </>
        }
        actions={
          <Link to={`/dealDetail/${deal.id}`} className={btnSecondary} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            View on site
          </Link>
        }
      />
      <form onSubmit={form.handleSubmit(save)} noValidate className="grid gap-6 lg:grid-cols-3">
        <DealFields form={form} deal={deal} categories={categories} stores={stores} ai={ai} />
        <DealSidebar form={form} deal={deal} stores={stores} onDelete={() => setConfirmDelete(true)} />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end lg:col-span-3">
          <Link to="/admin/deals" className={btnSecondary}>
            Cancel
          </Link>
          <button type="submit" disabled={update.isPending} className={btnPrimary}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
      <VotesPanel dealId={deal.id} />

      <DeleteDealDialog
        open={confirmDelete}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(deal.id, { onSuccess: backToList })}
        onClose={() => setConfirmDelete(false)}
      >
        <DeleteWarning />
      </DeleteDealDialog>
    </div>
  );
}
