import { Bookmark, BookmarkCheck, ExternalLink, MessageCircle, Share2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { useComments } from '../../api/deals/comments';
import { DealLoadError, useDeal } from '../../api/deals/deals';
import { showsLowestBadge, usePriceHistory } from '../../api/deals/products';
import { dealBadges } from '../../components/deal/DealBadges';
import { OutboundLink } from '../../components/deal/OutboundLink';
import { useAfterFirstRender } from '../../lib/useAfterFirstRender';
import { CouponBox } from './actions/CouponBox';
import { DealHeading } from './DealHeading';
import { DealMedia } from './DealMedia';
import { DealPricing } from './DealPricing';
import { PriceHistorySection } from './price-history/PriceHistorySection';
import { DealDetailSkeleton } from './DealDetailSkeleton';
import { OwnerActions } from './actions/OwnerActions';
import { DealFigures } from './actions/DealFigures';
import { useDealViewBeacon } from '../../api/deals/deal-view';
import { ReportButton } from '../../components/report/ReportButton';
import { shareDeal } from './actions/share';
import { useSaveToggle } from './actions/useSaveToggle';
import { COMMENTS_TAB, DESCRIPTION_TAB } from './tab-index';
import { VoteBanner } from './actions/VoteBanner';
import { BackLink } from '../../components/IconLink';

// The not-found, pending and failed cards are rare: one chunk, fetched when one is shown (the skeleton stays till then).
const NotFound = lazy(() => import('./DealStates').then((m) => ({ default: m.DealNotFound })));
const NotAvailable = lazy(() => import('./DealStates').then((m) => ({ default: m.DealNotAvailable })));
const LoadFailed = lazy(() => import('./DealStates').then((m) => ({ default: m.DealLoadFailed })));
// Share links for browsers without a share sheet: fetched on the first Share.
const SharePanel = lazy(() => import('./actions/SharePanel'));
const DealNotFound = () => (
  <Suspense fallback={<DealDetailSkeleton />}>
    <NotFound />
  </Suspense>
);
const DealNotAvailable = ({ message }: { message: string }) => (
  <Suspense fallback={<DealDetailSkeleton />}>
    <NotAvailable message={message} />
  </Suspense>
);
const DealLoadFailed = ({ message }: { message: string }) => (
  <Suspense fallback={<DealDetailSkeleton />}>
    <LoadFailed message={message} />
  </Suspense>
);

// Below the deal's summary, so fetched after it is drawn (docs/notes/web-performance.md): the tabs with the comments, and at the foot of
// the page the related deals with the deal cards.
const DealTabs = lazy(() => import('./DealTabs').then((m) => ({ default: m.DealTabs })));
const RelatedDeals = lazy(() => import('./RelatedDeals').then((m) => ({ default: m.RelatedDeals })));

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
  // Comments are open from the start (docs/notes/web-everyday.md).
  const [tab, setTab] = useState(COMMENTS_TAB);
  const [shareLinksOpen, setShareLinksOpen] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const dealUrl = `${typeof window === 'undefined' ? '' : window.location.origin}/dealDetail/${deal.id}`;
  const save = useSaveToggle(deal);
  const badges = dealBadges(deal);
  const history = usePriceHistory(deal.id);
  useScrollToComments(deal.id, !history.isPending);
  // The tabs and the related deals come after the first render (not in the server's HTML; drawn in slices after it).
  const rest = useAfterFirstRender();
  useDealViewBeacon(deal);

  const openComments = () => {
    setTab(COMMENTS_TAB);
    // The panel is mounted already (keepMounted in DealTabs); focus once the tab switch has rendered.
    requestAnimationFrame(() => {
      commentInput.current?.focus();
      document.getElementById('deal-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  };

  const readDescription = () => {
    setTab(DESCRIPTION_TAB);
    requestAnimationFrame(() => document.getElementById('deal-tabs')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  const secondary =
    'inline-flex items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <BackLink to="/dealsBrowse">Back to deals</BackLink>

      {deal.status === 'pending' && (
        <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="pending-notice">
          <p className="font-semibold">Pending Review</p>
          <p>This deal is pending approval and not viewable by the public. Our team will check it shortly.</p>
        </div>
      )}

      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10">
        <DealMedia deal={deal} saved={save.saved} onToggleSave={save.toggle} />

        <div className="min-w-0 space-y-5">
          <VoteBanner deal={deal} />

          <DealHeading deal={deal} onReadMore={readDescription} />
          <DealPricing deal={deal} expired={badges.expired} lowest={showsLowestBadge(history.data)} />

          {deal.coupon && <CouponBox code={deal.coupon} />}

          <div className="flex flex-col gap-2 sm:flex-row">
            {badges.expired ? (
              // Expired (docs/notes/web-everyday.md): no big 'Get This Deal', a secondary link to the shop instead.
              <OutboundLink deal={deal} className={`${secondary} flex-1 py-3`}>
                Visit shop (deal expired)
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
              </OutboundLink>
            ) : (
              <OutboundLink
                deal={deal}
                className="inline-flex flex-1 flex-wrap items-center justify-center gap-x-2 rounded-lg bg-emerald-700 px-6 py-3 text-base font-bold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
              >
                Get This Deal
                <span className="text-sm font-medium">at {deal.storeName}</span>
                <ExternalLink className="h-5 w-5" aria-hidden="true" />
              </OutboundLink>
            )}
            <button type="button" onClick={save.toggle} aria-pressed={save.saved} disabled={save.busy} className={`${secondary} py-3`}>
              {save.saved ? <BookmarkCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" /> : <Bookmark className="h-5 w-5" aria-hidden="true" />}
              {save.saved ? 'Saved' : 'Save Deal'}
            </button>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <div className="flex gap-2">
              <button
                ref={shareButton}
                type="button"
                aria-expanded={shareLinksOpen}
                onClick={() => (shareLinksOpen ? setShareLinksOpen(false) : shareDeal(deal.title, dealUrl, () => setShareLinksOpen(true)))}
                className={secondary}
              >
                <Share2 className="h-4 w-4" aria-hidden="true" />
                Share
              </button>
              <button type="button" onClick={openComments} className={secondary}>
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                Comment
              </button>
              <ReportButton deal={deal} />
            </div>
            <OwnerActions deal={deal} />
            {shareLinksOpen && (
              <Suspense fallback={null}>
                <SharePanel
                  title={deal.title}
                  url={dealUrl}
                  onClose={() => {
                    setShareLinksOpen(false);
                    shareButton.current?.focus();
                  }}
                />
              </Suspense>
            )}
          </div>
          <DealFigures deal={deal} />
          <PriceHistorySection history={history.data} currentPrice={deal.price} />
        </div>
      </div>

      {rest ? (
        <Suspense fallback={<DealTabsPlaceholder />}>
          <DealTabs deal={deal} selected={tab} onChange={setTab} commentInput={commentInput} />
        </Suspense>
      ) : (
        <DealTabsPlaceholder />
      )}
      {rest && (
        <Suspense fallback={null}>
          <RelatedDeals deal={deal} />
        </Suspense>
      )}
      {save.prompt}
    </div>
  );
}

/**
 * Where the tabs will be, while their chunk loads: the same anchor (#comments, so a jump to the comments lands in the
 * same place) and the height of the tab row and the comment box, so the page below does not jump when they arrive.
 */
function DealTabsPlaceholder() {
  return (
    <div id="comments" className="mt-10 scroll-mt-32" aria-hidden="true">
      <div className="h-[43px] border-b border-slate-200" />
      <div className="mt-5 h-[180px] max-w-3xl rounded-xl bg-slate-50" />
    </div>
  );
}

/**
 * /dealDetail/{id}#comments (the comment count on cards) scrolls to the comments once what sits above them has loaded
 * (the price history may add its chart), so the place does not move after the jump.
 */
function useScrollToComments(dealId: number, aboveLoaded: boolean) {
  const { hash } = useLocation();
  const comments = useComments(dealId);
  const ready = hash === '#comments' && aboveLoaded && !comments.isPending;
  useEffect(() => {
    if (ready) document.getElementById('comments')?.scrollIntoView({ block: 'start' });
  }, [ready]);
}
