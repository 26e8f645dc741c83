// Apart from DealStates.tsx (the error cards, fetched only when needed): every deal page draws this first (docs/notes/web-performance.md).

/** The page's shape while the deal loads, so nothing jumps when it arrives. */
export function DealDetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <span className="sr-only" role="status">
        Loading deal
      </span>
      <div className="animate-pulse" aria-hidden="true">
        <div className="h-4 w-32 rounded bg-slate-200" />
        <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="aspect-[4/3] rounded-xl bg-slate-200" />
          <div className="space-y-4">
            {['h-14 rounded-xl', 'h-8 w-3/4 rounded', 'h-5 w-1/2 rounded', 'h-10 w-1/3 rounded', 'h-12 rounded-lg'].map((shape) => (
              <div key={shape} className={`bg-slate-200 ${shape}`} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
