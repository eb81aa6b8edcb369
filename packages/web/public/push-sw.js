/* global self, clients */
// The service worker's part for turn-based tables (imported by the generated service worker): a push is shown as a
// notification ("Din tur i Vri åtter med Mormor"), the app's badge counts the games waiting, and a tap opens the
// table (a window of the app already open is brought forward and sent there).
self.addEventListener('push', (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = { title: event.data ? event.data.text() : 'Olsen' };
  }
  const shown = self.registration
    .showNotification(m.title || 'Olsen', { body: m.body || '', tag: m.tag || 'olsen', renotify: true, icon: '/icon.svg', data: { url: m.url || '/' } })
    .then(() => true, () => false);
  const badge = typeof m.waiting === 'number' && 'setAppBadge' in self.navigator ? self.navigator.setAppBadge(m.waiting).catch(() => undefined) : Promise.resolve();
  // The app's open windows hear it too (their lists of games waiting may change), with whether it was shown.
  const told = shown.then((ok) => clients.matchAll({ type: 'window' }).then((open) => open.forEach((c) => c.postMessage({ type: 'olsen-push', message: m, shown: ok }))));
  event.waitUntil(Promise.all([told, badge]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
      for (const c of open) {
        if (new URL(c.url).origin === self.location.origin && 'focus' in c) return c.navigate(url).then((w) => (w || c).focus());
      }
      return clients.openWindow(url);
    }),
  );
});
