import type { ReportReason, ReportResolution } from '../../../../shared/schemas/admin/reports';

/** Short reason names for the team's queue (the member's dialog uses the longer REPORT_REASON_LABELS). */
export const REASON_SHORT: Record<ReportReason, string> = {
  expired: 'Expired',
  spam: 'Spam',
  duplicate: 'Duplicate',
  'wrong-price': 'Wrong price',
  other: 'Other',
};

export const RESOLUTION_WORDS: Record<ReportResolution, string> = {
  dismiss: 'Dismissed',
  expire: 'Deal expired',
  delete: 'Deal deleted',
  closed: 'Closed (deal left the feed)',
};

export const STATUS_TONE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-800',
  deleted: 'bg-red-100 text-red-900',
  pending: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
};

/** The queue's tab from the address: anything but 'resolved' is the open queue. */
export const tabFrom = (raw: string | null): 'open' | 'resolved' => (raw === 'resolved' ? 'resolved' : 'open');

export const pageFrom = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);
