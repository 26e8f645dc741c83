import { useSyncExternalStore } from 'react';

/**
 * Light and dark theme (docs/notes/web-everyday.md). The site follows the device (`prefers-color-scheme`) until the member flips the
 * switch; the choice is then kept on this device under localStorage 'theme' ('light' | 'dark'). Flipping back to what
 * the device says forgets the choice, so the site follows the device again.
 *
 * The <html> element carries `dark` or `light` (styles.css keys the dark palette on `.dark`). This module sets it when it
 * is first evaluated: main.tsx imports it before anything else, so the class is there before React renders. The CSP
 * allows no inline script, so the few milliseconds before the entry module runs are covered by a media query in
 * styles.css that paints the page background dark on dark devices.
 */
export type ThemeChoice = 'light' | 'dark';

export const THEME_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readChoice(): ThemeChoice | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null);
const deviceIsDark = () => !!media()?.matches;

let choice: ThemeChoice | null = readChoice();
const listeners = new Set<() => void>();

export const isDark = () => (choice ? choice === 'dark' : deviceIsDark());

function apply() {
  if (typeof document === 'undefined') return;
  const dark = isDark();
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  for (const listener of listeners) listener();
}

/** Sets (or, with null, forgets) this device's choice. */
export function setThemeChoice(next: ThemeChoice | null) {
  choice = next;
  try {
    if (next) localStorage.setItem(THEME_KEY, next);
    else localStorage.removeItem(THEME_KEY);
  } catch {
    /* storage refused: the choice lasts for this visit */
  }
  apply();
}

/** The switch: the other theme; when that is what the device shows anyway, follow the device again. */
export function toggleTheme() {
  const nextDark = !isDark();
  setThemeChoice(nextDark === deviceIsDark() ? null : nextDark ? 'dark' : 'light');
}

apply();
media()?.addEventListener?.('change', () => {
  if (!choice) apply();
});
// Another tab flipped the switch.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY && e.key !== null) return;
    choice = readChoice();
    apply();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the dark theme is shown; re-renders when it changes (switch, device, another tab). */
export const useDarkTheme = () => useSyncExternalStore(subscribe, isDark, () => false);
