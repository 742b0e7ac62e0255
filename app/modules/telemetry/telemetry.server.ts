import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { devices } from "#app/db/schema.ts";
import { telemetryReadingsDecoded } from "#app/db/telemetry-tables.ts";
import { ensureTelemetryPartitions } from "./telemetry-partitions.server.ts";
import { laeqFromEnergy, type TelemetryReading } from "./telemetry.schema.ts";

export { laeqFromEnergy };

// Ingest (ADR 0015): ONE SQL statement per batch, whatever the number of readings or devices.
// The readings travel as one JSON parameter; a chain of data-modifying CTEs inserts the raw rows
// (ON CONFLICT DO NOTHING: the primary key (device_key, ts) makes a resent reading a duplicate),
// adds ONLY the rows actually inserted to their minute and hour rollups, upserts device_state and
// queues one pg_notify per device, and marks the device's range for the incidents engine
// (incident_work). A single statement is atomic on its own, so the rollups can
// never count a reading the raw table lacks, and NOTIFY is delivered only once it is committed.

export const TELEMETRY_CHANNEL = "nidosmart_telemetry";
/** Readings carried inline in a notification; above this the listener reads them once. */
export const INLINE_EVENT_READINGS = 10;

export type TelemetryDevice = { id: string; key: number; propertyId: string | null };

export type IngestResult = { accepted: number; duplicates: number };

export type DeviceBatch = { device: TelemetryDevice; readings: TelemetryReading[] };

