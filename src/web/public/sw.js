/*
 * QuidsIn's service worker (docs/notes/notifications.md "Installable site"), hand-written: it does three small things
 * and Workbox would not pay for itself here.
 * - Shows pushed notifications (the server's payload: title, body, url, tag, icon); one tag per notification, so a
 *   gathered one raised again replaces what is shown.
 * - On a click, focuses a window of the site and takes it to the notification's page, or opens one.
 * - Serves the offline page, cached at install, when a page navigation fails for want of a network.
 * It caches nothing else: API answers and members' pages always come from the network, never from here.
 */
const CACHE = 'quidsin-offline-v1';
const OFFLINE_URL = '/offline.html';
const OFFLINE_ASSETS = [OFFLINE_URL, '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_ASSETS.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('quidsin-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // Page loads only; everything else (the API, scripts, pictures) is left to the browser as if there were no worker.
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL, { cacheName: CACHE }).then((page) => page || Response.error())));
});

/** The payload as the server sends it, with safe defaults for anything missing. */
function readPush(event) {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  return {
    title: typeof data.title === 'string' && data.title ? data.title : 'QuidsIn',
    body: typeof data.body === 'string' ? data.body : '',
    url: typeof data.url === 'string' ? data.url : '/notifications',
    tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
    icon: typeof data.icon === 'string' ? data.icon : '/icons/icon-192.png',
  };
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: push.icon,
      badge: '/icons/icon-192.png',
      tag: push.tag,
      // A replaced notification (more likes on the same comment) alerts again.
      renotify: !!push.tag,
      data: { url: push.url },
    }),
  );
});

/** Only pages of this site are opened: anything else in a payload falls back to the inbox. */
function sitePage(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/notifications`;
  } catch {
    return `${self.location.origin}/notifications`;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sitePage(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        return focused.navigate ? focused.navigate(target) : focused;
      }
      return self.clients.openWindow(target);
    }),
  );
});
