import { ExternalLink, MessageCircle } from 'lucide-react';
import { Link } from '../Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { CardVote } from './vote/CardVote';
import { MemberLink, StoreLink } from './CommunityLinks';
import { DealBadges, dealBadges, LowestPriceBadge } from './DealBadges';
import { DealImage } from './DealImage';
import { priceText } from './format';
import { OutboundLink } from './OutboundLink';
import { TimeAgo } from './TimeAgo';
import { WasPrice } from './WasPrice';

export type DealCardVariant = 'grid' | 'list';

function Price({ deal }: { deal: Deal }) {
  const price = priceText(deal.price);
  return (
    <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
      {price && <span className="text-lg font-extrabold leading-tight text-emerald-700">{price}</span>}
      <WasPrice price={deal.price} originalPrice={deal.originalPrice} className="text-sm text-slate-500" />
      <LowestPriceBadge deal={deal} />
    </p>
  );
}

/** The comment count, a link to the deal page's comments (/dealDetail/{id}#comments scrolls there). */
function CommentsLink({ deal }: { deal: Deal }) {
  const n = deal.commentCount;
  return (
    <Link
      to={`/dealDetail/${deal.id}#comments`}
      aria-label={`${n} ${n === 1 ? 'comment' : 'comments'} on ${deal.title}`}
      className="relative z-10 inline-flex shrink-0 items-center gap-1 rounded px-1 py-1 text-xs font-medium text-slate-600 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
    >
      <MessageCircle className="h-4 w-4" aria-hidden="true" />
      {n}
    </Link>
  );
}

/**
 * The shop link: 'Get deal' while the deal runs; once expired, a secondary 'Visit shop (deal expired)' instead
 * (docs/notes/web-everyday.md), so nobody is sent off expecting the old price.
 */
