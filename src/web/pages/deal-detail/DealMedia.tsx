import { Bookmark, BookmarkCheck } from 'lucide-react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { dealBadges } from '../../components/deal/DealBadges';
import { DealImage } from '../../components/deal/DealImage';

/** The deal's picture with its badges (Expired, percent off, FREE, source) and the bookmark that saves it. */
export function DealMedia({ deal, saved, onToggleSave }: { deal: Deal; saved: boolean; onToggleSave: () => void }) {
  const badges = dealBadges(deal);
  return (
    <div
      data-testid="deal-media"
      className={`relative self-start overflow-hidden rounded-xl border border-slate-200 ${badges.expired ? 'bg-slate-100' : 'bg-white'}`}
    >
      {/* An expired deal is greyed (docs/notes/web-everyday.md). */}
      <DealImage deal={deal} width={800} height={600} first className={`w-full ${badges.expired ? 'opacity-60 grayscale' : ''}`} />
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
        onClick={onToggleSave}
        aria-pressed={saved}
        aria-label={saved ? 'Remove from saved deals' : 'Save deal'}
        className="absolute right-3 top-3 rounded-full bg-white/95 p-2 text-slate-700 shadow ring-1 ring-slate-200 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        {saved ? <BookmarkCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" /> : <Bookmark className="h-5 w-5" aria-hidden="true" />}
      </button>
    </div>
  );
}
