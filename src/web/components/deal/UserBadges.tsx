/**
 * A member's badges beside their name in comments: tiny text chips from data already in the comment (no request, no
 * import of the badges' rules, which /help and the member page show). The label is the id written out: 'hot-poster'
 * reads "Hot Poster", as shared/domain/reputation.ts BADGES names it. (Deal cards write the same inline.)
 */
const label = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export function UserBadges({ badges }: { badges?: readonly string[] }) {
  if (!badges?.length) return null;
  return (
    <>
      {badges.map((b) => (
        <span key={b} className="ml-1 rounded bg-amber-100 px-1 text-[11px] font-semibold text-amber-800" data-testid="user-badge">
          {label(b)}
        </span>
      ))}
    </>
  );
}
