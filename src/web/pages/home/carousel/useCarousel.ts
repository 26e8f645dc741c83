import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_MS, CAROUSEL_SWIPE_PX } from '../../../lib/constants';

/**
 * Carousel timing of SPEC §2 Home / §9: auto-advance every 6 s with wrap; a manual pick (dot, arrow or swipe) holds
 * it, and 5 s later the 6 s cycle starts again; a horizontal swipe over 150 px goes to the next or previous slide.
 * The user's own pause button stops it until pressed again.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  // The manual pick holding the carousel (a new number for each pick, so each restarts the 5 s), null when none does.
  const [heldBy, setHeldBy] = useState<number | null>(null);
  const held = heldBy !== null;
  const [stopped, setStopped] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (held || stopped || count < 2) return;
    const t = setTimeout(() => setIndex((index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(t);
  }, [index, held, stopped, count]);

  useEffect(() => {
    if (heldBy === null) return;
    const t = setTimeout(() => setHeldBy(null), CAROUSEL_RESUME_MS);
    return () => clearTimeout(t);
  }, [heldBy]);

  const pick = useCallback(
    (i: number) => {
      setIndex(((i % count) + count) % count);
      setHeldBy((n) => (n ?? 0) + 1);
    },
    [count],
  );

  const swipe = {
    onPointerDown: (e: PointerEvent) => {
      startX.current = e.clientX;
    },
    onPointerUp: (e: PointerEvent) => {
      if (startX.current === null) return;
      const dx = e.clientX - startX.current;
      startX.current = null;
      if (Math.abs(dx) > CAROUSEL_SWIPE_PX) pick(dx < 0 ? index + 1 : index - 1);
    },
    onPointerCancel: () => {
      startX.current = null;
    },
  };

  return {
    index,
    pick,
    next: () => pick(index + 1),
    prev: () => pick(index - 1),
    stopped,
    toggleStopped: () => setStopped((s) => !s),
    swipe,
  };
}
