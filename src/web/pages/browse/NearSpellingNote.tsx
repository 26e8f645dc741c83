import type { DealPage } from '../../../shared/schemas/deals/deals';
import { Link } from '../../components/Link';

/**
 * When the search found few deals as typed and the list adds those of a near spelling (docs/notes/search.md): says
 * which search it used, with a link to search exactly as typed.
 */
export function NearSpellingNote({ near, exactHref }: { near: NonNullable<DealPage['nearSpelling']>; exactHref: string }) {
  return (
    <p className="mb-3 text-sm text-slate-700" data-testid="near-spelling">
      {near.exactMatches === 0 ? 'Showing results for ' : 'Also showing results for '}
      <strong className="font-semibold text-slate-900">{near.search}</strong>
      <br />
      <span className="text-slate-600">
        Search instead for{' '}
        <Link to={exactHref} className="font-medium text-emerald-800 underline hover:text-emerald-900">
          {near.typed}
        </Link>
      </span>
    </p>
  );
}
