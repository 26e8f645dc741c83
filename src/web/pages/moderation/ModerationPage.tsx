import { ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { useModerationLog } from '../../api/admin/moderation-log';
import { usePageTitle } from '../../app/usePageTitle';
import { timeAgo } from '../../components/deal/format';
import { formatDateTime } from '../../lib/dates/dates';
import { IconCircle } from '../../components/icons/IconCircle';
import { Pagination } from '../../components/menus/Pagination';
import { capitalise } from '../../../shared/domain/deals/deal-status';
import { ACTION_TONE, actorText, pageFrom, subjectPrefix } from './log-words';
import { groupDigits } from '../../../shared/domain/money';
import { skeletonKeys } from '../../lib/skeleton-keys';
import { LoadError } from '../../components/MessagePage';

/**
 * /moderation (docs/notes/trust.md): the public moderation log, 30 entries a page, newest first. What was done, to what (a deal
 * is linked while the public can see it), by which role, and the reason the team gave. Nothing private is sent.
 */
export default function ModerationPage() {
  usePageTitle('Moderation log');
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const log = useModerationLog(page);
  const data = log.data;

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-10" aria-labelledby="moderation-title">
      <div className="flex items-start gap-4">
        <IconCircle icon={ScrollText} className="hidden h-12 w-12 shrink-0 bg-emerald-50 sm:flex" iconClassName="h-6 w-6 text-emerald-600" />
        <div>
          <h1 id="moderation-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Moderation log
          </h1>
          <p className="mt-1 text-slate-600">
            Every action the team takes on deals, comments and members, in the open: what was done, by whom, and why. Deals expired by members' reports show as
            the community's.
          </p>
        </div>
      </div>

      {log.isError && !data ? (
        <LoadError title="The log could not be loaded" error={log.error} onRetry={() => log.refetch()} className="mt-8" />
      ) : !data ? (
        <ul className="mt-8 space-y-3" aria-label="Loading the log">
          {skeletonKeys(6).map((key) => (
            <li key={key} className="h-20 animate-pulse rounded-xl border border-slate-200 bg-white" />
          ))}
        </ul>
      ) : data.entries.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">Nothing has been moderated yet.</p>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">
            {groupDigits(data.totalCount)} {data.totalCount === 1 ? 'entry' : 'entries'}
            {data.totalPages > 1 && ` · page ${data.page} of ${data.totalPages}`}
          </p>
          <ol
            className={`mt-3 space-y-3 ${log.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label="Moderation actions, newest first"
            data-testid="moderation-log"
          >
            {data.entries.map((e) => (
              <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="log-entry">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ACTION_TONE[e.action] ?? 'bg-slate-100 text-slate-800'}`}>
                    {e.action}
                  </span>
                  <time dateTime={e.at} title={formatDateTime(new Date(e.at))} className="text-xs text-slate-500">
                    {timeAgo(e.at)}
                  </time>
                </div>
                <p className="mt-2 break-words text-sm text-slate-900">
                  {e.deal ? (
                    <>
                      {subjectPrefix(e.subject, e.deal.title)}
                      <Link to={`/dealDetail/${e.deal.id}`} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">
                        {e.deal.title}
                      </Link>
                    </>
                  ) : (
                    <span className="font-medium">{capitalise(e.subject)}</span>
                  )}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  By <span className="font-medium text-slate-800">{actorText(e.actor)}</span>
                </p>
                {e.reason && <p className="mt-2 break-words border-l-2 border-slate-200 pl-3 text-sm italic text-slate-700">{e.reason}</p>}
              </li>
            ))}
          </ol>
          <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(p) => (p > 1 ? `/moderation?page=${p}` : '/moderation')} label="Log pages" />
        </>
      )}
    </section>
  );
}
