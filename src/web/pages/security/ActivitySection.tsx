import { useState } from 'react';
import { SECURITY_EVENT_LABELS } from '../../../shared/domain/members/account-security';
import { useSecurityActivity } from '../../api/members/security';
import { formatShortDate } from '../../lib/dates/dates';
import { Section, secondaryButton } from './ui';

/** The security activity list, newest first, ten a page. */
export function ActivitySection() {
  const [page, setPage] = useState(1);
  const activity = useSecurityActivity(page);
  const data = activity.data;
  return (
    <Section
      id="activity-heading"
      title="Security activity"
      intro="Sign-ins and changes to your account's security, with the browser and network they came from."
    >
      {activity.isError && <p className="text-sm text-red-700">Could not load your activity</p>}
      <ol aria-label="Security activity" data-testid="security-activity" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {data?.events.map((e) => (
          <li key={e.id} className="px-3 py-2">
            <p className="text-sm font-medium text-slate-900">{SECURITY_EVENT_LABELS[e.kind]}</p>
            <p className="text-xs text-slate-600">
              {formatShortDate(new Date(e.createdAt))}, {new Date(e.createdAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })} ·{' '}
              {e.browser} · network {e.ipHint}
            </p>
          </li>
        ))}
      </ol>
      {data && data.totalPages > 1 && (
        <nav aria-label="Activity pages" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {data.totalPages}
          </span>
          <button type="button" className={secondaryButton} disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </Section>
  );
}
