import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAdminCategories, useAdminStores } from '../../../api/admin/admin-catalog';
import { useAdminDeal } from '../../../api/admin/admin-deals';
import { toast } from '../../../lib/toast/toast';
import { PageHeader } from '../components/PageHeader';
import { isEditableDeal } from './edit-form';
import { EditDealForm } from './EditDealForm';

/** /admin/deals/edit/{id}: a deal that cannot be loaded or edited sends the admin back to the list (SPEC §5). */
export default function AdminEditDealPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const deal = useAdminDeal(id);
  const { data: categories = [] } = useAdminCategories();
  const { data: stores = [] } = useAdminStores();

  const invalidId = !Number.isInteger(id) || id <= 0;
  const failed = invalidId || deal.isError || (deal.isSuccess && !isEditableDeal(deal.data));
  useEffect(() => {
    if (!failed) return;
    toast.error('Failed to fetch deal data');
    navigate('/admin/deals', { replace: true });
  }, [failed, navigate]);

  if (failed || !isEditableDeal(deal.data)) {
    return (
      <div>
        <PageHeader title="Edit Deal" />
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500">
          Loading...
        </p>
      </div>
    );
  }
  // Keyed by id: another deal starts a fresh form.
  return <EditDealForm key={deal.data.id} deal={deal.data} categories={categories} stores={stores} />;
}
