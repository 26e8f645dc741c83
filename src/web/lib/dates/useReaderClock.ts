import { useSyncExternalStore } from 'react';

/**
 * Whose clock a date is written on: the reader's (`local`), or the UK's (`uk`, lib/dates/uk-dates), which the server draws
 * the first screen on (web/entry-server.tsx) and the browser keeps while it hydrates that markup, so both write the
 * same text. For a reader in the UK the two are the same.
 */
export type Clock = 'local' | 'uk';

const unchanging = () => () => {};

/**
 * The clock a component writes dates on: the UK's on the server and while the browser hydrates the server's markup,
 * the reader's own from then on (React redraws the component right after hydration when the two differ) and in every
 * render that is not a hydration.
 */
export const useReaderClock = (): Clock =>
  useSyncExternalStore<Clock>(
    unchanging,
    () => 'local',
    () => 'uk',
  );
