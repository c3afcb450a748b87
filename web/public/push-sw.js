/*
 * Web Push in the service worker (issue 26, decision 47): imported by the generated `sw.js`
 * (build-plugins/pwa.ts `importScripts`). A push carries what the in-app notice shows — its text
 * and link — and a tag (one per conversation for chat, so a newer message replaces the older
 * notification). A tap focuses an open Touchline tab on the notice's page, or opens one.
 */
/* global self */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
  // Only a path of this site: a push can never send the tap elsewhere.
  const link =
    typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//')
      ? data.link
      : '/notification';
  const tag = text(data.tag, undefined);
  event.waitUntil(
    self.registration.showNotification(text(data.title, 'Touchline'), {
      body: text(data.body, ''),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-maskable-192.png',
      tag,
      renotify: Boolean(tag),
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  const url = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = tabs.filter((client) => new URL(client.url).origin === self.location.origin);
      // A tab already on the notice's page is focused as it is; else an open tab of ours is
      // focused and taken there. A tab this worker does not control cannot be navigated: the
      // page then opens in a new tab, so a tap always shows it.
      const tab = ours.find((client) => client.url === url) || ours[0];
      if (tab) {
        const focused = await tab.focus().catch(() => tab);
        if (tab.url === url) return;
        const moved = await (focused || tab).navigate(url).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
