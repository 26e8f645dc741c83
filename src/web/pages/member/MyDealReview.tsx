import type { Deal } from '../../../shared/schemas/deals/deals';

/**
 * What the team said about one of the member's deals (docs/notes/posting.md): waiting for review, their reason when
 * they rejected or pulled it back, that it went live at once (a trusted poster's), and the title's tidy, old and new.
 */
export function MyDealReview({ deal }: { deal: Deal }) {
  const review = deal.review;
  const lines: Array<{ key: string; text: string; tone: string }> = [];
  if (deal.status === 'pending') {
    lines.push({
      key: 'state',
      text: review?.reason ? `Back with the team: ${review.reason}` : 'Waiting for the team to check it',
      tone: 'text-amber-800 dark:text-amber-300',
    });
  } else if (deal.status === 'rejected') {
    lines.push({ key: 'state', text: review?.reason ? `Rejected: ${review.reason}` : 'Rejected by the team', tone: 'text-red-700 dark:text-red-300' });
  } else if (deal.status === 'active' && review?.postedLive) {
    lines.push({ key: 'state', text: 'Went live at once: you are a trusted poster', tone: 'text-emerald-800 dark:text-emerald-300' });
  }
  if (review?.retitled) {
    lines.push({ key: 'title', text: `Title tidied when it went live: “${review.retitled.from}” is now “${review.retitled.to}”`, tone: 'text-slate-600' });
  }
  if (lines.length === 0) return null;
  return (
    <div className="mt-1 space-y-0.5" data-testid="my-deal-review">
      {lines.map((l) => (
        <p key={l.key} className={`text-xs ${l.tone}`}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