function ShopLink({ deal, expired, wide }: { deal: Deal; expired: boolean; wide: boolean }) {
  const size = `${wide ? 'w-full justify-center' : ''} relative z-10 inline-flex shrink-0 items-center gap-1 rounded-md px-3 py-1.5 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2`;
  if (expired) {
    return (
      <OutboundLink
        deal={deal}
        label={`Visit shop (deal expired): ${deal.title} at ${deal.storeName} (opens in a new tab)`}
        className={`${size} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
      >
        Visit shop (deal expired)
      </OutboundLink>
    );
  }
  return (
    <OutboundLink
      deal={deal}
      label={`Get deal: ${deal.title} at ${deal.storeName} (opens in a new tab)`}
      className={`${size} bg-emerald-700 text-white hover:bg-emerald-800`}
    >
      Get deal
      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
    </OutboundLink>
  );
}

/**
 * A deal in a grid (home rows, browse, related, saved, shop and member pages) or as a compact row (browse list view,
 * latest deals): picture, shop, age, title, price (with the lowest-price badge when the list says so), temperature with the vote buttons, comments and the shop link. The
 * title link stretches over the whole card (after:absolute); every other control sits above it (relative z-10).
 */
export function DealCard({
  deal,
  variant = 'grid',
  eager = false,
  first = false,
}: {
  deal: Deal;
  variant?: DealCardVariant;
  /** Its picture loads eagerly (DealImage), and at high priority when `first`. */
  eager?: boolean;
  first?: boolean;
}) {
  const list = variant === 'list';
  const { expired } = dealBadges(deal);
  const meta = (
    <p className="flex min-w-0 items-center gap-1 text-xs text-slate-600">
      {/* -my-1 py-1: a 24 px tall target (WCAG 2.5.8) without making the line taller. */}
      <StoreLink storeId={deal.storeId} className="-my-1 min-w-0 truncate py-1 font-semibold text-slate-800">
        {deal.storeName}
      </StoreLink>
      {list && deal.userUsername && (
        <span className="hidden min-w-0 items-center gap-1 sm:inline-flex">
          <span aria-hidden="true">·</span>
          <span className="truncate">
            by <MemberLink username={deal.userUsername} />
            {/* The poster's badges: data in the card, nothing loaded (the home page's first load is at its budget). */}
            {deal.userBadges && <b> {deal.userBadges.join(', ')}</b>}
          </span>
        </span>
      )}
      <span aria-hidden="true">·</span>
      <TimeAgo iso={deal.publishedAt ?? deal.createdAt} className="shrink-0" />
    </p>
  );
  const title = (
    <h3 className={`font-semibold leading-snug text-slate-900 ${list ? 'text-sm sm:text-base' : 'text-sm'}`}>
      <Link
        to={`/dealDetail/${deal.id}`}
        className={`${list ? 'line-clamp-2 sm:line-clamp-1' : 'line-clamp-2'} after:absolute after:inset-0 after:rounded-xl hover:text-emerald-700 focus:outline-none focus-visible:underline`}
      >
        {deal.title}
      </Link>
    </h3>
  );
  const image = (
    <div className={list ? 'relative h-24 w-24 shrink-0 overflow-hidden rounded-lg sm:h-32 sm:w-32' : 'relative border-b border-slate-100'}>
      <DealImage
        deal={deal}
        width={list ? 128 : 400}
        height={list ? 128 : 300}
        prefer="thumbnail"
        eager={eager}
        first={first}
        className={`${list ? 'h-full w-full rounded-lg' : 'w-full'} ${expired ? 'opacity-60 grayscale' : ''}`}
      />
      <DealBadges deal={deal} className={list ? 'absolute left-1 top-1' : 'absolute left-2 top-2'} />
    </div>
  );
  // Expired: greyed (a grey card, the picture in greyscale and faded) while the text keeps its AA contrast.
  const shell = `group relative rounded-xl border border-slate-200 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-500 ${
    expired ? 'bg-slate-100' : 'bg-white'
  }`;

  if (list) {
    return (
      <article data-testid="deal-card" data-expired={expired || undefined} className={`${shell} flex max-h-40 gap-3 p-3`}>
        {image}
        <div className="flex min-w-0 flex-1 flex-col">
          {meta}
          <div className="mt-0.5">{title}</div>
          <div className="mt-0.5 hidden text-sm text-slate-600 sm:block">
            <p className="line-clamp-1">{deal.description}</p>
          </div>
          <Price deal={deal} />
          <div className="mt-auto flex items-center gap-2 pt-1">
            <CardVote deal={deal} />
            <CommentsLink deal={deal} />
            <div className="ml-auto">
              <ShopLink deal={deal} expired={expired} wide={false} />
            </div>
          </div>
        </div>
      </article>
    );
  }
  return (
    <article data-testid="deal-card" data-expired={expired || undefined} className={`${shell} flex h-full flex-col overflow-hidden hover:-translate-y-0.5`}>
      {image}
      <div className="flex flex-1 flex-col p-3">
        {meta}
        <div className="mt-1">{title}</div>
        <div className="mt-1.5">
          <Price deal={deal} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-1 pt-2">
          <CardVote deal={deal} />
          <CommentsLink deal={deal} />
        </div>
        <div className="mt-2">
          <ShopLink deal={deal} expired={expired} wide />
        </div>
      </div>
    </article>
  );
}

/** The skeleton's shapes follow the card's, so a card arrives where its placeholder stood. */
const SKELETONS = {
  grid: {
    card: 'flex h-full flex-col overflow-hidden',
    media: 'aspect-[4/3] w-full bg-slate-200',
    body: 'flex flex-1 flex-col gap-2 p-3',
    bars: ['h-3 w-1/2', 'h-4 w-full', 'h-4 w-2/3', 'mt-1 h-5 w-1/3', 'mt-2 h-7 w-full', 'h-7 w-full'],
  },
  list: {
    card: 'flex gap-3 p-3',
    media: 'h-24 w-24 shrink-0 rounded-lg bg-slate-200 sm:h-32 sm:w-32',
    body: 'flex flex-1 flex-col gap-2 py-1',
    bars: ['h-3 w-1/3', 'h-4 w-3/4', 'h-4 w-1/2', 'mt-auto h-7 w-40'],
  },
} as const;

export function DealCardSkeleton({ variant = 'grid' }: { variant?: DealCardVariant }) {
  const shape = SKELETONS[variant];
  return (
    <div aria-hidden="true" className={`animate-pulse rounded-xl border border-slate-200 bg-white ${shape.card}`}>
      <div className={shape.media} />
      <div className={shape.body}>
        {shape.bars.map((bar) => (
          <div key={bar} className={`rounded bg-slate-200 ${bar}`} />
        ))}
      </div>
    </div>
  );
}
