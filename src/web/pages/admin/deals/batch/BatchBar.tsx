import { CheckCircle2, Trash2 } from 'lucide-react';
import { btnDanger, btnPrimary } from '../../components/buttons';

/** The pending view's batch controls: how many are ticked, and the two batch actions. */
export function BatchBar({ count, running, onActivate, onDelete }: { count: number; running: boolean; onActivate: () => void; onDelete: () => void }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center" data-testid="batch-bar">
      <p className="flex-1 text-sm font-medium text-slate-700" aria-live="polite">
        {count} deal(s) selected
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onActivate} disabled={count === 0 || running} className={btnPrimary}>
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          Activate Selected Deals
        </button>
        <button type="button" onClick={onDelete} disabled={count === 0 || running} className={btnDanger}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete Selected Deals
        </button>
      </div>
    </div>
  );
}
