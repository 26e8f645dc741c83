import { Award, CalendarDays, Flame, MessageCircle, Tag, UserX, Zap } from 'lucide-react';
import { Link } from '../../components/Link';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import type { Role } from '../../../shared/schemas/members/users';
import { usePageTitle } from '../../app/usePageTitle';
import { ApiError } from '../../api/client';
import { useMemberProfile } from '../../api/members/members';
import { Avatar } from '../../components/Avatar';
import { DealGrid } from '../../components/deal/DealGrid';
import { shortDate } from '../../components/deal/format';
import { LoadFailedPage, MissingPage } from '../../components/MessagePage';
import { groupDigits } from '../../../shared/domain/money';

// Loaded with the page's data, not in its chunk (docs/notes/web-weight.md: the entry lists page chunks' imports).
const FollowButton = lazy(() => import('../following/Following').then((m) => ({ default: m.FollowButton })));

/** 'voucher-hunter' reads "Voucher Hunter", as shared/domain/members/reputation.ts BADGES names it (its rules are /help's, not loaded here). */
const badgeLabel = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

const ROLE_BADGE: Record<Role, { label: string; className: string }> = {
  admin: { label: 'Admin', className: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20' },
  moderator: { label: 'Moderator', className: 'bg-blue-100 text-blue-800 ring-blue-600/20' },
  user: { label: 'Member', className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
};

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    // dt before dd (a valid group), shown the other way up: the figure, then what it counts.
    <div className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
      <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
      <dd className="flex items-center gap-1.5 text-lg font-bold tabular-nums text-slate-900 sm:gap-2 sm:text-xl">
        <span className="text-emerald-700">{icon}</span>
        {groupDigits(value)}
      </dd>
    </div>
  );
}

/**
 * /members/{username} (docs/notes/web-everyday.md): a member's public page: avatar, name, role, member since, bio, counts and their live
 * deals. Never the email (the API does not send it). Distinct from /user/* (the signed-in member's own pages).
 */
export default function MemberProfilePage() {
  const username = useParams().username ?? '';
  const member = useMemberProfile(username);
  usePageTitle(member.data?.username ?? username);

  if (member.error instanceof ApiError && member.error.status === 404) {
    return (
      <MissingPage icon={UserX} title="Member not found" way={['/dealsBrowse', 'Browse deals']}>
        <p>There is no member with that name.</p>
      </MissingPage>
    );
  }
  if (member.isError) return <LoadFailedPage title="Error loading the member" error={member.error} />;
  const m = member.data;
  const role = m ? (ROLE_BADGE[m.role] ?? ROLE_BADGE.user) : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <header
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"
        data-testid="member-header"
      >
        {m ? <Avatar user={m} size={80} /> : <div className="h-20 w-20 animate-pulse rounded-full bg-slate-200" />}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-all text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{m?.username ?? username}</h1>
            {role && <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${role.className}`}>{role.label}</span>}
          </div>
          {m && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Member since {shortDate(m.memberSince)}
            </p>
          )}
          {m && m.badges.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Badges" data-testid="member-badges">
              {m.badges.map((b) => (
                <li key={b}>
                  <Link
                    to="/help#badges"
                    className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-600/20 hover:underline"
                  >
                    <Award className="h-3.5 w-3.5" aria-hidden="true" />
                    {badgeLabel(b)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {m?.bio && <p className="mt-3 max-w-2xl whitespace-pre-line break-words text-slate-700">{m.bio}</p>}
        </div>
        {m && (
          <Suspense fallback={null}>
            <FollowButton type="member" id={m.id} name={m.username} />
          </Suspense>
        )}
      </header>

      {m && (
        <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3" data-testid="member-counts">
          <Count icon={<Tag className="h-5 w-5" aria-hidden="true" />} value={m.counts.dealsPosted} label="Deals posted" />
          <Count icon={<Zap className="h-5 w-5" aria-hidden="true" />} value={m.counts.activeDeals} label="Live deals" />
          <Count icon={<MessageCircle className="h-5 w-5" aria-hidden="true" />} value={m.counts.comments} label="Comments" />
        </dl>
      )}
      {m && (
        <section aria-labelledby="member-record-heading" className="mt-4">
          <h2 id="member-record-heading" className="sr-only">
            Record
          </h2>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:gap-3" data-testid="member-record">
            <Count icon={<Flame className="h-5 w-5" aria-hidden="true" />} value={m.record.hotDeals} label="Deals that reached 100°" />
            <div className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
              <dt className="text-xs text-slate-600 sm:text-sm">Of their deals went hot</dt>
              <dd className="text-lg font-bold tabular-nums text-slate-900 sm:text-xl">{Math.round(m.record.hotShare * 100)}%</dd>
            </div>
            <Count icon={<MessageCircle className="h-5 w-5" aria-hidden="true" />} value={m.record.likesReceived} label="Likes on comments" />
            <Count icon={<Tag className="h-5 w-5" aria-hidden="true" />} value={m.record.vouchersPosted} label="Vouchers posted" />
            <div className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
              <dt className="text-xs text-slate-600 sm:text-sm">Their vouchers' success</dt>
              <dd className="text-lg font-bold tabular-nums text-slate-900 sm:text-xl">
                {m.record.voucherSuccess === null ? '–' : `${Math.round(m.record.voucherSuccess * 100)}%`}
              </dd>
            </div>
          </dl>
        </section>
      )}

      <section aria-labelledby="member-deals-heading" className="mt-8">
        <h2 id="member-deals-heading" className="text-xl font-bold text-slate-900">
          Live deals{m ? ` from ${m.username}` : ''}
        </h2>
        <div className="mt-4">
          <DealGrid
            deals={m?.deals}
            loading={member.isLoading}
            skeletons={4}
            empty={<p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No live deals right now.</p>}
          />
        </div>
      </section>
    </div>
  );
}
