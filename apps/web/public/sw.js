// Tapeline's service worker: it shows alert pushes and opens the dashboard when one is clicked.
// It caches nothing and answers no fetch: the app must never serve stale, signed-in data.
// The notification's fields are core's pushPayloadSchema (packages/core/src/api/push.ts).

const DASHBOARD = '/dashboard';
const ICON = '/icons/icon-192.png';
const RESUBSCRIBED = 'tapeline:push-resubscribed';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A same-origin path from the payload, else the dashboard: a push never opens another site. */
function pathOf(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : DASHBOARD, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : DASHBOARD;
  } catch {
    return DASHBOARD;
  }
}

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const data = payload && typeof payload.data === 'object' && payload.data ? payload.data : {};
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  // Browsers require every push to show a notification (userVisibleOnly), so one is always shown.
  event.waitUntil(
    self.registration.showNotification(typeof payload.title === 'string' ? payload.title : 'Tapeline', {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag,
      // A newer alert with the same tag replaces the older one and still alerts the trader.
      renotify: Boolean(tag),
      icon: ICON,
      badge: ICON,
      data: { ...data, url: pathOf(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = pathOf(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const dashboard = tabs.find((tab) => new URL(tab.url).pathname.startsWith(DASHBOARD));
      if (dashboard) return dashboard.focus();
      return self.clients.openWindow(path);
    })(),
  );
});

// The push service renewed or dropped the subscription. The worker holds no sign-in token, so it
// subscribes again and hands the new subscription to the open tabs, which register it (and the
// app registers it at its next start if no tab is open: syncPush in apps/web/src/lib/push).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const key = old?.options ? old.options.applicationServerKey : null;
      const renewed =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!renewed) return;
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const tab of tabs) {
        tab.postMessage({
          type: RESUBSCRIBED,
          subscription: renewed.toJSON(),
          oldEndpoint: old ? old.endpoint : null,
        });
      }
    })(),
  );
});
