import { capitalise } from '../../../shared/domain/deals/deal-status';
import type { PublicLogAction, PublicLogEntry } from '../../../shared/schemas/admin/moderation-log';

/** Who acted, in words: "quidsin_mod (moderator)", "an admin", "the community (member reports)", "automatic". */
export function actorText(actor: PublicLogEntry['actor']): string {
  switch (actor.role) {
    case 'community':
      return 'the community (member reports)';
    case 'system':
      return 'automatic';
    default:
      return actor.username ? `${actor.username} (${actor.role})` : actor.role === 'admin' ? 'an admin' : `a ${actor.role}`;
  }
}

/** Badge colours per action (text on tint, AA contrast). */
export const ACTION_TONE: Record<PublicLogAction, string> = {
  activated: 'bg-emerald-100 text-emerald-900',
  edited: 'bg-sky-100 text-sky-900',
  expired: 'bg-slate-200 text-slate-800',
  deleted: 'bg-red-100 text-red-900',
  'comment removed': 'bg-red-100 text-red-900',
  'votes voided': 'bg-amber-100 text-amber-900',
  'report resolved': 'bg-violet-100 text-violet-900',
  'role changed': 'bg-indigo-100 text-indigo-900',
};

export const pageFrom = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/** "A comment on " when the subject is about something on the deal rather than the deal itself; '' otherwise. */
export function subjectPrefix(subject: string, title: string): string {
  if (subject === title || !subject.endsWith(title)) return '';
  return capitalise(subject.slice(0, subject.length - title.length));
}
