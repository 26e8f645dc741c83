import { errorMessage } from '../../api/client';
import { useEndOtherSessions, useEndSession, useSessions } from '../../api/members/security';
import { formatShortDate } from '../../lib/dates/dates';
import { toast } from '../../lib/toast/toast';
import { Section, secondaryButton } from './ui';

const when = (iso: string) => `${formatShortDate(new Date(iso))}, ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;

/** Where you're signed in: each session's browser and system, start and last use, the current one marked; end one or all others. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];

  return (
    <Section id="sessions-heading" title="Where you're signed in" intro="Sign out a browser you no longer use, or everywhere but here.">
      {sessions.isError && <p className="text-sm text-red-700">Could not load your sessions</p>}
      {sessions.data?.currentIsOlderSignIn && (
        <p className="mb-3 text-sm text-slate-600">This browser uses an older sign-in that is not listed; signing out everywhere else gives it a listed one.</p>
      )}
      <ul aria-label="Your sessions" data-testid="sessions" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                {s.browser}
                {s.current && <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">This browser</span>}
              </p>
              <p className="text-xs text-slate-600">
                Signed in {when(s.createdAt)} · last used {when(s.lastUsedAt)} · network {s.ipHint}
              </p>
            </div>
            {!s.current && (
              <button
                type="button"
                className={secondaryButton}
                aria-label={`Sign out ${s.browser} (signed in ${when(s.createdAt)})`}
                onClick={() =>
                  end.mutate(s.id, {
                    onSuccess: () => toast.success('Signed out that session.'),
                    onError: (e) => toast.error(errorMessage(e, 'Could not sign it out')),
                  })
                }
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${secondaryButton} mt-4`}
        disabled={endOthers.isPending}
        onClick={() => endOthers.mutate(undefined, { onSuccess: () => toast.success('Signed out everywhere else.') })}
      >
        Sign out everywhere else
      </button>
    </Section>
  );
}
