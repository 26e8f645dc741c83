/**
 * Web push (docs/notes/notifications.md "Push"): the rules both sides use. Pure: no Node or DOM APIs.
 */

/** Devices one member may turn push on for; past it, they remove one first. */
export const MAX_PUSH_DEVICES = 20;

/** A PushSubscription's keys: the browser's P-256 public point (65 bytes, 0x04 first: "B" in base64url) and its 16-byte auth secret. */
export const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The payload a push carries to the service worker (public/sw.js reads it). */
export interface PushPayload {
  title: string;
  body: string;
  /** A site path, opened (or focused) when the notification is clicked. */
  url: string;
  /** One tag per notification: a gathered notification raised again replaces the one shown. */
  tag: string;
  icon: string;
  notificationId: number;
}

export const pushTag = (notificationId: number) => `notification-${notificationId}`;

/** The topic a push service uses to replace an undelivered message by a newer one (base64url, at most 32 characters). */
export const pushTopic = (notificationId: number) => `n${notificationId}`;

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** A device's name from its browser's user agent ("Chrome on Android"), as the settings list it. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}
