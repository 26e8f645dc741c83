export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-emerald-600 text-lg font-bold text-white" aria-hidden="true">
        £
      </span>
      <span className="text-xl font-extrabold tracking-tight text-slate-900">
        Quids<span className="text-emerald-600">In</span>
      </span>
    </span>
  );
}
