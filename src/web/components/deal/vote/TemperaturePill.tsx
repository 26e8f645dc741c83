import { Flame, Snowflake, Thermometer } from 'lucide-react';
import { type TemperatureBand, temperatureBand } from '../../../../shared/domain/deals/temperature';

/** The six colour bands of SPEC §2, chosen to keep text contrast at WCAG AA on every band. */
const BAND_CLASSES: Record<TemperatureBand, string> = {
  red: 'bg-red-600 text-white',
  orange: 'bg-orange-700 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
  grey: 'bg-slate-200 text-slate-700',
  'light-blue': 'bg-sky-100 text-sky-900',
  blue: 'bg-blue-700 text-white',
};

export function TemperaturePill({ temperature, size = 'sm' }: { temperature: number; size?: 'sm' | 'lg' }) {
  const band = temperatureBand(temperature);
  const Icon = temperature > 0 ? Flame : temperature < 0 ? Snowflake : Thermometer;
  const sizing = size === 'lg' ? 'gap-1.5 px-3 py-1.5 text-lg' : 'gap-1 px-2 py-0.5 text-xs';
  return (
    <span
      data-testid="temperature-pill"
      data-band={band}
      className={`inline-flex items-center rounded-full font-bold tabular-nums ${sizing} ${BAND_CLASSES[band]}`}
    >
      <Icon className={size === 'lg' ? 'h-5 w-5' : 'h-3.5 w-3.5'} aria-hidden="true" />
      <span className="sr-only">Temperature </span>
      {temperature}°
    </span>
  );
}
