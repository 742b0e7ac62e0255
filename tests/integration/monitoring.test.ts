import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayIsoDate } from "#app/lib/dates.ts";
import type { DeviceSeries } from "#app/modules/monitoring/monitoring.schema.ts";
import { getStaysInProgress, listFleet } from "#app/modules/monitoring/monitoring.server.ts";
import { addDays, createProperty, createStay, ingest, registerDevice } from "#tests/helpers/monitoring-fixtures.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";

// Monitorización (issue 19) through the real server and database: readings go in through the
// device ingest endpoint, and come out through the fleet page, the chart data, the CSV export
// and the live stream.

const api = (deviceId: string, what: "series" | "export.csv") => `/api/admin/monitoring/devices/${encodeURIComponent(deviceId)}/${what}`;

/** Reads a server-sent event stream until `done(text)` holds; fails after `timeoutMs`. */
async function readStreamUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (!done(text)) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`stream ended before the expected event; got: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
}

describe.each(testDatabases())("Monitorización on %s", (database) => {
  let server: TestServer;
  let superCookie: string;
  let adminCookie: string;
  let userCookie: string;
  let busyProperty: string;
  let bookedProperty: string;
  const secrets: Record<string, string> = {};
  const now = Date.now();
  const minuteStart = Math.floor(now / 60_000) * 60_000;
  // Whole minutes in the past, so every reading is within the ingest's accepted window.
  const at = (minutesAgo: number, seconds = 0) => new Date(minuteStart - minutesAgo * 60_000 + seconds * 1000).toISOString();

  beforeAll(async () => {
    // Open streams re-check their session every second here (30 s by default).
    server = await startTestServer({ database, env: { LIVE_SESSION_RECHECK_S: "1" } });
    await server.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass", role: "admin" });
    await server.createUser({ email: "ursula@nidosmart.test", password: "user-pass", role: "user" });
    superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    adminCookie = await server.signIn("ana.admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("ursula@nidosmart.test", "user-pass");

    const today = todayIsoDate();
    busyProperty = await createProperty(server, "Ático Gran Vía", "Gran Vía 12, 28013 Madrid");
    bookedProperty = await createProperty(server, "Casa Triana", "Calle Betis 3, 41010 Sevilla");
    const quietProperty = await createProperty(server, "Estudio Málaga", "Calle Larios 5, 29005 Málaga");
    // Busy: 2 booked, 2 registered. Booked: 4 booked, nobody registered yet. Past and cancelled
    // stays never count.
    await createStay(server, busyProperty, { checkIn: addDays(today, -1), checkOut: addDays(today, 2) }, 2, 2);
    await createStay(server, busyProperty, { checkIn: addDays(today, -9), checkOut: addDays(today, -1) }, 6, 0);
    await createStay(server, bookedProperty, { checkIn: today, checkOut: addDays(today, 3) }, 4, 0);
    const cancelled = await createStay(server, quietProperty, { checkIn: addDays(today, -1), checkOut: addDays(today, 1) }, 3, 0);
    await server.db.execute(sql`update reservations set cancelled_at = now() where id = ${cancelled}`);

    for (const [deviceId, propertyId] of [
      ["ns01-gran-via", busyProperty],
      ["ns01-triana", bookedProperty],
      ["ns01-malaga", quietProperty],
      ["ns01-almacen", ""],
    ] as const) {
      secrets[deviceId] = await registerDevice(server, superCookie, { deviceId, name: `Sensor ${deviceId}`, propertyId });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("stays in progress: registered guests, else the booking's count; cancelled and past ones never", async () => {
    const stays = await getStaysInProgress(server.db);
    expect(stays.get(busyProperty)).toMatchObject({ expected: 2, registered: true });
    expect(stays.get(bookedProperty)).toMatchObject({ expected: 4, registered: false });
    expect(stays.size).toBe(2);
  });

  test("fleet: online and offline, occupancy against the stay, problems first", async () => {
    await ingest(server, "ns01-gran-via", secrets["ns01-gran-via"], [
      { ts: at(1), window_s: 60, laeq: 52.34, lmax: 61, occupancy: 3, temp_c: 21.5, battery_pct: 88 },
    ]);
    await ingest(server, "ns01-triana", secrets["ns01-triana"], [{ ts: at(1), window_s: 60, laeq: 38, occupancy: 1, battery_pct: 64 }]);
    await ingest(server, "ns01-malaga", secrets["ns01-malaga"], [{ ts: at(40), window_s: 60, laeq: 30, occupancy: 0, battery_pct: 12 }]);
    // Málaga last reported 40 minutes ago: as the server received it then.
    await server.db.execute(sql`update device_state set last_received_at = now() - interval '40 minutes' where device_id = 'ns01-malaga'`);

    const fleet = await listFleet(server.db, { q: "", city: "", propertyId: "", status: "all", page: 1 });
    const byId = Object.fromEntries(fleet.devices.map((d) => [d.id, d]));
    expect(byId["ns01-gran-via"]).toMatchObject({ online: true, city: "Madrid", problems: ["overOccupancy"] });
    expect(byId["ns01-gran-via"].state).toMatchObject({ laeq: 52.3, occupancy: 3, tempC: 21.5, batteryPct: 88 });
    expect(byId["ns01-triana"]).toMatchObject({ online: true, problems: [] });
    expect(byId["ns01-malaga"]).toMatchObject({ online: false, problems: ["offline", "lowBattery"] });
    expect(byId["ns01-almacen"]).toMatchObject({ online: false, propertyName: null, problems: ["noData"] });
    expect(fleet.devices.map((d) => d.id)).toEqual(["ns01-malaga", "ns01-almacen", "ns01-gran-via", "ns01-triana"]);
    expect(fleet.summary).toMatchObject({ total: 4, online: 2, offline: 2, problems: 3 });
    expect(fleet.cities).toEqual(["Madrid", "Málaga", "Sevilla"]);

    const page = await fetch(`${server.url}/admin/monitorizacion`, { headers: { Cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("3 personas · 2 registradas");
    expect(html).toContain("1 persona · 4 en la reserva");
    expect(html).toContain("Sin conexión");
    // Spanish figures with one unit (issue 27): a decimal comma, dB(A).
    expect(html).toContain("52,3 dB(A)");
    expect(html).toContain("21,5 °C");
    expect(html).not.toMatch(/\d\.\d dB|\d\.\d °C/);

    const filtered = await fetch(`${server.url}/admin/monitorizacion?ciudad=${encodeURIComponent("Málaga")}`, { headers: { Cookie: adminCookie } });
    const filteredHtml = await filtered.text();
    expect(filteredHtml).toContain("ns01-malaga");
    expect(filteredHtml).not.toContain("ns01-gran-via");
    const searched = await listFleet(server.db, { q: "triana", city: "", propertyId: "", status: "all", page: 1 });
    expect(searched.devices.map((d) => d.id)).toEqual(["ns01-triana"]);
    const problems = await listFleet(server.db, { q: "", city: "", propertyId: "", status: "problems", page: 1 });
    expect(problems.devices.map((d) => d.id)).toEqual(["ns01-malaga", "ns01-almacen", "ns01-gran-via"]);
  });

  test("chart data: about one point per pixel, LAeq averaged as energy, Lmax and occupancy maxima", async () => {
    const deviceId = "ns01-triana";
    // Six minutes of 10-second readings (ts = the end of each window): 40 dB then 80 dB in
    // alternate minutes.
    const readings = Array.from({ length: 36 }, (_, i) => {
      const minute = Math.floor(i / 6);
      return { ts: at(20 - minute, (i % 6) * 10 + 10), window_s: 10, laeq: minute % 2 === 0 ? 40 : 80, lmax: minute % 2 === 0 ? 50 : 90 + (i % 6), occupancy: minute };
    });
    await ingest(server, deviceId, secrets[deviceId], readings);

    const get = async (from: string, to: string, width: number) => {
      const response = await fetch(`${server.url}${api(deviceId, "series")}?${new URLSearchParams({ from, to, width: String(width) })}`, {
        headers: { Cookie: adminCookie, "Accept-Encoding": "gzip" },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as DeviceSeries;
    };

    // 2 minutes a pixel: the minute rollup, two minutes (one quiet, one loud) per point.
    const wide = await get(at(120), at(0), 60);
    expect(wide.source).toBe("minute");
    expect(wide.bucketSeconds).toBe(120);
    expect(wide.t.length).toBeLessThanOrEqual(60);
    const points = wide.t.map((t, i) => ({ t, laeq: wide.laeq[i], lmax: wide.lmax[i], occupancy: wide.occupancy[i] })).filter((p) => p.laeq != null);
    expect(points.length).toBeGreaterThanOrEqual(3);
    // 40 and 80 dB for equal times average to 77.0 dB of energy, not 60.
    for (const point of points.filter((p) => p.lmax! > 80)) expect(point.laeq).toBe(77);
    expect(Math.max(...points.map((p) => p.lmax!))).toBe(95);
    expect(Math.max(...points.map((p) => p.occupancy!))).toBe(5);

    // 10 minutes on 60 pixels: the raw readings, 10 s per point.
    const narrow = await get(at(21), at(11), 60);
    expect(narrow.source).toBe("raw");
    expect(narrow.bucketSeconds).toBe(10);
    expect(narrow.laeq).toEqual(readings.map((r) => r.laeq));

    // 30 days on a phone: the hour rollup, never more points than pixels.
    const month = await get(new Date(now - 30 * 86_400_000).toISOString(), new Date(now).toISOString(), 360);
    expect(month.source).toBe("hour");
    expect(month.t.length).toBeLessThanOrEqual(360);
    // The property's stay in progress is in the range, to be shaded, with the booking's 4 guests
    // as its people threshold while nobody has registered.
    expect(month.stays).toMatchObject([{ expected: 4, registered: false }]);

    const bad = await fetch(`${server.url}${api(deviceId, "series")}?from=${at(0)}&to=${at(10)}&width=300`, { headers: { Cookie: adminCookie } });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${server.url}${api("no-such-device", "series")}?from=${at(10)}&to=${at(0)}&width=300`, { headers: { Cookie: adminCookie } });
    expect(missing.status).toBe(404);
  });

  test("device view: each band's noise threshold in words, the stay's registered guests as the people threshold, Spanish figures", async () => {
    const page = await fetch(`${server.url}/admin/monitorizacion/ns01-gran-via`, { headers: { Cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The property has no rules of its own: the default preset's bands, as the chart draws them.
    expect(html).toContain("Umbrales de ruido de la vivienda: Día desde las 07:00, 70 dB(A) · Tarde desde las 19:00, 65 dB(A) · Noche desde las 23:00, 55 dB(A).");
    expect(html).toContain("52,3 dB(A)");
    expect(html).toContain("Lmax 61,0 dB(A)");
    expect(html).not.toMatch(/\d\.\d dB/);
    const series = await fetch(`${server.url}${api("ns01-gran-via", "series")}?${new URLSearchParams({ from: at(600), to: at(0), width: "300" })}`, { headers: { Cookie: adminCookie } });
    expect(((await series.json()) as DeviceSeries).stays).toMatchObject([{ expected: 2, registered: true }]);
    // A device without a property has no thresholds to draw.
    const unassigned = await (await fetch(`${server.url}/admin/monitorizacion/ns01-almacen`, { headers: { Cookie: adminCookie } })).text();
    expect(unassigned).not.toContain("Umbrales de ruido");
  });

  test("CSV: exact header, one row per minute, one decimal, empty fields where nothing was measured", async () => {
    const deviceId = "ns01-almacen";
    // A reading's ts is the end of its window: these two make up the minute starting at(5).
    await ingest(server, deviceId, secrets[deviceId], [
      { ts: at(5, 30), window_s: 30, laeq: 40.04, lmax: 45.06, occupancy: 1 },
      { ts: at(4, 0), window_s: 30, laeq: 80, lmax: 85.55, occupancy: 2 },
      // Only occupancy: no LAeq, no Lmax in the minute starting at(3).
      { ts: at(2, 0), window_s: 60, occupancy: 0 },
    ]);
    const response = await fetch(`${server.url}${api(deviceId, "export.csv")}?${new URLSearchParams({ from: at(10), to: at(0) })}`, {
      headers: { Cookie: adminCookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="lecturas-ns01-almacen-/);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("minute,laeq,lmax,occupancy_max,readings");
    expect(lines.slice(1)).toEqual([
      `${at(5).replace(/\.\d{3}Z$/, "Z")},77.0,85.6,2,2`,
      `${at(3).replace(/\.\d{3}Z$/, "Z")},,,0,1`,
      "",
    ]);
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1]).toEqual({ minute: at(3).replace(/\.\d{3}Z$/, "Z"), laeq: "", lmax: "", occupancy_max: "0", readings: "1" });

    const gzipped = await fetch(`${server.url}${api(deviceId, "export.csv")}?${new URLSearchParams({ from: at(10), to: at(0) })}`, {
      headers: { Cookie: adminCookie, "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(text);

    const tooLong = await fetch(`${server.url}${api(deviceId, "export.csv")}?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, { headers: { Cookie: adminCookie } });
    expect(tooLong.status).toBe(400);
  });

  test("live stream: a reading ingested over HTTP reaches an open device stream, uncompressed", async () => {
    const deviceId = "ns01-gran-via";
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/admin/monitoring/stream?device=${deviceId}`, {
      headers: { Cookie: adminCookie, "Accept-Encoding": "gzip, br" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBeNull();
    const reading = readStreamUntil(response.body!, (text) => text.includes("event: reading"));
    // Another device's reading is not sent to this stream.
    await ingest(server, "ns01-triana", secrets["ns01-triana"], [{ ts: at(0, 1), window_s: 1, laeq: 44.4 }]);
    await ingest(server, deviceId, secrets[deviceId], [{ ts: at(0, 2), window_s: 1, laeq: 66.6, occupancy: 4 }]);
    const text = await reading;
    controller.abort();
    expect(text.startsWith("retry: 3000\n")).toBe(true);
    const event = JSON.parse(/event: reading\ndata: (.*)\n/.exec(text)![1]) as { deviceId: string; state: { laeq: number; occupancy: number } };
    expect(event.deviceId).toBe(deviceId);
    expect(event.state).toMatchObject({ laeq: 66.6, occupancy: 4 });
    expect(text).not.toContain("44.4");

    const unknown = await fetch(`${server.url}/api/admin/monitoring/stream?device=no-such-device`, { headers: { Cookie: adminCookie } });
    expect(unknown.status).toBe(404);
  });

  test("who may see and export: staff with monitoring permissions only", async () => {
    const range = new URLSearchParams({ from: at(10), to: at(0) });
    const urls = [
      `${api("ns01-gran-via", "series")}?${range}&width=300`,
      `${api("ns01-gran-via", "export.csv")}?${range}`,
      `/api/admin/monitoring/stream?device=ns01-gran-via`,
    ];
    for (const url of urls) {
      const anonymous = await fetch(`${server.url}${url}`);
      expect(anonymous.status, url).toBe(401);
      const user = await fetch(`${server.url}${url}`, { headers: { Cookie: userCookie } });
      expect(user.status, url).toBe(403);
      expect(await user.text()).not.toContain("laeq");
    }
    for (const cookie of [adminCookie, superCookie]) {
      const controller = new AbortController();
      for (const url of urls) {
        const response = await fetch(`${server.url}${url}`, { headers: { Cookie: cookie }, signal: controller.signal });
        expect(response.status, url).toBe(200);
      }
      controller.abort();
    }
    const pageAsUser = await fetch(`${server.url}/admin/monitorizacion/ns01-gran-via`, { redirect: "manual", headers: { Cookie: userCookie } });
    expect(pageAsUser.status).toBe(302);
    const page = await fetch(`${server.url}/admin/monitorizacion/ns01-gran-via`, { headers: { Cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Exportar CSV");
    const missing = await fetch(`${server.url}/admin/monitorizacion/no-such-device`, { headers: { Cookie: adminCookie } });
    expect(missing.status).toBe(404);
  });

  test("fleet: each device's open incidents, worst first, under its flat's name; the count is of open incidents; mail unset is said", async () => {
    // Issue 27: four incidents open while the fleet said "Con incidencias 0" and every row
    // "Ninguna", because it read only the latest reading (here all calm).
    const open = async (deviceId: string, propertyId: string, type: string, minutesAgo: number, status = "open") => {
      const rows = (await server.db.execute(sql`
        insert into incidents (property_id, device_id, type, status, started_at, last_trigger_at)
        values (${propertyId}, ${deviceId}, ${type}, ${status}, ${at(minutesAgo)}, ${at(minutesAgo)}) returning id`)) as unknown as { rows: { id: string }[] };
      return rows.rows[0]!.id;
    };
    const noise = await open("ns01-triana", bookedProperty, "noise", 30);
    const intrusion = await open("ns01-triana", bookedProperty, "intrusion", 20);
    const presence = await open("ns01-gran-via", busyProperty, "empty_presence", 25);
    await open("ns01-gran-via", busyProperty, "noise", 90, "resolved");
    const openCount = async () => Number(((await server.db.execute(sql`select count(*)::int as n from incidents where status = 'open'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

    const fleet = await listFleet(server.db, { q: "", city: "", propertyId: "", status: "all", page: 1 });
    const byId = Object.fromEntries(fleet.devices.map((d) => [d.id, d]));
    expect(byId["ns01-triana"].openIncidents.map((i) => [i.id, i.type])).toEqual([
      [intrusion, "intrusion"],
      [noise, "noise"],
    ]);
    expect(byId["ns01-gran-via"].openIncidents.map((i) => i.id)).toEqual([presence]);
    expect(fleet.summary.openIncidents).toBe(fleet.devices.reduce((sum, d) => sum + d.openIncidents.length, 0));
    expect(fleet.summary.openIncidents).toBe(await openCount());
    // Worst first: a possible squatter before presence in an empty flat, before devices with none.
    expect(fleet.devices.map((d) => d.id).slice(0, 2)).toEqual(["ns01-triana", "ns01-gran-via"]);
    const problems = await listFleet(server.db, { q: "", city: "", propertyId: "", status: "problems", page: 1 });
    expect(problems.devices.map((d) => d.id)).toContain("ns01-triana");

    const html = await (await fetch(`${server.url}/admin/monitorizacion`, { headers: { Cookie: adminCookie } })).text();
    const row = html.match(/<tr[^>]*data-device-id="ns01-triana"[^>]*>([\s\S]*?)<\/tr>/)?.[1] ?? "";
    // The row is headed by the flat (the phone's card title), then the device.
    expect(row.indexOf("Casa Triana")).toBeGreaterThan(-1);
    expect(row.indexOf("Casa Triana")).toBeLessThan(row.indexOf("ns01-triana"));
    expect(row).toMatch(/Posible ocupación[\s\S]*Ruido excesivo/);
    expect(row).toContain(`href="/admin/monitorizacion/incidencias/${intrusion}"`);
    expect(row).not.toContain("Ninguna");
    expect(html).toMatch(new RegExp(`Incidencias abiertas</dt><dd[^>]*>${fleet.summary.openIncidents}</dd>`));
    // No SMTP_URL on this server: Monitorización says nobody is e-mailed, and what to set.
    expect(html).toContain("El correo no está configurado (SMTP_URL)");
    await server.db.execute(sql`delete from incidents where id in (${noise}, ${intrusion}, ${presence}) or (device_id = 'ns01-gran-via' and status = 'resolved')`);
  });

  test("revocation reaches an open stream: demoted, or its session gone, the stream ends", async () => {
    /** Opens a device stream as `cookie`; `ended` resolves once the server ends it. */
    const openStream = async (cookie: string) => {
      const response = await fetch(`${server.url}/api/admin/monitoring/stream?device=ns01-gran-via`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read(); // the opening bytes
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return "ended";
      })();
      return { ended };
    };
    // Demoted from admin to user by the super admin on the users screen.
    const demoted = await server.createUser({ email: "dora.demoted@nidosmart.test", password: "demoted-pass", role: "admin" });
    const demotedStream = await openStream(await server.signIn("dora.demoted@nidosmart.test", "demoted-pass"));
    const changed = await fetch(`${server.url}/admin/usuarios`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: superCookie },
      body: new URLSearchParams({ intent: "update-role", userId: demoted.id, role: "user" }).toString(),
    });
    expect(changed.status).toBe(200);
    expect(await demotedStream.ended).toBe("ended");

    // Signed out everywhere (the session rows revoked): the stream ends too.
    const revoked = await server.createUser({ email: "rita.revoked@nidosmart.test", password: "revoked-pass", role: "admin" });
    const revokedStream = await openStream(await server.signIn("rita.revoked@nidosmart.test", "revoked-pass"));
    await server.db.execute(sql`delete from sessions where user_id = ${revoked.id}`);
    expect(await revokedStream.ended).toBe("ended");
  }, 30_000);

  test("fit for many devices: pages of 50, the filters kept in the page links", async () => {
    // Devices that never reported, inserted directly: only their number matters here.
    await server.db.execute(sql`
      insert into devices (id, name, secret_hash) select 'ns01-lote-' || lpad(i::text, 3, '0'), 'Lote ' || i, 'x' from generate_series(1, 60) i`);
    const second = await listFleet(server.db, { q: "lote", city: "", propertyId: "", status: "problems", page: 2 });
    expect(second).toMatchObject({ total: 60, page: 2, pageCount: 2 });
    expect(second.devices).toHaveLength(10);
    const html = await (await fetch(`${server.url}/admin/monitorizacion?q=lote&estado=problems`, { headers: { Cookie: adminCookie } })).text();
    expect(html).toContain("Página 1 de 2 · 60 dispositivos");
    expect(html).toContain('href="/admin/monitorizacion?q=lote&amp;estado=problems&amp;pagina=2"');
  });

  // Last: it shuts the server down.
  test("an open stream is ended cleanly when the server shuts down, not cut after the drain timeout", async () => {
    const response = await fetch(`${server.url}/api/admin/monitoring/stream?device=ns01-gran-via`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // the opening bytes
    const closing = server.running.close();
    let ended: "done" | "error";
    try {
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      ended = "done";
    } catch {
      ended = "error";
    }
    await closing;
    expect(ended).toBe("done");
  });
});
