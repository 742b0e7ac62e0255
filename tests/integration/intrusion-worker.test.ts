import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deviceCommands, incidents, incidentWork, intrusionEpisodes } from "#app/db/schema.ts";
import { createSimulatedDevice, simulatedDeviceReports, simulateReading } from "#app/modules/telemetry/telemetry-simulator.ts";
import { recordVisit, refreshBaseline, saveVigilanceSettings } from "#app/modules/vigilance/vigilance.server.ts";
import { DEFAULT_SETTINGS } from "#app/modules/vigilance/vigilance.schema.ts";
import { createProperty, ingest, registerDevice, type ReadingJson } from "#tests/helpers/monitoring-fixtures.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// The anti-squatting alarm on the server's own path, as in production: readings in over HTTP,
// the incidents worker (woken by the ingest's work queue) runs the intrusion hook, and nobody
// calls evaluateIntrusion by hand. A vacant week goes in first and raises nothing; with the
// baseline learnt, a night intrusion sent live opens one «Posible ocupación» within 2 minutes
// of its first anomalous reading, and queues the siren.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabases())("the intrusion alarm run by the incidents worker on %s", (database) => {
  let server: TestServer;
  let cookie: string;
  // A minute ago: the intrusion must arrive live (its readings younger than
  // MONITORING_STALE_AFTER_S), as a real one does, or nobody is told and no siren sounds.
  const now = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
  const historyStart = now - 156 * HOUR;

  beforeAll(async () => {
    // A week replayed in 500-reading requests is a burst no device makes: room for it.
    server = await startTestServer({ database, env: { TELEMETRY_RATE_BURST: "100" } });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const drained = async () => (await server.db.select().from(incidentWork)).length === 0;

  test("a vacant week raises nothing; a night intrusion sent live opens one incident and the siren", async () => {
    const propertyId = await createProperty(server, "Piso Lavapiés", "Calle del Ave María 10, 28012 Madrid");
    const deviceId = "ns01-worker-intrusion";
    const secret = await registerDevice(server, cookie, { deviceId, name: "Sensor salón", propertyId });
    await saveVigilanceSettings(server.db, propertyId, { ...DEFAULT_SETTINGS, sirenEnabled: true });
    const eventAt = now - 20 * MINUTE;
    const sim = createSimulatedDevice("night-intrusion", 4242, { eventAt });
    const reading = (t: number, windowS: number) => (simulatedDeviceReports(sim, new Date(t)) ? [simulateReading(sim, new Date(t), windowS) as ReadingJson] : []);

    // The vacant week, one reading a minute, as a device resending its backlog.
    const history: ReadingJson[] = [];
    for (let t = historyStart + MINUTE; t <= eventAt - 10 * MINUTE; t += MINUTE) history.push(...reading(t, 60));
    for (let i = 0; i < history.length; i += 500) expect((await ingest(server, deviceId, secret, history.slice(i, i + 500))).status).toBe(200);
    await waitUntil(drained, "the worker to evaluate the vacant week", 120_000);
    expect(await server.db.select().from(incidents).where(and(eq(incidents.deviceId, deviceId), eq(incidents.type, "intrusion")))).toEqual([]);
    expect(await server.db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.propertyId, propertyId))).toEqual([]);

    // What the vigilance job would have learnt by then.
    expect((await refreshBaseline(server.db, propertyId, deviceId, new Date(eventAt - 10 * MINUTE)))!.readyAt).not.toBeNull();

    // The last ten quiet minutes and the intrusion, every 10 s, five minutes' readings per
    // request (the per-device rate limit is for a device, not a replay).
    for (let from = eventAt - 10 * MINUTE; from < now; from += 5 * MINUTE) {
      const batch: ReadingJson[] = [];
      for (let t = from + 10_000; t <= Math.min(from + 5 * MINUTE, now); t += 10_000) batch.push(...reading(t, 10));
      if (batch.length > 0) expect((await ingest(server, deviceId, secret, batch)).status).toBe(200);
    }
    const incident = await waitUntil(
      async () => (await server.db.select().from(incidents).where(and(eq(incidents.deviceId, deviceId), eq(incidents.type, "intrusion"))))[0],
      "the worker to open «Posible ocupación»",
      120_000,
    );
    await waitUntil(drained, "the worker to finish", 120_000);

    const all = await server.db.select().from(incidents).where(and(eq(incidents.deviceId, deviceId), eq(incidents.type, "intrusion")));
    expect(all).toHaveLength(1);
    const [episode, ...more] = await server.db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.propertyId, propertyId));
    expect(more).toEqual([]);
    expect(incident).toMatchObject({ propertyId, intrusionEpisodeId: episode.id, status: "open", notify: true });
    expect(episode.firstAnomalyAt.getTime()).toBeGreaterThanOrEqual(eventAt);
    expect(episode.crossedAt.getTime() - episode.firstAnomalyAt.getTime()).toBeLessThanOrEqual(2 * MINUTE);
    const sirens = await server.db.select().from(deviceCommands).where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.command, "sirena")));
    expect(sirens).toHaveLength(1);
  }, 300_000);

  test("a cleaner let in by staff raises nothing; the same presence with no visit is «Presencia en vivienda vacía»", async () => {
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 25 * MINUTE;
    const presence: ReadingJson[] = [];
    for (let t = start + MINUTE; t <= start + 20 * MINUTE; t += MINUTE) presence.push({ ts: new Date(t).toISOString(), window_s: 60, occupancy: 1, motion: true, laeq: 48, lmax: 60 });
    const flats: Record<"visited" | "unvisited", { propertyId: string; deviceId: string }> = { visited: { propertyId: "", deviceId: "" }, unvisited: { propertyId: "", deviceId: "" } };
    for (const key of ["visited", "unvisited"] as const) {
      const propertyId = await createProperty(server, `Piso ${key}`, "Calle de Atocha 20, 28012 Madrid");
      const deviceId = `ns01-cleaner-${key}`;
      const secret = await registerDevice(server, cookie, { deviceId, name: `Sensor ${key}`, propertyId });
      flats[key] = { propertyId, deviceId };
      // Staff opened the door for the cleaner before she came in, as the door screen records it.
      if (key === "visited") await recordVisit(server.db, { propertyId, deviceId, kind: "staff", label: "Ana Administradora", startedAt: new Date(start) });
      expect((await ingest(server, deviceId, secret, presence)).status).toBe(200);
    }
    await waitUntil(drained, "the worker to evaluate both flats", 120_000);
    const typesOf = async (deviceId: string) => (await server.db.select().from(incidents).where(eq(incidents.deviceId, deviceId))).map((i) => i.type);
    expect(await typesOf(flats.visited.deviceId)).toEqual([]);
    expect(await typesOf(flats.unvisited.deviceId)).toContain("empty_presence");
  }, 120_000);
});
