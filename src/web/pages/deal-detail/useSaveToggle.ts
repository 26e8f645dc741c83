import type { Deal } from '../../../shared/api';
import { useAuth } from '../../app/auth/AuthContext';
import { errorMessage } from '../../api/client';
import { useToggleSave } from '../../api/deals';
import { toast } from '../../lib/toast';

/** Save toggles between saved and not saved (SPEC §4) with the messages of §5 and §8. */
export function useSaveToggle(deal: Deal) {
  const { isAuthenticated } = useAuth();
  const mutation = useToggleSave(deal.id);
  const saved = !!deal.isSaved;
  const toggle = () => {
    if (!isAuthenticated) {
      toast.error('Please log in to save deals');
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate(!saved, {
      onSuccess: (nowSaved) => toast.success(nowSaved ? 'Deal saved successfully' : 'Removed from saved deals'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to save deal')),
    });
  };
  return { saved, toggle, busy: mutation.isPending };
}
