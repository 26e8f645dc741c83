export function Spinner({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center ${fullPage ? 'min-h-[50vh]' : 'py-10'}`}>
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-emerald-200 border-t-emerald-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
