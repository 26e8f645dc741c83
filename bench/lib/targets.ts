/** The targets; the bench prints PASS or MISS beside each measurement they apply to. */
export const TARGETS = {
  browseP95Ms: 50,
  browseGrowth: 2,
  throughputRatio: 0.5,
  /** kB of 1000 bytes, as Vite reports sizes. */
  initialJsGzipKb: 110,
  lighthouseScore: 0.95,
  rssMb: 250,
} as const;

export interface TargetCheck {
  name: string;
  measured: number;
  limit: number;
  unit: string;
  /** 'max': measured must be at most limit; 'min': at least. */
  kind: 'max' | 'min';
  pass: boolean;
}

export function check(name: string, measured: number, limit: number, unit: string, kind: 'max' | 'min'): TargetCheck {
  const pass = Number.isFinite(measured) && (kind === 'max' ? measured <= limit : measured >= limit);
  return { name, measured, limit, unit, kind, pass };
}

export const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS');
