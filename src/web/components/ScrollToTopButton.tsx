import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SCROLL_TOP_THRESHOLD_PX } from '../lib/constants';

const FLOATING = 'fixed bottom-6 right-6 z-30 shadow-lg';

/**
 * A button that appears after 300 px of scrolling (SPEC §2 Home, Browse). Floating at the bottom right unless the page
 * gives it a place of its own (`className`), where it can never cover another control (browse, docs/notes/web-everyday.md).
 */
export function ScrollToTopButton({ className = FLOATING }: { className?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={`${className} rounded-full bg-emerald-700 p-3 text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2`}
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
