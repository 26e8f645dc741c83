import { useThemeSwitch } from './theme-switch';

/** The phone menu's dark-mode switch, a labelled row (the header's icon is HeaderThemeToggle.tsx). */
export function MenuThemeToggle() {
  const { dark, Icon, switchProps } = useThemeSwitch();
  return (
    <button
      {...switchProps}
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
