import { Check, Plus } from 'lucide-react';
import { useLocation } from 'react-router';
import type { FollowType } from '../../../shared/domain/members/follows';
import { useAuth } from '../../app/auth/AuthContext';
import { useFollowIds, useToggleFollow } from '../../api/members/follows';
import { Link } from '../Link';

const base =
  'inline-flex items-center gap-1.5 rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-60';

/**
 * Follow / Following on a shop's, a category's or a member's page (docs/notes/vouchers-follows.md). A pressed toggle
 * (aria-pressed) for members; visitors get a link to sign in and come back. Never on one's own member page.
 */
export default function FollowButton({ type, id, name }: { type: FollowType; id: number; name: string }) {
  const { user } = useAuth();
  const from = useLocation().pathname;
  const ids = useFollowIds();
  const toggle = useToggleFollow();
  if (!user) {
    return (
      <Link to="/login" state={{ from }} className={`${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Follow<span className="sr-only"> {name}</span>
      </Link>
    );
  }
  if (type === 'member' && user.id === id) return null;
  const following = !!ids.data?.[type].includes(id);
  return (
    <button
      type="button"
      aria-pressed={following}
      disabled={ids.isLoading || toggle.isPending}
      onClick={() => toggle.mutate({ type, id, follow: !following })}
      className={`${base} ${following ? 'bg-emerald-700 text-white hover:bg-emerald-800' : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
      data-testid="follow-button"
    >
      {following ? <Check className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
      {following ? 'Following' : 'Follow'}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