/** Looks a device up by id (null when unknown). */
export async function findTelemetryDevice(db: DbOrTx, deviceId: string): Promise<(TelemetryDevice & { secretHash: string }) | null> {
  const rows = await db
    .select({ id: devices.id, key: devices.telemetryKey, propertyId: devices.propertyId, secretHash: devices.secretHash })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores one device's readings: `{accepted, duplicates}` once committed. Takes the device's id
 * (looked up) or the device itself (the HTTP route has it cached from authentication).
 */
export async function ingestReadings(db: DbOrTx, device: string | TelemetryDevice, readings: TelemetryReading[]): Promise<IngestResult> {
  const resolved = typeof device === "string" ? await findTelemetryDevice(db, device) : device;
  if (!resolved) throw new Error(`unknown device ${String(device)}`);
  const [result] = await ingestBatches(db, [{ device: resolved, readings }]);
  return result;
}

const FLAG_BITS = { motion: 0, doorOpen: 1, smoke: 2, tamper: 3, siren: 4 } as const;

function flagsOf(r: TelemetryReading): number | null {
  let flags = 0;
  let any = false;
  for (const [field, bit] of Object.entries(FLAG_BITS) as [keyof typeof FLAG_BITS, number][]) {
    const value = r[field];
    if (value === null) continue;
    any = true;
    flags |= 1 << (bit + 8);
    if (value) flags |= 1 << bit;
  }
  return any ? flags : null;
}

/** Battery and signal in one smallint (ADR 0015): 7 + 8 bits, all ones = not reported. */
function linkOf(r: TelemetryReading): number | null {
  if (r.batteryPct === null && r.rssiDbm === null) return null;
  return (r.batteryPct ?? 127) | ((r.rssiDbm === null ? 255 : r.rssiDbm + 130) << 7);
}

const scaled = (value: number | null, factor: number) => (value === null ? null : Math.round(value * factor));

/**
 * Several devices' readings in one statement (the MQTT consumer groups messages). Results are in
 * the order of `batches`; a device appearing twice gets its counts split in order.
 */
export async function ingestBatches(db: DbOrTx, batches: DeviceBatch[]): Promise<IngestResult[]> {
  const rows: unknown[] = [];
  const devs = new Map<number, { k: number; d: string; p: string | null }>();
  for (const { device, readings } of batches) {
    devs.set(device.key, { k: device.key, d: device.id, p: device.propertyId });
    for (const r of readings) {
      rows.push({
        k: device.key,
        ts: r.ts.toISOString(),
        w: r.windowS,
        la: scaled(r.laeq, 10),
        lm: scaled(r.lmax, 10),
        oc: r.occupancy,
        fl: flagsOf(r),
        ln: linkOf(r),
        te: scaled(r.tempC, 100),
        hu: scaled(r.humidityPct, 100),
        pr: scaled(r.pressureHpa, 10),
        co: scaled(r.coPpm, 10),
        li: r.lightLux,
      });
    }
  }
  if (rows.length === 0) return batches.map(() => ({ accepted: 0, duplicates: 0 }));

  const statement = sql`
    WITH src AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(
        k int, ts timestamptz, w smallint, la smallint, lm smallint, oc smallint, fl smallint,
        ln smallint, te smallint, hu smallint, pr smallint, co smallint, li real)
    ),
    ins AS (
      INSERT INTO telemetry_readings (device_key, ts, window_s, laeq_d, lmax_d, occupancy, flags, link,
        temp_cc, humidity_cp, pressure_dhpa, co_dppm, light_lux)
      SELECT k, ts, w, la, lm, oc, fl, ln, te, hu, pr, co, li FROM src
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    devs AS (
      SELECT * FROM json_to_recordset(${JSON.stringify([...devs.values()])}::json) AS x(k int, d varchar, p uuid)
    ),
    -- Decoded as float8, never numeric: numeric power() and sums cost ten times more per row.
    r AS (
      SELECT devs.d AS device_id, devs.p AS property_id, ins.ts, ins.window_s AS w,
        ins.laeq_d::float8 / 10 AS laeq, ins.lmax_d::float8 / 10 AS lmax, ins.occupancy AS occ, ins.flags AS fl,
        ins.temp_cc::float8 / 100 AS temp, ins.humidity_cp::float8 / 100 AS hum, ins.pressure_dhpa::float8 / 10 AS pres,
        ins.co_dppm::float8 / 10 AS co, ins.light_lux::float8 AS light,
        CASE WHEN ins.link & 127 <> 127 THEN ins.link & 127 END AS bat,
        CASE WHEN ins.link >> 7 <> 255 THEN (ins.link >> 7) - 130 END AS rssi
      FROM ins JOIN devs ON devs.k = ins.device_key
    ),
    m AS (${rollupUpsert("telemetry_minute", "minute")}),
    h AS (${rollupUpsert("telemetry_hour", "hour")}),
    s AS (
      INSERT INTO device_state AS t (device_id, last_ts, last_received_at, readings_total, window_s, laeq, lmax,
        occupancy, motion, door_open, smoke, tamper, siren, light_lux, temp_c, humidity_pct, pressure_hpa, co_ppm,
        battery_pct, rssi_dbm)
      SELECT device_id, max(ts), now(), count(*),
        ${latest("w")}, ${latest("laeq")}, ${latest("lmax")}, ${latest("occ")},
        ${latestFlag(0)}, ${latestFlag(1)}, ${latestFlag(2)}, ${latestFlag(3)}, ${latestFlag(4)},
        ${latest("light")}, ${latest("temp")}, ${latest("hum")}, ${latest("pres")}, ${latest("co")},
        ${latest("bat")}, ${latest("rssi")}
      FROM r GROUP BY device_id
      ON CONFLICT (device_id) DO UPDATE SET
        last_ts = GREATEST(t.last_ts, excluded.last_ts),
        last_received_at = excluded.last_received_at,
        readings_total = t.readings_total + excluded.readings_total,
        ${sql.raw(
          STATE_FIELDS.map(
            (f) => `${f} = CASE WHEN excluded.last_ts >= t.last_ts THEN COALESCE(excluded.${f}, t.${f}) ELSE COALESCE(t.${f}, excluded.${f}) END`,
          ).join(",\n        "),
        )}
      RETURNING t.*
    ),
    -- The incidents engine's queue (ADR 0024): one row per device per batch, in this statement,
    -- so readings committed are readings the worker will evaluate, whatever crashes after.
    w AS (
      INSERT INTO incident_work AS t (device_id, property_id, from_ts, to_ts)
      SELECT device_id, min(property_id::text)::uuid, min(ts), max(ts)
      FROM r WHERE property_id IS NOT NULL GROUP BY device_id ORDER BY device_id
      ON CONFLICT (device_id) DO UPDATE SET
        property_id = excluded.property_id,
        from_ts = LEAST(t.from_ts, excluded.from_ts),
        to_ts = GREATEST(t.to_ts, excluded.to_ts),
        seq = t.seq + 1
      RETURNING 1
    ),
    per_device AS (
      SELECT r.device_id, min(r.property_id::text) AS property_id, count(*) AS n,
        min(r.ts) AS ts_from, max(r.ts) AS ts_to,
        json_agg(round(date_part('epoch', r.ts) * 1000) ORDER BY r.ts) AS inserted,
        CASE WHEN count(*) <= ${INLINE_EVENT_READINGS} THEN json_agg(json_build_object(
          'ts', r.ts, 'window_s', r.w, 'laeq', r.laeq, 'lmax', r.lmax, 'occupancy', r.occ,
          'motion', ${flagSql(0, "r.fl")}, 'door_open', ${flagSql(1, "r.fl")}, 'smoke', ${flagSql(2, "r.fl")},
          'tamper', ${flagSql(3, "r.fl")}, 'siren', ${flagSql(4, "r.fl")}, 'light_lux', r.light, 'temp_c', r.temp,
          'humidity_pct', r.hum, 'pressure_hpa', r.pres, 'co_ppm', r.co, 'battery_pct', r.bat, 'rssi_dbm', r.rssi
        ) ORDER BY r.ts) END AS readings
      FROM r GROUP BY r.device_id
    )
    SELECT p.device_id, p.n, p.inserted,
      pg_notify(${TELEMETRY_CHANNEL}, json_build_object(
        'deviceId', p.device_id, 'propertyId', p.property_id, 'count', p.n, 'from', p.ts_from, 'to', p.ts_to,
        'readings', p.readings, 'state', row_to_json(s), 'rollups', (SELECT count(*) FROM m) + (SELECT count(*) FROM h), 'work', (SELECT count(*) FROM w)
      )::text) AS notified
    FROM per_device p JOIN s ON s.device_id = p.device_id
  `;

  let result;
  try {
    result = await db.execute(statement);
  } catch (error) {
    // A missing partition (the maintenance job has not run yet, a clock jump): create the
    // partitions around now and try once more; the statement stored nothing.
    if (!isNoPartitionError(error)) throw error;
    await ensureTelemetryPartitions(db);
    result = await db.execute(statement);
  }
  const out = (result as unknown as { rows: { device_id: string; n: number | string; inserted: number[] | string }[] }).rows;
  const insertedByDevice = new Map<string, Set<number>>();
  for (const row of out) {
    const list = typeof row.inserted === "string" ? (JSON.parse(row.inserted) as number[]) : row.inserted;
    insertedByDevice.set(row.device_id, new Set(list));
  }
  return batches.map(({ device, readings }) => {
    const inserted = insertedByDevice.get(device.id);
    let accepted = 0;
    for (const r of readings) {
      // Consume each inserted ts once, so a ts repeated inside one batch counts as a duplicate.
      if (inserted?.delete(r.ts.getTime())) accepted++;
    }
    return { accepted, duplicates: readings.length - accepted };
  });
}

export function isNoPartitionError(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.message === "string" && e.message.includes("no partition of relation")) return true;
  }
  return false;
}

