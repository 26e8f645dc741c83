import { Moon, Sun } from 'lucide-react';
import { toggleTheme, useDarkTheme } from '../theme';

/**
 * The dark-mode switch of the header (an icon) and of the phone menu (a labelled row). The choice is kept on this
 * device (app/theme.ts); without one the site follows the device's setting.
 */
export function ThemeToggle({ variant }: { variant: 'icon' | 'row' }) {
  const dark = useDarkTheme();
  const Icon = dark ? Sun : Moon;
  if (variant === 'icon') {
    return (
      <button
        type="button"
        role="switch"
        aria-checked={dark}
        aria-label="Dark mode"
        title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
        onClick={toggleTheme}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </button>
    );
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      onClick={toggleTheme}
      className="flex w-full items-center justify-between rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
    >
      <span className="flex items-center gap-2">
        <Icon className="h-5 w-5" aria-hidden="true" />
        Dark mode
      </span>
      <span aria-hidden="true" className={`relative h-6 w-11 rounded-full transition-colors ${dark ? 'bg-emerald-600' : 'bg-slate-500'}`}>
        <span className={`absolute left-0 top-0.5 h-5 w-5 rounded-full bg-[#fff] shadow transition-transform ${dark ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </span>
    </button>
  );
}
