import { fullDate, timeAgo } from './format';

/** A list's age ('5 min ago') with the full '3 Mar 2024 at 2:05 PM' on hover and for assistive technology. */
export function TimeAgo({ iso, className }: { iso: string | null | undefined; className?: string }) {
  if (!iso) return null;
  const full = fullDate(iso);
  return (
    <time dateTime={iso} title={full} className={className}>
      {timeAgo(iso)}
    </time>
  );
}
