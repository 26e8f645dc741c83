import { Flag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { canReportDeal } from '../../../shared/domain/access/permissions';
import { useAuth } from '../../app/auth/AuthContext';

// The dialog (Headless UI and the form) is fetched when a member first opens it, not with the deal page.
const ReportDialog = lazy(() => import('./ReportDialog'));

/**
 * "Report" on the deal page (docs/notes/trust.md): for signed-in members on someone else's active deal. Opens a small dialog with
 * the reasons and a note.
 */
export function ReportButton({ deal, className = '' }: { deal: Pick<Deal, 'id' | 'title' | 'userId' | 'status' | 'expiresAt'>; className?: string }) {
  const { user, isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // The server's rule too (reports/policy.ts): a member, someone else's deal, live.
  if (!isAuthenticated || !canReportDeal(user, { ownerId: deal.userId, status: deal.status, expiresAt: deal.expiresAt })) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className={`inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 ${className}`}
      >
        <Flag className="h-4 w-4" aria-hidden="true" />
        Report
      </button>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog open={open} dealId={deal.id} dealTitle={deal.title} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
