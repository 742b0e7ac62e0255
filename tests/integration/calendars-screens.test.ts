import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { calendarFeeds, calendarStays, properties, reservations } from "#app/db/schema.ts";
import { parseCalendarFeed } from "#app/modules/calendars/calendar-feed.ts";
import { CALENDAR_MESSAGES } from "#app/modules/calendars/calendars.schema.ts";
import { airbnbDescription, feed, PRODID, type FixtureEvent } from "#tests/fixtures/calendars/feeds.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";

// The property's "Calendarios" screen over real HTTP (issue 28, ADR 0026): the form adds a feed
// (the action is the authority: a bad URL is refused in Spanish and nothing is stored), the list
// shows the masked URL, counts and state, "Sincronizar ahora" answers the exact message, and
// "Eliminar" keeps the reservations the feed imported. A loopback server plays the channel.

const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

type FeedState = { status: number; body: string; booking: string };

function startFeedServer() {
  const state: FeedState = { status: 200, body: "", booking: "" };
  const server = http.createServer((req, res) => {
    const booking = req.url?.startsWith("/booking") ?? false;
    res.writeHead(booking ? 200 : state.status, { "content-type": "text/calendar; charset=utf-8" });
    res.end(booking ? state.booking : state.body);
  });
  return new Promise<{ url: string; state: FeedState; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const uid = (n: number) => `1a2b3c4d5e6f-${String(n).padStart(32, "0")}@airbnb.com`;
const stay = (n: number, start: string, end: string): FixtureEvent => ({ uid: uid(n), start, end, summary: "Reserved", description: airbnbDescription(`HMSCRN000${n}`, `00${n}${n}`.slice(-4)) });
const block = (n: number, start: string, end: string): FixtureEvent => ({ uid: uid(n), start, end, summary: "Airbnb (Not available)" });

// Stays far ahead: the sync imports what is to come.
const EVENTS: FixtureEvent[] = [stay(1, "2030-03-06", "2030-03-10"), block(2, "2030-03-25", "2030-04-01"), stay(3, "2030-04-10", "2030-04-14")];
const TOKEN = "SECRETTOKEN1234567890abcdef";

describe.each(testDatabases())("the Calendarios screen on %s", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let feedServer: Awaited<ReturnType<typeof startFeedServer>>;
  let adminCookie = "";
  let userCookie = "";
  let propertyId = "";
  let ip = 0;
  const path = () => `/admin/viajeros/viviendas/${propertyId}/calendarios`;

  beforeAll(async () => {
    feedServer = await startFeedServer();
    database = await createTestDatabase(kind);
    server = await startTestServer({ testDatabase: database, env: { OUTBOUND_ALLOW_PRIVATE: "1", SES_CREDENTIALS_KEY: "c".repeat(64), TRUST_PROXY: "true" } });
    await server.createUser({ email: "ulises.user@nidosmart.test", password: "user-pass-1", role: "user" });
    adminCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    userCookie = await server.signIn("ulises.user@nidosmart.test", "user-pass-1");
    const [property] = await server.db.insert(properties).values({ name: "Ático Mayor", address: "Calle Mayor 1, Madrid", establishmentCode: "0000000001", provinceCode: "28" }).returning();
    propertyId = property!.id;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await feedServer?.close();
  });

  function post(fields: Record<string, string>, cookie = adminCookie) {
    ip += 1;
    return fetch(`${server.url}${path()}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": `10.46.${ip >> 8}.${ip & 255}` },
      body: new URLSearchParams(fields).toString(),
    });
  }
  const page = async () => {
    const response = await fetch(`${server.url}${path()}`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    return decodeHtml(await response.text());
  };
  const feeds = () => server.db.select().from(calendarFeeds).where(eq(calendarFeeds.propertyId, propertyId));
  const activeReservations = () => server.db.select().from(reservations).where(and(eq(reservations.propertyId, propertyId), isNull(reservations.cancelledAt)));

  test("a bad URL is refused in Spanish with a 400 and nothing is stored; a user without the permission is refused", async () => {
    const cases: [string, string][] = [
      ["", CALENDAR_MESSAGES.urlRequired],
      ["esto no es una url", CALENDAR_MESSAGES.urlInvalid],
      ["ftp://calendarios.example.com/feed.ics", CALENDAR_MESSAGES.urlScheme],
      ["https://ana:clave@calendarios.example.com/feed.ics", CALENDAR_MESSAGES.urlCredentials],
    ];
    for (const [url, message] of cases) {
      const response = await post({ intent: "add-feed", url, channel: "auto" });
      expect(response.status, url).toBe(400);
      expect(decodeHtml(await response.text())).toContain(message);
    }
    const wrongChannel = await post({ intent: "add-feed", url: `${feedServer.url}/feed.ics?s=${TOKEN}`, channel: "expedia" });
    expect(wrongChannel.status).toBe(400);
    expect(decodeHtml(await wrongChannel.text())).toContain(CALENDAR_MESSAGES.channelInvalid);
    expect((await post({ intent: "add-feed", url: `${feedServer.url}/feed.ics?s=${TOKEN}`, channel: "auto" }, userCookie)).status).toBe(403);
    expect(await feeds()).toHaveLength(0);
  });

  test("a feed added through the form is stored encrypted and listed masked, pending its first sync", async () => {
    const response = await post({ intent: "add-feed", url: `${feedServer.url}/feed.ics?s=${TOKEN}`, channel: "auto" });
    expect(response.status).toBe(201);
    expect(decodeHtml(await response.text())).toContain("Calendario añadido");
    const [row] = await feeds();
    expect(row!.urlEncrypted).not.toContain(TOKEN);
    // The background worker is left out of the counts below: the test syncs by hand.
    await server.db.update(calendarFeeds).set({ nextSyncAt: new Date("2100-01-01T00:00:00Z") }).where(eq(calendarFeeds.id, row!.id));
    const html = await page();
    expect(response.headers.get("cache-control") ?? "").toContain("no-store");
    expect(html).toContain("URL del calendario (iCal)");
    expect(html).toContain("Añadir calendario");
    expect(html).toContain(`${feedServer.url}/feed.ics?s=SECR••••`);
    expect(html).not.toContain(TOKEN);
    expect(html).toContain("0 reservas · 0 bloqueos");
    expect(html).toContain("Pendiente de la primera sincronización");
  });

  test("\"Sincronizar ahora\" answers the exact message; the list shows the channel, counts and state", async () => {
    const [row] = await feeds();
    feedServer.state.body = feed(PRODID.airbnb, EVENTS);
    const synced = await post({ intent: "sync-feed", feedId: row!.id });
    expect(synced.status).toBe(200);
    expect(decodeHtml(await synced.text())).toContain("Calendario sincronizado: 2 nuevas, 0 actualizadas, 0 canceladas");
    expect(await activeReservations()).toHaveLength(2);
    let html = await page();
    expect(html).toContain("Airbnb");
    expect(html).toContain("2 reservas · 1 bloqueo");
    expect(html).toContain("Correcto");

    // A failing read: the error in Spanish, since when; nothing changes.
    feedServer.state.status = 500;
    const failed = await post({ intent: "sync-feed", feedId: row!.id });
    // The sync ran (its error is the feed's state now): 200, so the screen reloads the list.
    expect(failed.status).toBe(200);
    const [after] = await feeds();
    expect(after!.lastError).toBeTruthy();
    expect(decodeHtml(await failed.text())).toContain(after!.lastError!);
    html = await page();
    expect(html).toMatch(/Error: [^<]+ \(desde \d\d\/\d\d\/\d{4} \d\d:\d\d\)/);
    expect(await activeReservations()).toHaveLength(2);
    feedServer.state.status = 200;

    // Another property's feed id is not this page's.
    expect((await post({ intent: "sync-feed", feedId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  test("\"Exportar calendario (iCal)\": the originated stays only, as iCalendar; a wrong or rotated token is a 404", async () => {
    // Typed stays: one kept, one cancelled. The two imported ones (above) must not be exported.
    const [typed] = await server.db
      .insert(reservations)
      .values({ propertyId, propertyName: "Ático Mayor", guestCount: 2, checkInDate: "2030-05-01", checkOutDate: "2030-05-04", uniqueLink: "L".repeat(22) })
      .returning();
    await server.db
      .insert(reservations)
      .values({ propertyId, propertyName: "Ático Mayor", guestCount: 2, checkInDate: "2030-06-01", checkOutDate: "2030-06-03", uniqueLink: "M".repeat(22), cancelledAt: new Date() });
    expect(await page()).toContain("Todavía no hay enlace de exportación");
    const created = await post({ intent: "rotate-export" });
    expect(created.status).toBe(200);
    const exportUrl = (await page()).match(/http:\/\/127\.0\.0\.1:\d+\/api\/ical\/[A-Za-z0-9_-]{32}\.ics/)?.[0];
    expect(exportUrl).toBeTruthy();
    const response = await fetch(exportUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(body).toContain("DTSTART;VALUE=DATE:20300501");
    const parsed = parseCalendarFeed(body);
    expect(parsed.events.map((e) => [e.uid, e.start, e.end])).toEqual([[`${typed!.id}@127.0.0.1`, "2030-05-01", "2030-05-04"]]);
    // Stable: the same text (UIDs, dates) on the next read.
    expect(await (await fetch(exportUrl!)).text()).toBe(body);

    const wrong = exportUrl!.replace(/\/ical\/[A-Za-z0-9_-]{32}/, `/ical/${"A".repeat(32)}`);
    expect((await fetch(wrong)).status).toBe(404);
    expect((await fetch(`${server.url}/api/ical/corto.ics`)).status).toBe(404);

    // "Cambiar enlace": the old URL is a 404 at once, the new one answers.
    const rotated = await post({ intent: "rotate-export" });
    expect(decodeHtml(await rotated.text())).toContain("el anterior ya no funciona");
    expect((await fetch(exportUrl!)).status).toBe(404);
    const newUrl = (await page()).match(/http:\/\/127\.0\.0\.1:\d+\/api\/ical\/[A-Za-z0-9_-]{32}\.ics/)?.[0];
    expect(newUrl).not.toBe(exportUrl);
    expect((await fetch(newUrl!)).status).toBe(200);
    await server.db.delete(reservations).where(eq(reservations.id, typed!.id));
    await server.db.delete(reservations).where(eq(reservations.uniqueLink, "M".repeat(22)));
  });

  test("Reservas shows the channel and booking code, filters by channel, and lets staff mark a Booking.com stay \"No es una reserva\"", async () => {
    const list = async (query = "") => {
      const response = await fetch(`${server.url}/admin/viajeros${query}`, { headers: { Cookie: adminCookie } });
      expect(response.status).toBe(200);
      return decodeHtml(await response.text());
    };
    let html = await list();
    expect(html).toContain("Airbnb · HMSCRN0001");
    expect(html).toContain("Importada del calendario de Airbnb · vista por última vez");
    expect(await list("?canal=airbnb")).toContain("HMSCRN0001");
    expect(await list("?canal=booking")).not.toContain("HMSCRN0001");

    // A Booking.com feed (stays and closures look alike there).
    feedServer.state.booking = feed(PRODID.booking, [{ uid: "bk-0000000000000000000001@booking.com", start: "2030-07-01", end: "2030-07-05", summary: "CLOSED - Not available" }]);
    expect((await post({ intent: "add-feed", url: `${feedServer.url}/booking.ics?t=${TOKEN}`, channel: "booking" })).status).toBe(201);
    const bookingFeed = (await feeds()).find((f) => f.channelSetting === "booking")!;
    await server.db.update(calendarFeeds).set({ nextSyncAt: new Date("2100-01-01T00:00:00Z") }).where(eq(calendarFeeds.id, bookingFeed.id));
    const synced = await post({ intent: "sync-feed", feedId: bookingFeed.id });
    expect(decodeHtml(await synced.text())).toContain("Calendario sincronizado: 1 nuevas, 0 actualizadas, 0 canceladas");
    const [closure] = await server.db.select().from(calendarStays).where(eq(calendarStays.feedId, bookingFeed.id));
    expect(await list("?canal=booking")).toContain("Importada del calendario de Booking.com");

    const mark = (id: string) =>
      fetch(`${server.url}/admin/viajeros?index`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: adminCookie, "X-Forwarded-For": `10.47.0.${++ip & 255}` },
        body: new URLSearchParams({ intent: "not-a-reservation", id }).toString(),
      });
    // An Airbnb stay is a stay: refused, nothing changes.
    const airbnbStay = (await server.db.select().from(calendarStays).where(eq(calendarStays.channel, "airbnb")))[0]!;
    const refused = await mark(airbnbStay.reservationId);
    expect(refused.status).toBe(409);
    expect(decodeHtml(await refused.text())).toContain("Solo una reserva importada del calendario de Booking.com");
    expect((await server.db.select().from(reservations).where(eq(reservations.id, airbnbStay.reservationId)))[0]!.cancelledAt).toBeNull();

    const marked = await mark(closure!.reservationId);
    expect(marked.status).toBe(200);
    expect(decodeHtml(await marked.text())).toContain("Marcada como «No es una reserva»");
    expect((await server.db.select().from(reservations).where(eq(reservations.id, closure!.reservationId)))[0]!.cancelledAt).not.toBeNull();
    html = await list("?canal=booking");
    expect(html).toContain("No es una reserva (bloqueo del calendario de Booking.com)");
    await server.db.delete(calendarFeeds).where(eq(calendarFeeds.id, bookingFeed.id));
  });

  test("\"Eliminar\" removes the feed and keeps the reservations it imported, as if typed", async () => {
    const [row] = await feeds();
    const deleted = await post({ intent: "delete-feed", feedId: row!.id });
    expect(deleted.status).toBe(200);
    expect(decodeHtml(await deleted.text())).toContain("Las reservas ya importadas se conservan");
    expect(await feeds()).toHaveLength(0);
    expect(await server.db.select().from(calendarStays).where(eq(calendarStays.propertyId, propertyId))).toHaveLength(0);
    const kept = await activeReservations();
    expect(kept.map((r) => [r.checkInDate, r.bookingChannel]).sort()).toEqual([
      ["2030-03-06", "airbnb"],
      ["2030-04-10", "airbnb"],
    ]);
    expect(await page()).toContain("Esta vivienda no tiene calendarios de canales.");
    expect((await post({ intent: "delete-feed", feedId: row!.id })).status).toBe(404);
  });

  test("an unknown property is a 404", async () => {
    const response = await fetch(`${server.url}/admin/viajeros/viviendas/00000000-0000-4000-8000-000000000000/calendarios`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(404);
  });
});
