import { useState } from 'react';

/** A shop's logo, or its initial on a tinted square when it has none (or the file fails to load). */
export function StoreLogo({ name, logoUrl, size }: { name: string; logoUrl: string | null; size: number }) {
  const [failed, setFailed] = useState(false);
  if (logoUrl && !failed) {
    return (
      <img
        src={logoUrl}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(true)}
        className="shrink-0 rounded-lg border border-slate-200 bg-white object-contain p-1"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-lg bg-emerald-50 font-bold text-emerald-800 ring-1 ring-emerald-100"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
