import { Flame, Snowflake } from 'lucide-react';
import { ALREADY_VOTED, OWN_DEAL_VOTE } from '../../../../shared/domain/constants';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { isOwner } from '../../../../shared/domain/access/roles';
import { useAuth } from '../../../app/auth/AuthContext';
import { toast } from '../../../lib/toast/toast';
import { useSignInPrompt } from '../../SignInPrompt';

/** What both vote controls need of their mutation: the deal page's (waits for the server) or the lists' (optimistic). */
interface VoteMutation {
  mutate: (voteType: 1 | -1) => void;
  isPending: boolean;
}

/**
 * The one-vote rules as a reader meets them (SPEC §2, §4, §5), for the deal page's banner and the cards' control: a
 * visitor gets the sign-in prompt, a member votes once (the buttons then show the vote and refuse another with a
 * warning), and their own deal is refused with the server's words without asking it. Anything else the server
 * refuses comes back through the mutation's own error.
 */
export function useVoteAction(deal: Deal, vote: VoteMutation) {
  const { user, isAuthenticated } = useAuth();
  const signIn = useSignInPrompt();
  const voted = deal.userVote === 1 || deal.userVote === -1;

  const cast = (voteType: 1 | -1) => {
    if (!isAuthenticated) return signIn.ask('vote');
    if (voted) return toast.warning(ALREADY_VOTED);
    if (isOwner(user, deal.userId)) return toast.error(OWN_DEAL_VOTE);
    if (!vote.isPending) vote.mutate(voteType);
  };

  /** The state and wiring a hot (1) or cold (-1) button shares in both places; looks and labels are each place's. */
  const buttonOf = (type: 1 | -1) => {
    const up = type === 1;
    const chosen = deal.userVote === type;
    return {
      up,
      chosen,
      Icon: up ? Flame : Snowflake,
      dimmed: voted && !chosen,
      props: {
        type: 'button' as const,
        onClick: () => cast(type),
        'aria-pressed': chosen,
        'aria-disabled': voted || vote.isPending,
        title: voted ? ALREADY_VOTED : up ? 'Vote hot' : 'Vote cold',
      },
    };
  };

  return { voted, signIn, buttonOf };
}
