import type { Deal } from '../../../../shared/schemas/deals/deals';
import { useVote } from '../../../api/deals/deal-mutations';
import { TemperaturePill } from '../../../components/deal/vote/TemperaturePill';
import { useVoteAction } from '../../../components/deal/vote/useVoteAction';

/**
 * The score banner with the up/down vote buttons (SPEC §2, §4, §5, §8) under the one-vote rules (useVoteAction), and
 * the server's message for anything it refuses.
 */
export function VoteBanner({ deal }: { deal: Deal }) {
  const { voted, signIn, buttonOf } = useVoteAction(deal, useVote(deal.id));

  const button = (type: 1 | -1) => {
    const { up, chosen, Icon, dimmed, props } = buttonOf(type);
    const colours = chosen
      ? up
        ? 'bg-red-600 text-white border-red-600'
        : 'bg-blue-700 text-white border-blue-700'
      : up
        ? 'border-slate-300 bg-white text-red-600 hover:bg-red-50'
        : 'border-slate-300 bg-white text-blue-700 hover:bg-blue-50';
    return (
      <button
        {...props}
        aria-label={up ? 'Vote up (hot)' : 'Vote down (cold)'}
        className={`flex h-11 w-11 items-center justify-center rounded-full border-2 transition focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed ${colours} ${
          dimmed ? 'opacity-40' : ''
        }`}
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </button>
    );
  };

  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="score-banner">
      <div className="flex items-center gap-3">
        {button(-1)}
        <span data-testid="deal-temperature" aria-live="polite">
          <TemperaturePill temperature={deal.temperature} size="lg" />
        </span>
        {button(1)}
      </div>
      <p className="text-right text-xs text-slate-600 sm:text-sm">
        <span className="font-semibold text-red-700">{deal.upvotes}</span> hot · <span className="font-semibold text-blue-700">{deal.downvotes}</span> cold
        {voted && <span className="block text-slate-500">{deal.userVote === 1 ? 'You voted hot' : 'You voted cold'}</span>}
      </p>
      {signIn.prompt}
    </div>
  );
}
