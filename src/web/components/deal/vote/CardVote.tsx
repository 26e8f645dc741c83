import type { Deal } from '../../../../shared/schemas/deals/deals';
import { useListVote } from '../../../api/deals/deals';
import { TemperaturePill } from './TemperaturePill';
import { useVoteAction } from './useVoteAction';

/**
 * Hot and cold votes on a card or list row (docs/notes/web-everyday.md), under the deal page's one-vote rules (useVoteAction). The
 * temperature changes in place.
 */
export function CardVote({ deal }: { deal: Deal }) {
  const { signIn, buttonOf } = useVoteAction(deal, useListVote(deal.id));

  const button = (type: 1 | -1) => {
    const { up, chosen, Icon, dimmed, props } = buttonOf(type);
    const colours = chosen ? (up ? 'bg-red-600 text-white' : 'bg-blue-700 text-white') : up ? 'text-red-600 hover:bg-red-50' : 'text-blue-700 hover:bg-blue-50';
    return (
      <button
        {...props}
        aria-label={`${up ? 'Vote hot' : 'Vote cold'}: ${deal.title}`}
        className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 aria-disabled:cursor-not-allowed ${colours} ${
          dimmed ? 'opacity-40' : ''
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
