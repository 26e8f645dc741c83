import { Store as StoreIcon } from 'lucide-react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { LazyCategoryIcon } from '../../components/icons/LazyCategoryIcon';
import { MemberLink } from '../../components/deal/CommunityLinks';
import { fullDateOn } from '../../lib/dates/uk-dates';
import { useReaderClock } from '../../lib/dates/useReaderClock';

const chip =
  'inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700 hover:bg-emerald-50 hover:text-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/** Category (to browse) and shop (to its page) chips, the title, and who posted it when. */
export function DealHeading({ deal, onReadMore }: { deal: Deal; onReadMore: () => void }) {
  const clock = useReaderClock();
  const posted = deal.publishedAt ?? deal.createdAt;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Link to={`/dealsBrowse?category=${deal.categoryId}`} className={chip}>
          <LazyCategoryIcon name={deal.categoryName} className="h-4 w-4" />
          {deal.categoryName}
        </Link>
        <Link to={`/stores/${deal.storeId}`} className={chip}>
          {deal.store?.logoUrl ? (
            <img src={deal.store.logoUrl} alt="" width={16} height={16} className="h-4 w-4 rounded-sm object-contain" />
          ) : (
            <StoreIcon className="h-4 w-4" aria-hidden="true" />
          )}
          {deal.storeName}
        </Link>
      </div>
      <h1 className="mt-3 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{deal.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Posted <time dateTime={posted}>{fullDateOn(posted, clock)}</time>
        {deal.userUsername && (
          <>
            {' '}
            by <MemberLink username={deal.userUsername} className="font-semibold text-slate-800" />
          </>
        )}
      </p>
      {deal.description && (
        <div className="mt-3 text-sm text-slate-700">
          <p className="line-clamp-3 whitespace-pre-line break-words">{deal.description}</p>
          <button
            type="button"
            onClick={onReadMore}
            className="mt-1 rounded font-semibold text-emerald-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            Read the full description
          </button>
        </div>
      )}
    </div>
  );
}
