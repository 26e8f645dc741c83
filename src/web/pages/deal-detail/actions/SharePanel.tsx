import { Link2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { copyDealLink, shareLinks } from './share';

/**
 * Share links for browsers without a share sheet (its own chunk, loaded on the first Share): X, WhatsApp, Facebook
 * and email open in a new tab, Copy link copies. Escape or Close closes it and focus returns to Share.
 */
export default function SharePanel({ title, url, onClose }: { title: string; url: string; onClose: () => void }) {
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <fieldset
      aria-label="Share this deal"
      className="flex w-full min-w-0 flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {shareLinks(title, url).map((l, i) => (
        <a
          key={l.label}
          ref={i === 0 ? first : undefined}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          {l.label}
        </a>
      ))}
      <button
        type="button"
        onClick={() => copyDealLink(url)}
        className="inline-flex items-center gap-1 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <Link2 className="h-4 w-4" aria-hidden="true" />
        Copy link
      </button>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close share links"
        className="ml-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </fieldset>
  );
}
