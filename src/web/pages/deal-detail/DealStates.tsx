import { AlertTriangle, Clock, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { MessageLinks, MessagePage } from '../../components/MessagePage';

function StateCard({ icon, title, children, tone }: { icon: ReactNode; title: string; children: ReactNode; tone: 'amber' | 'red' | 'slate' }) {
  const ring = { amber: 'bg-amber-100 text-amber-700', red: 'bg-red-100 text-red-700', slate: 'bg-slate-100 text-slate-600' }[tone];
  return (
    <MessagePage
      role={tone === 'red' ? 'alert' : undefined}
      top={<span className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${ring}`}>{icon}</span>}
      title={title}
      actions={
        <MessageLinks
          links={[
            ['/dealsBrowse', 'Browse deals'],
            ['/', 'Go home'],
          ]}
        />
      }
    >
      {children}
    </MessagePage>
  );
}

/** SPEC §2/§8: a pending deal seen by someone other than its owner or the team. */
export function DealNotAvailable({ message }: { message: string }) {
  return (
    <StateCard icon={<Clock className="h-7 w-7" aria-hidden="true" />} title="Deal Not Available" tone="amber">
      <p className="font-medium text-slate-800">{message}</p>
      <p className="mt-1">This deal is pending approval and not viewable by the public.</p>
    </StateCard>
  );
}

export function DealLoadFailed({ message }: { message: string }) {
  return (
    <StateCard icon={<AlertTriangle className="h-7 w-7" aria-hidden="true" />} title="Error Loading Deal" tone="red">
      <p>{message}</p>
    </StateCard>
  );
}

export function DealNotFound() {
  return (
    <StateCard icon={<SearchX className="h-7 w-7" aria-hidden="true" />} title="Deal not found" tone="slate">
      <p>Deal not found: The deal you're looking for doesn't exist or has been removed.</p>
    </StateCard>
  );
}
