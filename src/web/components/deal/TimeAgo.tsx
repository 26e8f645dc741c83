import { useReaderClock } from '../../lib/dates/useReaderClock';
import { fullDate, timeAgo } from './format';

/** A list's age ('5 min ago') with the full '3 Mar 2024 at 2:05 PM' on hover and for assistive technology. */
export function TimeAgo({ iso, className }: { iso: string | null | undefined; className?: string }) {
  // The full date (the reader's clock) from right after hydration: the server cannot know the reader's time zone.
  const clock = useReaderClock();
  if (!iso) return null;
  return (
    // The server draws the first screen a little earlier than the browser hydrates it: "5 min ago" may read "6 min ago" by
    // then, which is expected, not a hydration mismatch.
    <time dateTime={iso} title={clock === 'local' ? fullDate(iso) : undefined} className={className} suppressHydrationWarning>
      {timeAgo(iso)}
    </time>
  );
}
