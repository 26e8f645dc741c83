import { Flag } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { Deal } from '../../../shared/schemas/deals';
import { useAuth } from '../../app/auth/AuthContext';

// The dialog (Headless UI and the form) is fetched when a member first opens it, not with the deal page.
const ReportDialog = lazy(() => import('./ReportDialog'));

/** True for a deal members may report: live, and not past its expiry date (the server's rule too). */
export const isReportable = (deal: Pick<Deal, 'status' | 'expiresAt'>, now = Date.now()) =>
  deal.status === 'active' && !(deal.expiresAt && Date.parse(deal.expiresAt) <= now);

/**
 * "Report" on the deal page (issue 13): for signed-in members on someone else's active deal. Opens a small dialog with
 * the reasons and a note.
 */
export function ReportButton({ deal, className = '' }: { deal: Pick<Deal, 'id' | 'title' | 'userId' | 'status' | 'expiresAt'>; className?: string }) {
  const { user, isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!isAuthenticated || !user || user.id === deal.userId || !isReportable(deal)) return null;

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
