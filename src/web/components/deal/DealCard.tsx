import { ExternalLink, MessageCircle, Store as StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Deal } from '../../../shared/api';
import { DealBadges } from './DealBadges';
import { DealImage } from './DealImage';
import { priceText, timeAgo } from './format';
import { OutboundLink } from './OutboundLink';
import { TemperaturePill } from './TemperaturePill';

export type DealCardVariant = 'grid' | 'list';

function Price({ deal, large = false }: { deal: Deal; large?: boolean }) {
  const price = priceText(deal.price);
  const showOriginal = deal.originalPrice !== null && deal.price !== null && deal.originalPrice > deal.price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      {price && <span className={`font-extrabold text-emerald-700 ${large ? 'text-2xl' : 'text-lg'}`}>{price}</span>}
      {showOriginal && (
        <s className="text-sm text-slate-500">
          <span className="sr-only">was </span>
          {priceText(deal.originalPrice)}
        </s>
      )}
    </p>
  );
}

/** A deal in a grid (home rows, browse, related) or as a wide row (browse list view). */
export function DealCard({ deal, variant = 'grid', eager = false }: { deal: Deal; variant?: DealCardVariant; eager?: boolean }) {
  const href = `/dealDetail/${deal.id}`;
  const meta = (
    <p className="flex min-w-0 items-center gap-1 text-xs text-slate-500">
      <StoreIcon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate font-medium text-slate-700">{deal.storeName}</span>
      <span aria-hidden="true">·</span>
      <span className="shrink-0">{timeAgo(deal.publishedAt ?? deal.createdAt)}</span>
    </p>
  );
  const footer = (
    <div className="mt-auto flex items-center justify-between gap-2 pt-3">
      <span className="flex items-center gap-1 text-xs text-slate-500">
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        {deal.commentCount}
        <span className="sr-only">{deal.commentCount === 1 ? ' comment' : ' comments'}</span>
      </span>
      <OutboundLink
        href={deal.outboundUrl}
        label={`Get deal: ${deal.title} (opens in a new tab)`}
        className="relative z-10 inline-flex items-center gap-1 rounded-md bg-emerald-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
      >
        Get deal
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      </OutboundLink>
    </div>
  );
  // The title link stretches over the whole card (after:absolute); the outbound link sits above it.
  const title = (
    <h3 className={`font-semibold leading-snug text-slate-900 ${variant === 'list' ? 'text-base' : 'text-sm'}`}>
      <Link
        to={href}
        className="line-clamp-2 after:absolute after:inset-0 after:rounded-xl hover:text-emerald-700 focus:outline-none focus-visible:underline"
      >
        {deal.title}
      </Link>
    </h3>
  );

  if (variant === 'list') {
    return (
      <article
        data-testid="deal-card"
        className="group relative flex gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-500"
      >
        <div className="relative w-28 shrink-0 overflow-hidden rounded-lg sm:w-44">
          <DealImage deal={deal} width={176} height={176} prefer="thumbnail" eager={eager} className="h-full w-full rounded-lg" />
          <DealBadges deal={deal} className="absolute left-1.5 top-1.5" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-start justify-between gap-2">
            {meta}
            <TemperaturePill temperature={deal.temperature} />
          </div>
          <div className="mt-1">{title}</div>
          <div className="mt-1 hidden text-sm text-slate-600 sm:block">
            <p className="line-clamp-2">{deal.description}</p>
          </div>
          <div className="mt-1">
            <Price deal={deal} />
          </div>
          {footer}
        </div>
      </article>
    );
  }

  return (
    <article
      data-testid="deal-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-500"
    >
      <div className="relative border-b border-slate-100">
        <DealImage deal={deal} width={400} height={300} prefer="thumbnail" eager={eager} className="w-full" />
        <DealBadges deal={deal} className="absolute left-2 top-2" />
        <span className="absolute right-2 top-2">
          <TemperaturePill temperature={deal.temperature} />
        </span>
      </div>
      <div className="flex flex-1 flex-col p-3">
        {meta}
        <div className="mt-1.5">{title}</div>
        <div className="mt-2">
          <Price deal={deal} />
        </div>
        {footer}
      </div>
    </article>
  );
}

export function DealCardSkeleton({ variant = 'grid' }: { variant?: DealCardVariant }) {
  if (variant === 'list') {
    return (
      <div aria-hidden="true" className="flex animate-pulse gap-4 rounded-xl border border-slate-200 bg-white p-3">
        <div className="aspect-square w-28 shrink-0 rounded-lg bg-slate-200 sm:w-44" />
        <div className="flex flex-1 flex-col gap-2 py-1">
          <div className="h-3 w-1/3 rounded bg-slate-200" />
          <div className="h-4 w-3/4 rounded bg-slate-200" />
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-auto h-6 w-20 rounded bg-slate-200" />
        </div>
      </div>
    );
  }
  return (
    <div aria-hidden="true" className="flex h-full animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="aspect-[4/3] w-full bg-slate-200" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-full rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="mt-2 h-5 w-1/3 rounded bg-slate-200" />
        <div className="mt-auto flex justify-between pt-3">
          <div className="h-4 w-8 rounded bg-slate-200" />
          <div className="h-7 w-20 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