const STATE_FIELDS = [
  "window_s",
  "laeq",
  "lmax",
  "occupancy",
  "motion",
  "door_open",
  "smoke",
  "tamper",
  "siren",
  "light_lux",
  "temp_c",
  "humidity_pct",
  "pressure_hpa",
  "co_ppm",
  "battery_pct",
  "rssi_dbm",
] as const;

/** The value of the newest reading (by ts) of the group that has one. */
const latest = (column: string) => sql.raw(`(array_agg(${column} ORDER BY ts DESC) FILTER (WHERE ${column} IS NOT NULL))[1]`);
const flagSql = (bit: number, column: string) => sql.raw(`CASE WHEN ${column} & ${1 << (bit + 8)} <> 0 THEN ${column} & ${1 << bit} <> 0 END`);
const latestFlag = (bit: number) =>
  sql.raw(`(array_agg(fl & ${1 << bit} <> 0 ORDER BY ts DESC) FILTER (WHERE fl & ${1 << (bit + 8)} <> 0))[1]`);

// Every rollup column is a sum, a count, a min or a max, so adding a late reading to its bucket
// is exact: no stored average is ever re-averaged.
const ROLLUP_COLUMNS: [column: string, aggregate: string, merge: "sum" | "min" | "max"][] = [
  ["readings", "count(*)", "sum"],
  ["covered_s", "sum(w)", "sum"],
  ["laeq_energy", "sum(w * power(10::float8, laeq / 10)) FILTER (WHERE laeq IS NOT NULL)", "sum"],
  ["laeq_weight", "sum(w) FILTER (WHERE laeq IS NOT NULL)", "sum"],
  ["lmax", "max(lmax)", "max"],
  ["occupancy_max", "max(occ)", "max"],
  ["occupancy_wsum", "sum(occ * w) FILTER (WHERE occ IS NOT NULL)", "sum"],
  ["occupancy_weight", "sum(w) FILTER (WHERE occ IS NOT NULL)", "sum"],
  ["motion_count", "count(*) FILTER (WHERE fl & 1 <> 0)", "sum"],
  ["door_open_count", "count(*) FILTER (WHERE fl & 2 <> 0)", "sum"],
  ["smoke_count", "count(*) FILTER (WHERE fl & 4 <> 0)", "sum"],
  ["tamper_count", "count(*) FILTER (WHERE fl & 8 <> 0)", "sum"],
  ["siren_count", "count(*) FILTER (WHERE fl & 16 <> 0)", "sum"],
  ["temp_min", "min(temp)", "min"],
  ["temp_max", "max(temp)", "max"],
  ["temp_sum", "sum(temp)", "sum"],
  ["temp_n", "count(temp)", "sum"],
  ["humidity_min", "min(hum)", "min"],
  ["humidity_max", "max(hum)", "max"],
  ["humidity_sum", "sum(hum)", "sum"],
  ["humidity_n", "count(hum)", "sum"],
  ["pressure_sum", "sum(pres)", "sum"],
  ["pressure_n", "count(pres)", "sum"],
  ["co_max", "max(co)", "max"],
  ["co_sum", "sum(co)", "sum"],
  ["co_n", "count(co)", "sum"],
  ["light_max", "max(light)", "max"],
  ["light_sum", "sum(light)", "sum"],
  ["light_n", "count(light)", "sum"],
  ["battery_min", "min(bat)", "min"],
  ["rssi_min", "min(rssi)", "min"],
];

