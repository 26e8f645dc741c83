import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { DuplicatesResult } from '../../../../shared/schemas/deals/products';
import { priceText } from '../../../components/deal/format';

const dealLink = 'inline-flex items-center gap-1 font-semibold text-amber-950 underline hover:no-underline';

/**
 * Shown under the URL as soon as it is entered (docs/notes/products.md): recent deals of the same product, before the member fills in
 * the rest. The links open in a new tab so the form is not lost.
 */
export function DuplicateWarning({ result }: { result: DuplicatesResult | undefined }) {
  if (!result?.deals?.length) return null;
  const refused = result.existingDealId !== null;
  return (
    <div className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="duplicate-warning">
      <p className="flex items-center gap-1.5 font-semibold">
        <AlertTriangle className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        This deal may already be posted
      </p>
      <ul className="mt-1.5 space-y-1">
        {result.deals.map((d) => (
          <li key={d.id}>
            <a href={`/dealDetail/${d.id}`} target="_blank" rel="noopener" className={dealLink}>
              {d.title}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            <span className="text-amber-900">
              {priceText(d.price)}
              {d.status === 'pending' ? ' · waiting for review' : ` · ${d.temperature}°`}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1.5 text-amber-900">
        {refused
          ? 'It is live already, so posting it again will be refused: vote or comment on it instead.'
          : 'It is waiting for review; if you post yours too, our team will check whether it is the same deal.'}
      </p>
    </div>
  );
}

/** The 409 of a submit (docs/notes/products.md): the server's message and a link to the deal that is already live. */
export function DuplicateRefusal({ message, existingDealId }: { message: string; existingDealId: number }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="duplicate-refusal">
      <p className="font-semibold">{message}</p>
      <a href={`/dealDetail/${existingDealId}`} className="mt-1 inline-block font-semibold underline hover:no-underline">
        See the existing deal
      </a>
    </div>
  );
}
