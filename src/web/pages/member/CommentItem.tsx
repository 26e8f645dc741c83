import { ImageOff, Tag, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../components/Link';
import type { UserCommentItem } from '../../../shared/schemas/deals/comments';
import { isUploadsPath } from '../../../shared/schemas/common';
import { priceText } from '../../components/deal/format';
import { isReduced, WasPrice } from '../../components/deal/WasPrice';
import { formatCommentDate, parseUtc } from './comment-date';

function Thumbnail({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  // SPEC §2 image rules: external pictures appear only in the admin view; members see local uploads.
  if (!src || !isUploadsPath(src) || failed) {
    return (
      <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 sm:h-24 sm:w-24" aria-hidden="true">
        <ImageOff className="h-6 w-6 text-slate-400" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-20 w-20 shrink-0 rounded-lg border border-slate-100 object-cover sm:h-24 sm:w-24"
    />
  );
}

/** One of the member's comments with the deal it was left on (SPEC §2 My comments). */
export function CommentItem({ comment }: { comment: UserCommentItem }) {
  const href = `/dealDetail/${comment.dealId}`;
  const price = priceText(comment.price);
  const when = parseUtc(comment.createdAt);
  return (
    <article data-testid="user-comment" className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Thumbnail src={comment.thumbnailUrl} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <h2 className="min-w-0 font-semibold leading-snug text-slate-900">
            <Link to={href} className="line-clamp-2 hover:text-emerald-700 focus:outline-none focus-visible:underline">
              {comment.dealTitle}
            </Link>
          </h2>
          {(price || isReduced(comment.price, comment.originalPrice)) && (
            <p className="flex shrink-0 items-baseline gap-2">
              {price && <span className="font-bold text-emerald-700">{price}</span>}
              <WasPrice price={comment.price} originalPrice={comment.originalPrice} className="text-sm text-slate-500" />
            </p>
          )}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="inline-flex items-center gap-1">
            <UserRound className="h-3.5 w-3.5" aria-hidden="true" />
            Deal by: {comment.dealOwnerUsername ?? 'Unknown'}
          </span>
          {comment.categoryName && (
            <span className="inline-flex items-center gap-1">
              <Tag className="h-3.5 w-3.5" aria-hidden="true" />
              {comment.categoryName}
            </span>
          )}
        </div>
        <blockquote className="mt-3 whitespace-pre-line break-words rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{comment.text}</blockquote>
        <p className="mt-2 text-xs text-slate-500">
          {when ? <time dateTime={when.toISOString()}>{formatCommentDate(comment.createdAt)}</time> : formatCommentDate(comment.createdAt)}
        </p>
      </div>
    </article>
  );
}
