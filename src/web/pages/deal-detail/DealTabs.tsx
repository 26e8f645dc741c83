import type { ReactNode, Ref } from 'react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { statusLabel } from '../../../shared/domain/deals/deal-status';
import { MemberLink } from '../../components/deal/CommunityLinks';
import { Tabs } from '../../components/menus/Tabs';
import { priceText } from '../../components/deal/format';
import { Comments } from './comments/Comments';
import { shortDateOn } from '../../lib/dates/uk-dates';
import { useReaderClock } from '../../lib/dates/useReaderClock';

interface Props {
  deal: Deal;
  selected: number;
  onChange: (index: number) => void;
  commentInput: Ref<HTMLTextAreaElement>;
}

/**
 * Description, Details and Comments (SPEC §2 Deal detail). The page opens on Comments (the conversation is
 * shown without a click; the description's first lines are in the summary above). `#comments` is this block.
 */
export function DealTabs({ deal, selected, onChange, commentInput }: Props) {
  const clock = useReaderClock();
  const tab =
    'rounded-t-md border-b-2 px-4 py-2.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 data-[selected]:border-emerald-700 data-[selected]:text-emerald-800 border-transparent text-slate-600 hover:text-slate-900';
  const details: Array<[string, ReactNode]> = [
    [
      'Store',
      <Link key="store" to={`/stores/${deal.storeId}`} className="text-emerald-800 hover:underline">
        {deal.storeName}
      </Link>,
    ],
    ['Category', deal.categoryName],
    ['Price', priceText(deal.price) || '—'],
    ['Original price', priceText(deal.originalPrice) || '—'],
    ['Status', deal.isExpired && deal.status === 'active' ? 'Expired' : statusLabel(deal.status)],
    ['Posted by', deal.userUsername ? <MemberLink key="member" username={deal.userUsername} className="text-emerald-800" /> : 'QuidsIn'],
    ['Posted', shortDateOn(deal.publishedAt ?? deal.createdAt, clock)],
    ['Last updated', shortDateOn(deal.updatedAt, clock)],
    ['Expires', deal.expiresAt ? shortDateOn(deal.expiresAt, clock) : 'No expiry'],
    ['Votes', `${deal.upvotes} hot, ${deal.downvotes} cold`],
  ];
  return (
    <Tabs
      selected={selected}
      onChange={onChange}
      id="comments"
      className="mt-10 scroll-mt-32"
      listId="deal-tabs"
      listClassName="flex gap-1 border-b border-slate-200"
      tabClassName={tab}
      panelsClassName="py-5"
      tabs={[
        'Description',
        'Details',
        <>
          Comments <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{deal.commentCount}</span>
        </>,
      ]}
      panels={[
        {
          className: 'focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500',
          content: <div className="max-w-3xl whitespace-pre-line break-words leading-relaxed text-slate-700">{deal.description}</div>,
        },
        {
          className: 'focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500',
          content: (
            <dl className="grid max-w-2xl grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
              {details.map(([term, value]) => (
                <div key={term} className="flex justify-between gap-4 border-b border-slate-100 pb-2 text-sm">
                  <dt className="text-slate-500">{term}</dt>
                  <dd className="text-right font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          ),
        },
        // Kept mounted: a comment being written survives a look at the description.
        { className: 'max-w-3xl focus:outline-none', keepMounted: true, content: <Comments dealId={deal.id} ref={commentInput} /> },
      ]}
    />
  );
}
