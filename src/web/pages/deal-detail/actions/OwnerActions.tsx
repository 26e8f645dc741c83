import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/Link';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { canManageDeal } from '../../../../shared/domain/access/permissions';
import { useAuth } from '../../../app/auth/AuthContext';
import { useDeleteDeal } from '../../../api/deals/deal-mutations';
import { DeleteDealDialog } from '../../../components/dialogs/DeleteDealDialog';

/** Edit and Delete for the owner, moderators and admins (SPEC §2 Deal detail, §6). */
export function OwnerActions({ deal }: { deal: Deal }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteDeal();
  const [confirming, setConfirming] = useState(false);
  if (!canManageDeal(user, deal.userId)) return null;

  const confirmDelete = () =>
    remove.mutate(deal.id, {
      onSuccess: () => navigate('/deals'),
      onSettled: () => setConfirming(false),
    });

  const btn =
    'inline-flex items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2';
  return (
    <div className="flex flex-wrap gap-2" data-testid="owner-actions">
      <Link to={`/deals/edit/${deal.id}`} className={`${btn} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-emerald-500`}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit
      </Link>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={`${btn} border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-500`}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </button>
      <DeleteDealDialog open={confirming} busy={remove.isPending} onConfirm={confirmDelete} onClose={() => setConfirming(false)} />
    </div>
  );
}
