/* global self, fetch, URLSearchParams */
// The staff area's service worker (issue 31, ADR 0027), scope /admin/. It only shows web push
// notifications and opens the incident when one is tapped: no caching, no fetch handler (the
// staff area always reads live data, and the marketing pages never load it).

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const FALLBACK_URL = "/admin/monitorizacion/incidencias";

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "Aviso de NidoSmart", {
      body: data.body || "",
      lang: "es",
      icon: "/admin/icon-192.png",
      badge: "/admin/icon-192.png",
      // A message sent again (a retry after a lost answer) replaces the one shown.
      tag: data.tag || undefined,
      data: { url: data.url || FALLBACK_URL, incidentId: data.incidentId || null },
      actions: [{ action: "ack", title: "Reconocer" }],
      requireInteraction: true,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target;
  try {
    target = new URL((event.notification.data && event.notification.data.url) || FALLBACK_URL, self.location.origin);
  } catch {
    target = new URL(FALLBACK_URL, self.location.origin);
  }
  // Only our own pages: a payload can never send the phone elsewhere.
  if (target.origin !== self.location.origin) target = new URL(FALLBACK_URL, self.location.origin);
  // "Reconocer" (event.action === "ack") first records the acknowledgement: the incident screen's
  // own action, posted from here with the session cookie (a worker's fetch carries our Origin, so
  // the server's cross-site check lets it through). Whatever the answer (already acknowledged, a
  // resolved incident, signed out), the incident then opens and says so. A window of the staff
  // area already open is taken to the incident (and brought forward); otherwise a new one opens.
  const incidentId = event.notification.data && event.notification.data.incidentId;
  const acknowledging =
    event.action === "ack" && typeof incidentId === "string" && /^[0-9a-f-]{36}$/i.test(incidentId)
      ? fetch(`/admin/monitorizacion/incidencias/${incidentId}`, {
          method: "POST",
          credentials: "same-origin",
          body: new URLSearchParams({ intent: "acknowledge" }),
        }).catch(() => undefined)
      : Promise.resolve();
  const opening = (async () => {
    await acknowledging;
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
    if (same) return same.focus();
    const ours = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
    if (ours) {
      const moved = await ours.navigate(target.href);
      return (moved || ours).focus().catch(() => moved);
    }
    return self.clients.openWindow(target.href);
  })();
  event.waitUntil(opening);
});
