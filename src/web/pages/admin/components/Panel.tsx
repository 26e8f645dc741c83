import type { ReactNode } from 'react';

/** A titled white card holding one list of an admin screen. */
export function Panel({ id, title, className = '', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <h2 id={id} className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
