import { useSyncExternalStore } from 'react';

/**
 * The visitor's choice about the link-monetisation script (PECR consent, docs/notes/data-rights.md), kept on the
 * device in localStorage `cookie-consent`: 'accepted' or 'rejected'; nothing stored means not asked yet. Changes are
 * heard in this tab (an event) and in others (the storage event).
 */
export type ConsentChoice = 'accepted' | 'rejected';
export const CONSENT_KEY = 'cookie-consent';
const CHANGED = 'quidsin:consent';

export function readConsent(): ConsentChoice | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === 'accepted' || v === 'rejected' ? v : null;
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export const useConsent = () => useSyncExternalStore(subscribe, readConsent, () => null);
