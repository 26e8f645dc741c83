import { BarChart3 } from 'lucide-react';
import { isOwner } from '../../../../shared/domain/access/roles';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { useAuth } from '../../../app/auth/AuthContext';
import { figuresText } from '../../../lib/figures';

/**
 * "Your deal: 1,204 views, 311 clicks": the deal's own figures, which the server sends its poster and the team only
 * (docs/notes/analytics.md); a team member who did not post it reads "This deal".
 */
export function DealFigures({ deal }: { deal: Deal }) {
  const { user } = useAuth();
  if (!deal.figures) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="deal-figures">
      <BarChart3 className="h-4 w-4 text-emerald-700" aria-hidden="true" />
      {isOwner(user, deal.userId) ? 'Your deal' : 'This deal'}: {figuresText(deal.figures)}
    </p>
  );
}
