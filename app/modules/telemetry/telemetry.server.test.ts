import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { deviceState, devices, telemetryHour } from "#app/db/schema.ts";
import { telemetryMinute } from "#app/db/telemetry-tables.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { subscribeTelemetry, startTelemetryEvents, type TelemetryEvent } from "./telemetry-events.server.ts";
import { ensureTelemetryPartitions, partitionBounds, purgeExpiredTelemetry } from "./telemetry-partitions.server.ts";
import { laeqFromEnergy, parseTelemetryBody, type TelemetryReading } from "./telemetry.schema.ts";
import { findTelemetryDevice, ingestReadings, listReadings } from "./telemetry.server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Ingest, rollups, state, events and retention against a real database (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set).

const HOUR = 3_600_000;
// A whole hour, some minutes back, so every reading is well inside the accepted 7 days.
const base = new Date(Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR);
const at = (seconds: number) => new Date(base.getTime() + seconds * 1000).toISOString();

function readings(list: Record<string, unknown>[]): TelemetryReading[] {
  const parsed = parseTelemetryBody({ readings: list }, new Date());
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.readings;
}

describe.each(testDatabases())("telemetry storage on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let events: TelemetryEvent[] = [];
  let stopEvents: { close(): Promise<void> };
  let unsubscribe: () => void;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await testDb.open();
    await ensureTelemetryPartitions(database.db);
    await database.db.insert(devices).values([
      { id: "ns01-a", name: "Salón A", secretHash: "x" },
      { id: "ns01-b", name: "Salón B", secretHash: "x" },
    ]);
    stopEvents = await startTelemetryEvents(database);
    unsubscribe = subscribeTelemetry((event) => events.push(event));
  });
  afterAll(async () => {
    unsubscribe?.();
    await stopEvents?.close();
    await database?.close();
    await testDb?.drop();
  });

  test("noise rolls up as an energy average, occupancy as max and time-weighted mean", async () => {
    events = [];
    // Minute 0: 40 dB for 10 s, 80 dB for 30 s, 60 dB for 20 s. Hand computed:
    // 10·log10((10·10^4 + 30·10^8 + 20·10^6) / 60) = 10·log10(50_335_000) = 77.0187…
    const result = await ingestReadings(
      database.db,
      "ns01-a",
      readings([
        { ts: at(10), window_s: 10, laeq: 40, lmax: 45, occupancy: 2, motion: true },
        { ts: at(40), window_s: 30, laeq: 80, lmax: 92.5, occupancy: 4, motion: false },
        { ts: at(60), window_s: 20, laeq: 60, lmax: 61, occupancy: 1, temp_c: 21.25, door_open: true },
      ]),
    );
    expect(result).toEqual({ accepted: 3, duplicates: 0 });
    const [minute] = await database.db
      .select()
      .from(telemetryMinute)
      .where(and(eq(telemetryMinute.deviceId, "ns01-a"), eq(telemetryMinute.bucket, base)));
    expect(minute.readings).toBe(3);
    expect(laeqFromEnergy(minute.laeqEnergy, minute.laeqWeight)).toBeCloseTo(77.0187, 3);
    expect(minute.lmax).toBe(92.5);
    expect(minute.occupancyMax).toBe(4);
    // (2·10 + 4·30 + 1·20) / 60 = 2.6667
    expect(minute.occupancyWsum! / minute.occupancyWeight!).toBeCloseTo(160 / 60, 6);
    expect(minute.motionCount).toBe(1);
    expect(minute.doorOpenCount).toBe(1);
    expect(minute.tempMin).toBe(21.25);
    const [hour] = await database.db.select().from(telemetryHour).where(eq(telemetryHour.deviceId, "ns01-a"));
    expect(hour.readings).toBe(3);
    expect(laeqFromEnergy(hour.laeqEnergy, hour.laeqWeight)).toBeCloseTo(77.0187, 3);
    // The arithmetic mean would have said 60: the point of the energy average.
    expect(laeqFromEnergy(hour.laeqEnergy, hour.laeqWeight)).toBeGreaterThan(77);

    const [state] = await database.db.select().from(deviceState).where(eq(deviceState.deviceId, "ns01-a"));
    expect(state.lastTs.getTime()).toBe(new Date(at(60)).getTime());
    expect(state.laeq).toBe(60);
    expect(state.motion).toBe(false);
    expect(state.doorOpen).toBe(true);
    expect(state.tempC).toBe(21.25);
    expect(state.readingsTotal).toBe(3);

    await waitUntil(() => events.length === 1, "the telemetry event");
    expect(events[0].deviceId).toBe("ns01-a");
    expect(events[0].count).toBe(3);
    const sent = await events[0].readings();
    expect(sent.map((r) => r.laeq)).toEqual([40, 80, 60]);
    expect(sent[0].motion).toBe(true);
    expect(events[0].state.readingsTotal).toBe(3);
  });

  test("a resent reading is a duplicate: counted, stored once, rollups unchanged", async () => {
    const again = await ingestReadings(
      database.db,
      "ns01-a",
      readings([
        { ts: at(40), window_s: 30, laeq: 80, lmax: 92.5 },
        { ts: at(70), laeq: 50 },
        { ts: at(70), laeq: 50 },
      ]),
    );
    expect(again).toEqual({ accepted: 1, duplicates: 2 });
    const stored = await listReadings(database.db, "ns01-a", base, new Date(base.getTime() + HOUR));
    expect(stored.map((r) => r.ts.getTime())).toEqual([10, 40, 60, 70].map((s) => base.getTime() + s * 1000));
    const [minute] = await database.db
      .select()
      .from(telemetryMinute)
      .where(and(eq(telemetryMinute.deviceId, "ns01-a"), eq(telemetryMinute.bucket, base)));
    expect(minute.readings).toBe(3);
  });

  test("a late backlog updates its rollups but not the newer state", async () => {
    // Newest first, then a reading from 50 minutes earlier in the same hour.
    await ingestReadings(database.db, "ns01-b", readings([{ ts: at(3000), laeq: 70, battery_pct: 80, rssi_dbm: -130 }]));
    await ingestReadings(database.db, "ns01-b", readings([{ ts: at(20), laeq: 70, battery_pct: 95, occupancy: 3 }]));
    const [hour] = await database.db.select().from(telemetryHour).where(eq(telemetryHour.deviceId, "ns01-b"));
    expect(hour.readings).toBe(2);
    expect(laeqFromEnergy(hour.laeqEnergy, hour.laeqWeight)).toBeCloseTo(70, 6);
    expect(hour.batteryMin).toBe(80);
    const minutes = await database.db.select().from(telemetryMinute).where(eq(telemetryMinute.deviceId, "ns01-b"));
    expect(minutes).toHaveLength(2);
    const [state] = await database.db.select().from(deviceState).where(eq(deviceState.deviceId, "ns01-b"));
    expect(state.lastTs.getTime()).toBe(new Date(at(3000)).getTime());
    expect(state.batteryPct).toBe(80);
    expect(state.rssiDbm).toBe(-130);
    // Battery and signal share one stored smallint: each comes back alone, extremes included.
    const raw = await listReadings(database.db, "ns01-b", base, new Date(base.getTime() + HOUR));
    expect(raw.map((r) => [r.batteryPct, r.rssiDbm])).toEqual([
      [95, null],
      [80, -130],
    ]);
    // A field the newer readings never reported is still filled from the backlog.
    expect(state.occupancy).toBe(3);
  });

  test("a big batch is announced once, its readings read back once however many ask", async () => {
    events = [];
    const many = Array.from({ length: 30 }, (_, i) => ({ ts: at(3600 + i * 10), laeq: 50 + (i % 5) }));
    // Repeated inside the request and already stored: both duplicates, neither announced.
    const resent = [...many, many[3], { ts: at(20), laeq: 70 }];
    expect(await ingestReadings(database.db, "ns01-b", readings(resent))).toEqual({ accepted: 30, duplicates: 2 });
    await waitUntil(() => events.length === 1, "the telemetry event");
    expect(events[0]).toMatchObject({ count: 30, from: new Date(at(3600)), to: new Date(at(3600 + 290)) });
    const first = events[0].readings();
    expect(events[0].readings()).toBe(first);
    const sent = await first;
    expect(sent).toHaveLength(30);
    expect(sent[29].laeq).toBe(54);
  });

  test("inside a caller's transaction the batch is part of it: rolled back, nothing stays", async () => {
    const list = readings([{ ts: at(7200), laeq: 61 }, { ts: at(7210), laeq: 62 }]);
    const rollback = new Error("roll back");
    await expect(
      database.db.transaction(async (tx) => {
        expect(await ingestReadings(tx, "ns01-b", list)).toEqual({ accepted: 2, duplicates: 0 });
        // Seen inside the transaction, a resend is already a duplicate.
        expect(await ingestReadings(tx, "ns01-b", list)).toEqual({ accepted: 0, duplicates: 2 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await listReadings(database.db, "ns01-b", new Date(at(7200)), new Date(at(7211)))).toHaveLength(0);
    const minutes = await database.db
      .select()
      .from(telemetryMinute)
      .where(and(eq(telemetryMinute.deviceId, "ns01-b"), gte(telemetryMinute.bucket, new Date(at(7140))), lt(telemetryMinute.bucket, new Date(at(7260)))));
    expect(minutes).toEqual([]);
  });

  test("retention drops whole partitions and old hourly rows, and is idempotent", async () => {
    const device = await findTelemetryDevice(database.db, "ns01-a");
    expect(device).not.toBeNull();
    const now = new Date();
    // 40 days from now the readings' day is past the 30-day raw retention.
    const later = new Date(now.getTime() + 40 * 86_400_000);
    await ensureTelemetryPartitions(database.db, later);
    const first = await purgeExpiredTelemetry(database.db, { rawDays: 30, rollupDays: 400 }, later);
    expect(first.skipped).toBe(false);
    expect(first.dropped).toContain(`telemetry_readings_p${base.toISOString().slice(0, 10).replaceAll("-", "")}`);
    expect(first.dropped.every((name) => partitionBounds(name)!.to.getTime() <= later.getTime() - 30 * 86_400_000)).toBe(true);
    expect(await listReadings(database.db, "ns01-a", base, new Date(base.getTime() + HOUR))).toHaveLength(0);
    // Rollups outlive the raw readings.
    expect((await database.db.select().from(telemetryHour)).length).toBeGreaterThan(0);
    const again = await purgeExpiredTelemetry(database.db, { rawDays: 30, rollupDays: 400 }, later);
    expect(again.dropped).toEqual([]);
    // Past 400 days the hourly rows go; the minute rows go with their whole month, so at most
    // a month later (432 days covers any month).
    const muchLater = new Date(now.getTime() + 432 * 86_400_000);
    const last = await purgeExpiredTelemetry(database.db, { rawDays: 30, rollupDays: 400 }, muchLater);
    expect(last.hourRowsDeleted).toBeGreaterThan(0);
    expect(last.dropped.some((name) => name.startsWith("telemetry_minute_p"))).toBe(true);
    expect((await database.db.select().from(telemetryHour)).length).toBe(0);
    const count = await database.db.execute(sql`select count(*)::int as n from telemetry_minute`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
