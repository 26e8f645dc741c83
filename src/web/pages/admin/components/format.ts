import { format } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { ApiError } from '../../../api/client';

/** SPEC §9 date format 'MMM d, yyyy'; '—' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isFinite(t) ? format(t, 'MMM d, yyyy', { locale: enGB }) : '—';
}

/**
 * The pair of messages SPEC §8 gives admin lists: the server's refusal (its text, else `failed`) versus a call that
 * never got an answer (`errored`).
 */
export function listError(err: unknown, failed: string, errored: string): string {
  if (err instanceof ApiError && err.status > 0) return err.message || failed;
  return errored;
}