/**
 * The bucket of a reading is the one holding the instant just before its ts: ts is the END of the
 * measurement window, so a reading stamped 21:01:00 measured 21:00:50–21:01:00 and counts in 21:00.
 */
function rollupUpsert(table: "telemetry_minute" | "telemetry_hour", unit: "minute" | "hour") {
  const columns = ROLLUP_COLUMNS.map(([c]) => c).join(", ");
  const aggregates = ROLLUP_COLUMNS.map(([, a]) => a).join(", ");
  const merges = ROLLUP_COLUMNS.map(([c, , merge]) =>
    merge === "sum"
      ? `${c} = CASE WHEN t.${c} IS NULL THEN excluded.${c} WHEN excluded.${c} IS NULL THEN t.${c} ELSE t.${c} + excluded.${c} END`
      : `${c} = ${merge === "min" ? "LEAST" : "GREATEST"}(t.${c}, excluded.${c})`,
  ).join(", ");
  return sql.raw(`
      INSERT INTO ${table} AS t (device_id, bucket, ${columns})
      SELECT device_id, date_trunc('${unit}', ts - interval '1 millisecond'), ${aggregates}
      FROM r GROUP BY 1, 2
      ON CONFLICT (device_id, bucket) DO UPDATE SET ${merges}
      RETURNING 1`);
}

// ---------------------------------------------------------------- reading back

export type StoredReading = typeof telemetryReadingsDecoded.$inferSelect;

/** Raw readings of one device in [from, to), oldest first (CSV export, short chart ranges). */
export async function listReadings(db: DbOrTx, deviceId: string, from: Date, to: Date, limit = 100_000): Promise<StoredReading[]> {
  return db
    .select()
    .from(telemetryReadingsDecoded)
    .where(and(eq(telemetryReadingsDecoded.deviceId, deviceId), gte(telemetryReadingsDecoded.ts, from), lt(telemetryReadingsDecoded.ts, to)))
    .orderBy(asc(telemetryReadingsDecoded.ts))
    .limit(limit);
}
