/** Labels of SPEC §4 Deal status; any other value is shown capitalised. */
const LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending Review',
  expired: 'Expired',
  rejected: 'Rejected',
};

export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
export const statusLabel = (status: string) => LABELS[status] ?? capitalise(status);

/** A deal counts as expired when its status is expired or its expiry date is past. */
export function isExpired(status: string, expiresAt: string | null | undefined, now = Date.now()): boolean {
  if (status === 'expired') return true;
  if (!expiresAt) return false;
  const t = Date.parse(expiresAt);
  return Number.isFinite(t) && t <= now;
}
