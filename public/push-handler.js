// @ts-check
// Web Push in the app's service worker (issue 28: a followed fencer is called). Workbox generates the service
// worker (vite.config.ts) and imports this file into it, which is why it is plain JavaScript: the server
// writes the words (core/push-texts.ts), this shows them and opens the fencer's page on a tap.
/// <reference lib="webworker" />
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('push', (event) => {
  /** @type {{ title?: string; body?: string; url?: string; tag?: string }} */
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Piste' };
  }
  event.waitUntil(
    sw.registration.showNotification(data.title || 'Piste', {
      body: data.body,
      tag: data.tag,
      icon: '/icon-192.png',
      data: { url: data.url },
      requireInteraction: true,
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (!url) return;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : sw.clients.openWindow(url);
    }),
  );
});
