import { useSyncExternalStore } from 'react';

/** Tailwind's lg breakpoint: the filter panel is a sidebar from here, a sheet below it. */
const WIDE = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True at lg and wider, following the window as it is resized. */
export function useWideScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
