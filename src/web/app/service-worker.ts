/**
 * Registers the service worker (public/sw.js: pushed notifications, the offline page; docs/notes/notifications.md
 * "Installable site"). Called from the footer's effect, which every page runs after its first render: the registration
 * never competes with the first render and costs the first load nothing. Only in the built site (the dev server serves
 * no sw.js).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
