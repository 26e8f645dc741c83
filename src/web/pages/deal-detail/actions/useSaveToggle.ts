import type { Deal } from '../../../../shared/schemas/deals/deals';
import { useAuth } from '../../../app/auth/AuthContext';
import { useToggleSave } from '../../../api/deals/deal-mutations';
import { useSignInPrompt } from '../../../components/SignInPrompt';

/**
 * Save toggles between saved and not saved (SPEC §4) with the messages of §8; a visitor gets the sign-in prompt
 * (docs/notes/web-everyday.md) instead of an error. Render `prompt` somewhere on the page.
 */
export function useSaveToggle(deal: Deal) {
  const { isAuthenticated } = useAuth();
  const mutation = useToggleSave(deal.id);
  const signIn = useSignInPrompt();
  const saved = !!deal.isSaved;
  const toggle = () => {
    if (!isAuthenticated) {
      signIn.ask('save');
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate(!saved);
  };
  return { saved, toggle, busy: mutation.isPending, prompt: signIn.prompt };
}
