import { useSyncExternalStore } from 'react';
import type { Clock } from './dates';

const unchanging = () => () => {};

/**
 * The clock a component writes dates on (lib/dates Clock): the UK's on the server and while the browser hydrates the
 * server's markup (so both write the same text), the reader's own from then on (React redraws the component right
 * after hydration when the two differ) and in every render that is not a hydration.
 */
export const useReaderClock = (): Clock => useSyncExternalStore<Clock>(unchanging, () => 'local', () => 'uk');
