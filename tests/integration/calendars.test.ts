import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { calendarFeeds, calendarStays, landlordAccounts, properties, reservations, sesCommunications } from "#app/db/schema.ts";
import { fetchCalendarFeed } from "#app/modules/calendars/calendar-fetch.server.ts";
import { createCalendarFeed } from "#app/modules/calendars/calendar-feeds.server.ts";
import { calendarSyncMessage, markNotAReservation, startCalendarSyncService, syncCalendarFeed, syncDueCalendars, type CalendarSyncOptions } from "#app/modules/calendars/calendar-sync.server.ts";
import { resolveCredentialsKey, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { updateReservation } from "#app/modules/reservations/reservations.server.ts";
import { hasLiveFiling } from "#app/modules/ses/ses-outbox.server.ts";
import { airbnbDescription, feed, PRODID, readFixture, type FixtureEvent } from "#tests/fixtures/calendars/feeds.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Channel calendars end to end on a real database (issue 28, ADR 0026): a loopback feed server the
// test rewrites between syncs (counting requests, answering ETags), the sync applying plans through
// the reservation flows, failures that change nothing, and two instances reading a feed once.
// Time is injected (`now`): nothing waits.

const MINUTE = 60_000;
const INTERVAL = 15 * MINUTE;

type FeedState = { status: number; body: string; etag: string | null; hang: boolean; contentType: string; redirects: number };

function startFeedServer() {
  const state: FeedState = { status: 200, body: "", etag: null, hang: false, contentType: "text/calendar; charset=utf-8", redirects: 0 };
  const requests: { path: string; ifNoneMatch: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? "", ifNoneMatch: req.headers["if-none-match"] as string | undefined });
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? "");
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : "/feed.ics" }).end();
      return;
    }
    if (state.hang) return; // never answers: the fetcher's deadline cuts it
    if (state.etag && req.headers["if-none-match"] === state.etag) {
      res.writeHead(304, { etag: state.etag }).end();
      return;
    }
    res.writeHead(state.status, { "content-type": state.contentType, ...(state.etag ? { etag: state.etag } : {}) });
    res.end(state.body);
  });
  return new Promise<{ url: string; state: FeedState; requests: typeof requests; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const stay = (n: number, start: string, end: string): FixtureEvent => ({
  uid: `1a2b3c4d5e6f-${String(n).padStart(32, "0")}@airbnb.com`,
  start,
  end,
  summary: "Reserved",
  description: airbnbDescription(`HMTEST000${n}`, `00${n}${n}`.slice(-4)),
});
const block = (n: number, start: string, end: string): FixtureEvent => ({ uid: `1a2b3c4d5e6f-${String(n).padStart(32, "0")}@airbnb.com`, start, end, summary: "Airbnb (Not available)" });

describe.each(testDatabases())("channel calendars on %s", (kind) => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;
  let feedServer: Awaited<ReturnType<typeof startFeedServer>>;
  let key: CredentialsKey;
  let propertyId: string;
  let feedId: string;
  // 2027-03-01 11:00 in Madrid.
  let now = new Date("2027-03-01T10:00:00Z");
  const later = (ms = INTERVAL + MINUTE) => (now = new Date(now.getTime() + ms));
  const options = (extra: Partial<CalendarSyncOptions> = {}): CalendarSyncOptions => ({ key, allowPrivate: true, now, intervalMs: INTERVAL, jitter: () => 0, ...extra });
  const sync = (extra: Partial<CalendarSyncOptions> = {}) => syncCalendarFeed(first.db, feedId, options(extra));
  const active = () => first.db.select().from(reservations).where(and(eq(reservations.propertyId, propertyId), isNull(reservations.cancelledAt))).orderBy(reservations.checkInDate);
  const links = () => first.db.select().from(calendarStays).where(eq(calendarStays.feedId, feedId));
  const feedRow = async () => (await first.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId)))[0]!;

  // Two stays ahead and a block; the third stay is moved, then removed, in the tests below.
  let events: FixtureEvent[] = [stay(1, "2027-03-06", "2027-03-10"), block(2, "2027-03-25", "2027-04-01"), stay(3, "2027-04-10", "2027-04-14")];
  const publish = (etag: string | null = null) => {
    feedServer.state.body = feed(PRODID.airbnb, events);
    feedServer.state.etag = etag;
    feedServer.state.status = 200;
    feedServer.state.contentType = "text/calendar; charset=utf-8";
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    first = await testDatabase.open();
    // PostgreSQL: a second connection pool, as a second instance has. PGlite is one process's.
    second = kind === "postgres" ? await testDatabase.open() : first;
    feedServer = await startFeedServer();
    key = resolveCredentialsKey({ envKey: "b".repeat(64), database: { kind, dataDir: null } });
    const [landlord] = await first.db.insert(landlordAccounts).values({ name: "Ejemplo SL", landlordCode: "0000000001", wsUser: "u", autoSend: true }).returning();
    const [property] = await first.db
      .insert(properties)
      .values({ name: "Ático", address: "Calle Mayor 1, Madrid", establishmentCode: "0000000001", landlordAccountId: landlord!.id, provinceCode: "28" })
      .returning();
    propertyId = property!.id;
    ({ id: feedId } = await createCalendarFeed(first.db, key, propertyId, { url: `${feedServer.url}/feed.ics?s=SECRETTOKEN1234567890`, channel: "auto" }, null, now));
  });

  afterAll(async () => {
    await feedServer?.close();
    if (second !== first) await second?.close();
    await first?.close();
    await testDatabase?.drop();
  });

  test("the URL is stored encrypted and masked, never in clear", async () => {
    const row = await feedRow();
    expect(row.urlEncrypted).not.toContain("SECRETTOKEN");
    expect(row.urlMasked).toContain("SECR••••");
    expect(row.urlMasked).not.toContain("SECRETTOKEN1234567890");
  });

  test("import: stays become reservations without a holder (no RH filed), blocks are not imported", async () => {
    publish('"v1"');
    const outcome = await sync();
    expect(outcome).toMatchObject({ ok: true, created: 2, updated: 0, cancelled: 0, stays: 2, blocks: 1 });
    expect(calendarSyncMessage(outcome)).toBe("Calendario sincronizado: 2 nuevas, 0 actualizadas, 0 canceladas");
    const rows = await active();
    expect(rows.map((r) => [r.checkInDate, r.checkOutDate, r.bookingChannel, r.holderGivenName])).toEqual([
      ["2027-03-06", "2027-03-10", "airbnb", null],
      ["2027-04-10", "2027-04-14", "airbnb", null],
    ]);
    expect(rows[0]!.notes).toContain("Titular pendiente");
    expect((await links()).map((l) => l.bookingCode).sort()).toEqual(["HMTEST0001", "HMTEST0003"]);
    // The RH waits for a holder: never filed without one.
    expect(await first.db.select().from(sesCommunications)).toHaveLength(0);
    expect(await feedRow()).toMatchObject({ channel: "airbnb", etag: '"v1"', lastResult: "ok", staysCount: 2, blocksCount: 1, leaseOwner: null });
  });

  test("conditional GET: the stored ETag gets a 304, a successful sync that changes nothing", async () => {
    later();
    const before = feedServer.requests.length;
    const outcome = await sync();
    expect(outcome).toMatchObject({ ok: true, unchanged: true, created: 0, updated: 0, cancelled: 0 });
    expect(feedServer.requests.slice(before)).toEqual([{ path: "/feed.ics?s=SECRETTOKEN1234567890", ifNoneMatch: '"v1"' }]);
    expect(await feedRow()).toMatchObject({ lastResult: "unchanged", lastError: null });
    expect(await active()).toHaveLength(2);
  });

  test("a holder given later files the RH; dates moved on the channel file a B of it and a new A", async () => {
    const target = (await active())[1]!;
    const edited = await updateReservation(first.db, target.id, {
      guestCount: 2,
      checkInDate: target.checkInDate,
      checkOutDate: target.checkOutDate,
      notes: target.notes,
      paymentType: "EFECT",
      contractDate: target.contractDate,
      rooms: 1,
      bookingChannel: "airbnb",
      holder: { givenName: "Lucía", firstSurname: "Ejemplo", secondSurname: null, email: "lucia@example.com", phone: null, documentType: null, documentNumber: null, lang: "es" },
    });
    expect(edited).toBe(true);
    expect(await first.db.transaction((tx) => hasLiveFiling(tx, target.id, "RH"))).toBe(true);
    // The ministry accepted it (as the sender records it).
    await first.db.update(sesCommunications).set({ state: "accepted", codigoComunicacion: "c0de-rh" }).where(eq(sesCommunications.reservationId, target.id));

    events = [events[0]!, events[1]!, stay(3, "2027-04-11", "2027-04-15")];
    publish('"v2"');
    later();
    const outcome = await sync();
    expect(outcome).toMatchObject({ ok: true, created: 0, updated: 1, cancelled: 0 });
    const [moved] = await first.db.select().from(reservations).where(eq(reservations.id, target.id));
    expect([moved!.checkInDate, moved!.checkOutDate]).toEqual(["2027-04-11", "2027-04-15"]);
    // No "modify" in SES: a B of the accepted RH and a new A with the new dates.
    const filings = await first.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, target.id)).orderBy(sesCommunications.createdAt);
    const accepted = filings.find((f) => f.kind === "RH" && f.state === "accepted")!;
    expect(accepted.cancelRequested).toBe(true);
    expect(filings.filter((f) => f.kind === "B").map((f) => f.targetId)).toEqual([accepted.id]);
    const fresh = filings.filter((f) => f.kind === "RH" && f.state !== "accepted");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.xml).toContain("2027-04-11");
  });

  test("failed reads change nothing but the feed's state: 500, HTML, too big, empty, timeout", async () => {
    const snapshot = JSON.stringify([await active(), await links()]);
    const fails: [() => void, Partial<CalendarSyncOptions>, string][] = [
      [() => (feedServer.state.status = 500), {}, "Error: el servidor respondió 500"],
      [() => ((feedServer.state.body = readFixture("login-page.html")), (feedServer.state.contentType = "text/html")), {}, "Error: no es un calendario iCal"],
      [() => (feedServer.state.body = feed(PRODID.airbnb, events)), { maxBytes: 512 }, "Error: el calendario supera 1 KB"],
      [() => (feedServer.state.body = ""), {}, "Error: el calendario llegó vacío"],
      [() => (feedServer.state.body = feed(PRODID.airbnb, [])), {}, "Error: el calendario llegó vacío"],
      [() => (feedServer.state.hang = true), { timeoutMs: 300 }, "Error: no respondió en 0,3 s"],
    ];
    for (const [arrange, extra, message] of fails) {
      publish(null);
      arrange();
      // Twice each: two misses would cancel a stay if a failure counted as a sync.
      for (let i = 0; i < 2; i++) {
        later();
        expect(await sync(extra)).toEqual({ ok: false, message });
      }
      feedServer.state.hang = false;
      expect(await feedRow()).toMatchObject({ lastResult: "error", lastError: message, leaseOwner: null });
    }
    expect(JSON.stringify([await active(), await links()])).toBe(snapshot);
    expect((await feedRow()).failingSince).not.toBeNull();
  });

  test("a stay gone from two consecutive syncs is cancelled, its RH withdrawn", async () => {
    const target = (await active())[1]!;
    events = [events[0]!, events[1]!];
    publish('"v3"');
    later();
    expect(await sync()).toMatchObject({ ok: true, created: 0, updated: 0, cancelled: 0 });
    expect((await links()).find((l) => l.reservationId === target.id)?.missedSyncs).toBe(1);
    expect(await active()).toHaveLength(2);
    publish('"v4"');
    later();
    const outcome = await sync();
    expect(outcome).toMatchObject({ ok: true, cancelled: 1 });
    expect(calendarSyncMessage(outcome)).toBe("Calendario sincronizado: 0 nuevas, 0 actualizadas, 1 canceladas");
    const [cancelled] = await first.db.select().from(reservations).where(eq(reservations.id, target.id));
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(await first.db.transaction((tx) => hasLiveFiling(tx, target.id, "RH"))).toBe(false);
    expect(await feedRow()).toMatchObject({ lastResult: "ok", failingSince: null });
  });

  test("two instances at once read each due feed once per interval", async () => {
    const second2 = await createCalendarFeed(first.db, key, propertyId, { url: `${feedServer.url}/hop/2`, channel: "airbnb" }, null, now);
    publish(null);
    later();
    const reads = () => feedServer.requests.filter((r) => r.path.startsWith("/feed.ics")).length;
    const before = reads();
    const run = (db: Database, owner: string) => syncDueCalendars(db.db, { key, allowPrivate: true, now, intervalMs: INTERVAL, jitter: () => 0, owner });
    const [a, b] = await Promise.all([run(first, "instance-a"), run(second, "instance-b")]);
    const synced = [...a, ...b].map((r) => r.feedId).sort();
    expect(synced).toEqual([feedId, second2.id].sort());
    // One read per feed: the first's URL, the second's at the end of its two redirects.
    expect(reads() - before).toBe(2);
    // Same interval: nothing is due any more, on either instance.
    expect([...(await run(first, "instance-a")), ...(await run(second, "instance-b"))]).toEqual([]);
    // The second feed holds the same stays under the same codes: not imported twice.
    expect(await active()).toHaveLength(1);
  });

  test("the fetcher: redirects (at most 3), and the address guard on every hop", async () => {
    publish(null);
    expect(await fetchCalendarFeed(`${feedServer.url}/hop/3`, { allowPrivate: true })).toMatchObject({ ok: true, notModified: false });
    expect(await fetchCalendarFeed(`${feedServer.url}/hop/4`, { allowPrivate: true })).toEqual({ ok: false, message: "Error: más de 3 redirecciones" });
    const refused = await fetchCalendarFeed(`${feedServer.url}/feed.ics`, { allowPrivate: false });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain("OUTBOUND_ALLOW_PRIVATE");
    // A public-looking name resolving to loopback is refused after DNS.
    const port = new URL(feedServer.url).port;
    const resolved = await fetchCalendarFeed(`http://calendario.example:${port}/feed.ics`, { allowPrivate: false, resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(!resolved.ok && resolved.message).toContain("calendario.example resuelve a 127.0.0.1");
    // A relative redirect stays on the host already checked (each hop goes through the guard).
    const hop = await fetchCalendarFeed(`http://calendario.example:${port}/hop/1`, {
      allowPrivate: false,
      allowAddresses: ["127.0.0.1"],
      resolve: async (name) => [{ address: name === "calendario.example" ? "127.0.0.1" : "10.0.0.1", family: 4 }],
    });
    expect(hop.ok).toBe(true);
  });

  test("a crash mid-sync applies nothing and keeps the lease; the next round imports the stay once", async () => {
    events = [events[0]!, events[1]!, stay(5, "2027-05-01", "2027-05-05")];
    publish(null);
    later();
    // The database fails at the last write of the sync's transaction (the feed's result).
    await first.db.execute(sql`create function calendar_crash() returns trigger language plpgsql as $$ begin if new.last_result = 'ok' and new.lease_owner is null and old.lease_owner is not null then raise exception 'crash'; end if; return new; end $$`);
    await first.db.execute(sql`create trigger calendar_crash before update on calendar_feeds for each row execute function calendar_crash()`);
    await expect(sync()).rejects.toThrow();
    await first.db.execute(sql`drop trigger calendar_crash on calendar_feeds`);
    expect(await active()).toHaveLength(1);
    // The crashed round's lease still holds: nobody reads the feed until it runs out.
    const before = feedServer.requests.length;
    expect(await sync()).toEqual({ ok: false, message: "Este calendario ya se está sincronizando" });
    expect(feedServer.requests.length).toBe(before);
    later(2 * MINUTE);
    expect(await sync()).toMatchObject({ ok: true, created: 1 });
    later();
    expect(await sync()).toMatchObject({ ok: true, created: 0, updated: 0, cancelled: 0 });
    expect((await active()).map((r) => r.checkInDate)).toEqual(["2027-03-06", "2027-05-01"]);
  });

  test("\"No es una reserva\": the stay is cancelled, never imported again, and forgotten when the closure goes", async () => {
    const target = (await active())[0]!;
    expect(await markNotAReservation(first.db, target.id)).toBe(true);
    expect(await active()).toHaveLength(1);
    publish(null);
    later();
    expect(await sync()).toMatchObject({ ok: true, created: 0, cancelled: 0 });
    expect(await active()).toHaveLength(1);
    // The closure is gone from two syncs: the mark is deleted.
    events = events.filter((e) => !e.uid.endsWith(`${"0".repeat(31)}1@airbnb.com`));
    for (let i = 0; i < 2; i++) {
      publish(null);
      later();
      expect(await sync()).toMatchObject({ ok: true, created: 0, cancelled: 0 });
    }
    expect(await first.db.select().from(reservations).where(eq(reservations.id, target.id))).toHaveLength(0);
  });

  test("the server's worker syncs a feed that falls due, then stops cleanly", async () => {
    const [other] = await first.db.insert(properties).values({ name: "Estudio", address: "Calle Sol 2, Madrid", establishmentCode: "0000000002" }).returning();
    events = [stay(7, "2030-06-01", "2030-06-04")];
    publish(null);
    // Due now on the real clock (the other feeds are due in 2027).
    const { id } = await createCalendarFeed(first.db, key, other!.id, { url: `${feedServer.url}/feed.ics?s=WORKER`, channel: "auto" }, null, new Date());
    const service = startCalendarSyncService(first.db, { logger: pino({ level: "silent" }), key, allowPrivate: true, intervalS: 900, timeoutMs: 5_000, startDelayMs: 0 });
    try {
      const row = await waitUntil(async () => {
        const [feedNow] = await first.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
        return feedNow?.lastResult ? feedNow : null;
      }, "the worker's first sync");
      expect(row).toMatchObject({ lastResult: "ok", staysCount: 1, leaseOwner: null });
      expect(row.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 14 * MINUTE);
    } finally {
      await service.stop();
    }
    expect(await first.db.select().from(reservations).where(eq(reservations.propertyId, other!.id))).toHaveLength(1);
  });
});
