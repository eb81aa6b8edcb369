/* global self, clients, MessageChannel, setTimeout, clearTimeout */
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
  // A page of that very table in view: the person is looking at it (through another server process, which sent the
  // push not knowing), so nothing is shown; any other page, or none, and the notification comes.
  // (A window's url here is where it was opened, not the table its page shows now: each page in view is asked.)
  const url = new URL(m.url || '/', self.location.origin).href;
  const inView = clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((open) => Promise.all(open.filter((c) => c.visibilityState === 'visible').map((c) => showsTable(c, url))))
    .then((answers) => answers.some(Boolean), () => false);
  const shown = inView.then((looking) =>
    looking
      ? false
      : self.registration
          .showNotification(m.title || 'Olsen', { body: m.body || '', tag: m.tag || 'olsen', renotify: true, icon: '/icon.svg', data: { url: m.url || '/' } })
          .then(() => true, () => false),
  );
  const badge = typeof m.waiting === 'number' && 'setAppBadge' in self.navigator ? self.navigator.setAppBadge(m.waiting).catch(() => undefined) : Promise.resolve();
  // The app's open windows hear it too (their lists of games waiting may change), with whether it was shown.
  const told = Promise.all([shown, inView]).then(([ok, looking]) => clients.matchAll({ type: 'window' }).then((open) => open.forEach((c) => c.postMessage({ type: 'olsen-push', message: m, shown: ok, looking }))));
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

/** Whether the page of window `c` shows the table at `url`, in view (it answers on a port; no answer in 0.5 s: no). */
function showsTable(c, url) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 500);
    channel.port1.onmessage = (e) => {
      clearTimeout(timer);
      resolve(e.data === true);
    };
    c.postMessage({ type: 'olsen-looking', url }, [channel.port2]);
  });
}
