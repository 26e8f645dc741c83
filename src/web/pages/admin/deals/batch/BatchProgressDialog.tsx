import { DialogTitle } from '@headlessui/react';
import { DialogFrame } from '../../../../components/dialogs/DialogFrame';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { BatchProgress } from './batch';

/** The batch progress of SPEC §4: total, completed, what is happening now, the last error. The user cannot close it. */
export function BatchProgressDialog({ progress }: { progress: BatchProgress | null }) {
  const open = !!progress;
  const pct = progress && progress.total > 0 ? Math.round((progress.completed / progress.total) * 100) : 0;
  const title = progress?.kind === 'delete' ? 'Deleting Deals' : 'Activating Deals';
  return (
    <DialogFrame open={open} onClose={() => {}} panelClassName="max-w-md p-6" testId="batch-progress">
      <DialogTitle className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {progress?.done ? (
          <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden="true" />
        ) : (
          <span className="h-5 w-5 animate-spin rounded-full border-2 border-emerald-200 border-t-emerald-600" aria-hidden="true" />
        )}
        {title}
      </DialogTitle>
      {progress && (
        <div className="mt-4 space-y-3">
          <div
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.completed}
            className="h-2.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-emerald-500 transition-all duration-300" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-sm font-medium text-slate-700" data-testid="batch-count">
            {progress.completed} of {progress.total} completed
          </p>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="batch-current">
            {progress.current}
          </p>
          {progress.error && (
            <p role="alert" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {progress.error}
            </p>
          )}
          <p className="text-xs text-slate-500">Please keep this page open until the batch has finished.</p>
        </div>
      )}
    </DialogFrame>
  );
}
