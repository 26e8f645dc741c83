import { ArrowLeft, Bookmark, BookmarkCheck, CalendarClock, ExternalLink, MessageCircle, Share2, Store as StoreIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Deal } from '../../../shared/api';
import { percentOff, youSave, formatGBP } from '../../../shared/domain/money';
import { DealLoadError, useDeal } from '../../api/deals';
import { CategoryIcon } from '../../components/CategoryIcon';
import { dealBadges } from '../../components/deal/DealBadges';
import { DealImage } from '../../components/deal/DealImage';
import { priceText, shortDate, timeAgo } from '../../components/deal/format';
import { OutboundLink } from '../../components/deal/OutboundLink';
import { CouponBox } from './CouponBox';
import { COMMENTS_TAB, DealTabs } from './DealTabs';
import { DealDetailSkeleton, DealLoadFailed, DealNotAvailable, DealNotFound } from './DealStates';
import { OwnerActions } from './OwnerActions';
import { RelatedDeals } from './RelatedDeals';
import { shareDeal } from './share';
import { useSaveToggle } from './useSaveToggle';
import { VoteBanner } from './VoteBanner';

const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** SPEC §2 Deal detail: /dealDetail/{id}. */
export default function DealDetailPage() {
  const id = parseId(useParams().id);
  const query = useDeal(id);

  useEffect(() => {
    if (query.data) document.title = `${query.data.title} — QuidsIn`;
  }, [query.data]);

  if (id === null) return <DealNotFound />;
  if (query.isLoading) return <DealDetailSkeleton />;
  if (query.error) {
    const err = query.error;
    if (err instanceof DealLoadError && err.kind === 'pending') return <DealNotAvailable message={err.message} />;
    if (err instanceof DealLoadError && err.kind === 'not-found') return <DealNotFound />;
    return <DealLoadFailed message={err instanceof DealLoadError ? err.message : 'Failed to load deal details'} />;
  }
  if (!query.data) return <DealNotFound />;
  return <DealView deal={query.data} />;
}

function DealView({ deal }: { deal: Deal }) {
  const [tab, setTab] = useState(0);
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const save = useSaveToggle(deal);
  const badges = dealBadges(deal);
  const saving = youSave(deal.price, deal.originalPrice);
  const showOriginal = deal.originalPrice !== null && deal.price !== null && deal.originalPrice > deal.price;

  const openComments = () => {
    setTab(COMMENTS_TAB);
    // The panel is mounted already (unmount={false}); focus once the tab switch has rendered.
    requestAnimationFrame(() => {
      commentInput.current?.focus();
      document.getElementById('deal-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  };

  const secondary =
    'inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to="/dealsBrowse" className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to deals
      </Link>

      {deal.status === 'pending' && (
        <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="pending-notice">
          <p className="font-semibold">Pending Review</p>
          <p>This deal is pending approval and not viewable by the public. Our team will check it shortly.</p>
        </div>
      )}

      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
        <div className="relative self-start overflow-hidden rounded-xl border border-slate-200 bg-white">
          <DealImage deal={deal} width={800} height={600} eager className="w-full" />
          <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
            {badges.expired && <span className="rounded-md bg-slate-800 px-2 py-1 text-xs font-bold uppercase text-white">Expired</span>}
            {badges.percent > 0 && <span className="rounded-md bg-amber-300 px-2 py-1 text-xs font-bold text-amber-950">-{badges.percent}%</span>}
            {badges.free && <span className="rounded-md bg-emerald-700 px-2 py-1 text-xs font-bold text-white">FREE</span>}
            {deal.source && (
              <span className="rounded-md bg-white/90 px-2 py-1 text-xs font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200">
                {deal.source === 'user' ? 'Community deal' : `Via ${deal.source}`}
              </span>
            )}
          </div>
          <button
            type="button"
            onClick={save.toggle}
            aria-pressed={save.saved}
            aria-label={save.saved ? 'Remove from saved deals' : 'Save deal'}
            className="absolute right-3 top-3 rounded-full bg-white/95 p-2 text-slate-700 shadow ring-1 ring-slate-200 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            {save.saved ? <BookmarkCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" /> : <Bookmark className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>

        <div className="min-w-0 space-y-5">
          <VoteBanner deal={deal} />

          <div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Link
                to={`/dealsBrowse?category=${deal.categoryId}`}
                className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700 hover:bg-emerald-50 hover:text-emerald-800"
              >
                <CategoryIcon name={deal.categoryName} className="h-4 w-4" />
                {deal.categoryName}
              </Link>
              <Link
                to={`/dealsBrowse?store=${deal.storeId}`}
                className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700 hover:bg-emerald-50 hover:text-emerald-800"
              >
                {deal.store?.logoUrl ? (
                  <img src={deal.store.logoUrl} alt="" width={16} height={16} className="h-4 w-4 rounded-sm object-contain" />
                ) : (
                  <StoreIcon className="h-4 w-4" aria-hidden="true" />
                )}
                {deal.storeName}
              </Link>
            </div>
            <h1 className="mt-3 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{deal.title}</h1>
            <p className="mt-2 text-sm text-slate-500">
              Posted {timeAgo(deal.publishedAt ?? deal.createdAt)}
              {deal.userUsername && (
                <>
                  {' '}
                  by <span className="font-medium text-slate-700">{deal.userUsername}</span>
                </>
              )}
            </p>
          </div>

          <div>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-3xl font-extrabold text-emerald-700" data-testid="deal-price">
                {priceText(deal.price)}
              </span>
              {showOriginal && (
                <s className="text-lg text-slate-500">
                  <span className="sr-only">was </span>
                  {priceText(deal.originalPrice)}
                </s>
              )}
            </p>
            {saving > 0 && (
              <p className="mt-1 text-sm font-semibold text-red-700">
                You save {formatGBP(saving)} ({percentOff(deal.price, deal.originalPrice)}%)
              </p>
            )}
            {deal.expiresAt && (
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
                <CalendarClock className="h-4 w-4" aria-hidden="true" />
                {badges.expired ? 'Expired' : 'Expires'} {shortDate(deal.expiresAt)}
              </p>
            )}
          </div>

          {deal.coupon && <CouponBox code={deal.coupon} />}

          <div className="flex flex-col gap-2 sm:flex-row">
            <OutboundLink
              href={deal.outboundUrl}
              className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-6 py-3 text-base font-bold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
            >
              Get This Deal
              <ExternalLink className="h-5 w-5" aria-hidden="true" />
            </OutboundLink>
            <button type="button" onClick={save.toggle} aria-pressed={save.saved} disabled={save.busy} className={`${secondary} py-3`}>
              {save.saved ? <BookmarkCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" /> : <Bookmark className="h-5 w-5" aria-hidden="true" />}
              {save.saved ? 'Saved' : 'Save Deal'}
            </button>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <div className="flex gap-2">
              <button type="button" onClick={() => shareDeal(deal.title, `${window.location.origin}/dealDetail/${deal.id}`)} className={secondary}>
                <Share2 className="h-4 w-4" aria-hidden="true" />
                Share
              </button>
              <button type="button" onClick={openComments} className={secondary}>
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                Comment
              </button>
            </div>
            <OwnerActions deal={deal} />
          </div>
        </div>
      </div>

      <DealTabs deal={deal} selected={tab} onChange={setTab} commentInput={commentInput} />
      <RelatedDeals deal={deal} />
    </div>
  );
}
