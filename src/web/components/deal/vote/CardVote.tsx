import { Flame, Snowflake } from 'lucide-react';
import type { Deal } from '../../../shared/api';
import { useAuth } from '../../app/auth/AuthContext';
import { useListVote } from '../../api/deals';
import { toast } from '../../lib/toast';
import { useSignInPrompt } from '../SignInPrompt';
import { TemperaturePill } from './TemperaturePill';

/**
 * Hot and cold votes on a card or list row (issue 17), under the deal page's one-vote rules: a visitor gets the
 * sign-in prompt, a member votes once (the buttons then show the vote and refuse another with the same warning as the
 * deal page), and their own deal answers 'You cannot vote on your own deal'. The temperature changes in place.
 */
export function CardVote({ deal }: { deal: Deal }) {
  const { user, isAuthenticated } = useAuth();
  const vote = useListVote(deal.id);
  const signIn = useSignInPrompt();
  const voted = deal.userVote === 1 || deal.userVote === -1;

  const cast = (voteType: 1 | -1) => {
    if (!isAuthenticated) return signIn.ask('vote');
    if (voted) return toast.warning('You have already voted on this deal');
    if (user && user.id === deal.userId) return toast.error('You cannot vote on your own deal');
    if (!vote.isPending) vote.mutate(voteType);
  };

  const button = (type: 1 | -1) => {
    const up = type === 1;
    const chosen = deal.userVote === type;
    const Icon = up ? Flame : Snowflake;
    const colours = chosen ? (up ? 'bg-red-600 text-white' : 'bg-blue-700 text-white') : up ? 'text-red-600 hover:bg-red-50' : 'text-blue-700 hover:bg-blue-50';
    return (
      <button
        type="button"
        onClick={() => cast(type)}
        aria-pressed={chosen}
        aria-disabled={voted || vote.isPending}
        aria-label={`${up ? 'Vote hot' : 'Vote cold'}: ${deal.title}`}
        title={voted ? 'You have already voted on this deal' : up ? 'Vote hot' : 'Vote cold'}
        className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 aria-disabled:cursor-not-allowed ${colours} ${
          voted && !chosen ? 'opacity-40' : ''
        }`}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    );
  };

  return (
    <div className="relative z-10 inline-flex shrink-0 items-center gap-0.5 rounded-full border border-slate-200 bg-white p-0.5" data-testid="card-vote">
      {button(-1)}
      <span aria-live="polite" data-testid="card-temperature">
        <TemperaturePill temperature={deal.temperature} />
      </span>
      {button(1)}
      {signIn.prompt}
    </div>
  );
}
