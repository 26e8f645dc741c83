// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A controllable prefers-color-scheme: matches, and the change listeners theme.ts registers. */
function fakeDevice(dark: boolean) {
  const listeners: Array<() => void> = [];
  const query = { matches: dark, addEventListener: (_: string, fn: () => void) => listeners.push(fn) };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      for (const fn of listeners) fn();
    },
  };
}

const html = () => document.documentElement;
const load = async () => {
  vi.resetModules();
  return import('./theme');
};

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    html().className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the device until the switch is used, as soon as the module is loaded', async () => {
    const device = fakeDevice(true);
    const theme = await load();
    expect(html().classList.contains('dark')).toBe(true);
    expect(theme.isDark()).toBe(true);
    device.set(false);
    expect(html().classList.contains('dark')).toBe(false);
    expect(html().classList.contains('light')).toBe(true);
  });

  it('remembers a choice that differs from the device, and forgets it when it matches again', async () => {
    const device = fakeDevice(false);
    const theme = await load();
    theme.toggleTheme();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(html().classList.contains('dark')).toBe(true);
    // The device changing does not override an explicit choice.
    device.set(false);
    expect(html().classList.contains('dark')).toBe(true);
    theme.toggleTheme();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(html().classList.contains('dark')).toBe(false);
  });

  it('applies a stored choice on load, whatever the device says', async () => {
    fakeDevice(true);
    localStorage.setItem('theme', 'light');
    await load();
    expect(html().classList.contains('dark')).toBe(false);
    expect(html().style.colorScheme).toBe('light');
  });

  it('ignores a stored value it does not know', async () => {
    fakeDevice(false);
    localStorage.setItem('theme', 'purple');
    const theme = await load();
    expect(theme.isDark()).toBe(false);
  });
});
