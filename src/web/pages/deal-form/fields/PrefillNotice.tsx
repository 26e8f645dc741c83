import { Loader2, Sparkles, TriangleAlert } from 'lucide-react';
import type { PrefillField } from '../../../../shared/schemas/deals/posting';
import type { PrefillState } from './useLinkPrefill';

const LABELS: Record<PrefillField, string> = {
  title: 'title',
  price: 'price',
  originalPrice: 'original price',
  description: 'description',
  image: 'image',
  store: 'shop',
};

/** What reading the pasted link did, under the URL field (announced politely by its live region). */
export function PrefillNotice({ state }: { state: PrefillState | null }) {
  if (!state) return null;
  if (state.status === 'reading') {
    return (
      <p className="-mt-3 mb-3 flex items-center gap-1.5 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Reading the page…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="-mt-3 mb-3 flex items-center gap-1.5 text-sm text-amber-800 dark:text-amber-300" data-testid="prefill-note">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" /> {state.message}
      </p>
    );
  }
  if (state.filled.length === 0) return null;
  return (
    <p className="-mt-3 mb-3 flex items-start gap-1.5 text-sm text-emerald-800 dark:text-emerald-300" data-testid="prefill-note">
      <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>Filled in from the page: {state.filled.map((f) => LABELS[f]).join(', ')}. Check everything before you submit.</span>
    </p>
  );
}
