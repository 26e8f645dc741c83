import { useThemeSwitch } from './theme-switch';

/**
 * The header's dark-mode switch (an icon; the phone menu's labelled row is MenuThemeToggle.tsx, in the menu's lazy
 * chunk). The choice is kept on this device (app/theme.ts); without one the site follows the device's setting.
 */
export function ThemeToggle() {
  const { dark, Icon, switchProps } = useThemeSwitch();
  return (
    <button
      {...switchProps}
      aria-label="Dark mode"
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
