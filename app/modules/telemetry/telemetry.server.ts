import { createHash } from "node:crypto";
import { and, asc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { devices } from "#app/db/schema.ts";
import { telemetryReadingsDecoded } from "#app/db/telemetry-tables.ts";
import { ensureTelemetryPartitions } from "./telemetry-partitions.server.ts";
import { laeqFromEnergy, type TelemetryReading } from "./telemetry.schema.ts";

export { laeqFromEnergy };

// Ingest (ADR 0015): ONE SQL statement per batch, whatever the number of readings or devices.
// The readings travel as typed arrays (one parameter per column, unnest), the statement text never
// changes, so PostgreSQL runs it as a named prepared statement and plans it once per connection.
// A chain of data-modifying CTEs inserts the raw rows (ON CONFLICT DO NOTHING: the primary key
// (device_key, ts) makes a resent reading a duplicate), adds ONLY the rows actually inserted to
// their minute and hour rollups, upserts device_state, marks the device's range for the incidents
// engine (incident_work) and queues one pg_notify per device. A single statement is atomic on its
// own, so the rollups can never count a reading the raw table lacks, and NOTIFY is delivered only
// once it is committed.
//
// What the server can compute as well as the database is computed here, once, instead of by an
// aggregate per column in SQL: duplicates inside the request are removed before sending, and each
// device's newest value of every field (device_state) is picked from the readings sent. A reading
// that turns out to be already stored takes part in that pick, which changes nothing: it is
// already part of what device_state describes (the merge below keeps the newer side by ts).

export const TELEMETRY_CHANNEL = "nidosmart_telemetry";

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
type FlagField = keyof typeof FLAG_BITS;
const FLAG_FIELDS = Object.keys(FLAG_BITS) as FlagField[];

function flagsOf(r: TelemetryReading): number | null {
  let flags = 0;
  let any = false;
  for (const field of FLAG_FIELDS) {
    const value = r[field];
    if (value === null) continue;
    any = true;
    const bit = FLAG_BITS[field];
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
 * device_state's columns, each the newest reported value of its field (ADR 0015), at the
 * resolution the raw table keeps (the scale factor), so the tiles agree with the charts.
 */
const STATE_FIELDS: [column: string, field: keyof TelemetryReading, type: string, scale?: number][] = [
  ["window_s", "windowS", "smallint"],
  ["laeq", "laeq", "real", 10],
  ["lmax", "lmax", "real", 10],
  ["occupancy", "occupancy", "smallint"],
  ["motion", "motion", "boolean"],
  ["door_open", "doorOpen", "boolean"],
  ["smoke", "smoke", "boolean"],
  ["tamper", "tamper", "boolean"],
  ["siren", "siren", "boolean"],
  ["light_lux", "lightLux", "real"],
  ["temp_c", "tempC", "real", 100],
  ["humidity_pct", "humidityPct", "real", 100],
  ["pressure_hpa", "pressureHpa", "real", 10],
  ["co_ppm", "coPpm", "real", 10],
  ["battery_pct", "batteryPct", "smallint"],
  ["rssi_dbm", "rssiDbm", "smallint"],
];

/** The raw table's columns as sent: [array element type, value of a reading]. */
const RAW_COLUMNS: [column: string, type: string, value: (r: TelemetryReading) => number | null][] = [
  ["window_s", "smallint", (r) => r.windowS],
  ["laeq_d", "smallint", (r) => scaled(r.laeq, 10)],
  ["lmax_d", "smallint", (r) => scaled(r.lmax, 10)],
  ["occupancy", "smallint", (r) => r.occupancy],
  ["flags", "smallint", flagsOf],
  ["link", "smallint", linkOf],
  ["temp_cc", "smallint", (r) => scaled(r.tempC, 100)],
  ["humidity_cp", "smallint", (r) => scaled(r.humidityPct, 100)],
  ["pressure_dhpa", "smallint", (r) => scaled(r.pressureHpa, 10)],
  ["co_dppm", "smallint", (r) => scaled(r.coPpm, 10)],
  ["light_lux", "real", (r) => r.lightLux],
];

/** A PostgreSQL array literal of numbers or booleans (NULL for null), e.g. {1,NULL,3}. */
function arrayLiteral(values: readonly (number | boolean | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ",";
    out += v === null ? "NULL" : String(v);
  }
  return out + "}";
}
/** Device ids and property ids are [A-Za-z0-9_-] and UUIDs: nothing to escape, quoted anyway. */
const textArrayLiteral = (values: readonly (string | null)[]) => `{${values.map((v) => (v === null ? "NULL" : `"${v}"`)).join(",")}}`;

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
  return `
      INSERT INTO ${table} AS t (device_id, bucket, ${columns})
      SELECT device_id, date_trunc('${unit}', ts - interval '1 millisecond'), ${aggregates}
      -- In key order, like device_state and incident_work below: two batches of the same devices
      -- (two MQTT consumers) then lock rows in the same order and never deadlock.
      FROM r GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (device_id, bucket) DO UPDATE SET ${merges}
      RETURNING 1`;
}

// Parameters: $1 device keys, $2 ts (epoch ms), $3.. the raw columns; then per device: keys,
// ids, property ids, readings sent, and the newest value of each device_state field.
const RAW_PARAMS = 2 + RAW_COLUMNS.length;
const DEVICE_PARAMS_AT = RAW_PARAMS + 1;
const rawParam = (i: number) => `$${i + 3}`;
const stateParam = (i: number) => `$${DEVICE_PARAMS_AT + 4 + i}`;

const INGEST_SQL = `
    WITH src AS (
      -- Exact: epoch milliseconds / 1000 is rounded to the microsecond (PostgreSQL's rint).
      SELECT k, to_timestamp(t::float8 / 1000) AS ts, ${RAW_COLUMNS.map(([c]) => c).join(", ")}
      FROM unnest($1::int[], $2::int8[], ${RAW_COLUMNS.map(([, type], i) => `${rawParam(i)}::${type}[]`).join(", ")})
        AS x(k, t, ${RAW_COLUMNS.map(([c]) => c).join(", ")})
    ),
    ins AS (
      INSERT INTO telemetry_readings (device_key, ts, ${RAW_COLUMNS.map(([c]) => c).join(", ")})
      SELECT k, ts, ${RAW_COLUMNS.map(([c]) => c).join(", ")} FROM src
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    devs AS (
      SELECT * FROM unnest($${DEVICE_PARAMS_AT}::int[], $${DEVICE_PARAMS_AT + 1}::varchar[], $${DEVICE_PARAMS_AT + 2}::uuid[],
        $${DEVICE_PARAMS_AT + 3}::int[], ${STATE_FIELDS.map(([, , type], i) => `${stateParam(i)}::${type}[]`).join(", ")})
        AS x(k, d, p, sent, ${STATE_FIELDS.map(([c]) => c).join(", ")})
    ),
    -- Decoded as float8, never numeric: numeric power() and sums cost ten times more per row.
    r AS (
      SELECT devs.d AS device_id, ins.ts, ins.window_s AS w,
        ins.laeq_d::float8 / 10 AS laeq, ins.lmax_d::float8 / 10 AS lmax, ins.occupancy AS occ, ins.flags AS fl,
        ins.temp_cc::float8 / 100 AS temp, ins.humidity_cp::float8 / 100 AS hum, ins.pressure_dhpa::float8 / 10 AS pres,
        ins.co_dppm::float8 / 10 AS co, ins.light_lux::float8 AS light,
        CASE WHEN ins.link & 127 <> 127 THEN ins.link & 127 END AS bat,
        CASE WHEN ins.link >> 7 <> 255 THEN (ins.link >> 7) - 130 END AS rssi
      FROM ins JOIN devs ON devs.k = ins.device_key
    ),
    m AS (${rollupUpsert("telemetry_minute", "minute")}),
    h AS (${rollupUpsert("telemetry_hour", "hour")}),
    n AS (SELECT device_key AS k, count(*) AS n, min(ts) AS ts_from, max(ts) AS ts_to FROM ins GROUP BY device_key),
    s AS (
      INSERT INTO device_state AS t (device_id, last_ts, last_received_at, readings_total, ${STATE_FIELDS.map(([c]) => c).join(", ")})
      SELECT devs.d, n.ts_to, now(), n.n, ${STATE_FIELDS.map(([c]) => `devs.${c}`).join(", ")}
      FROM n JOIN devs ON devs.k = n.k ORDER BY devs.d
      ON CONFLICT (device_id) DO UPDATE SET
        last_ts = GREATEST(t.last_ts, excluded.last_ts),
        last_received_at = excluded.last_received_at,
        readings_total = t.readings_total + excluded.readings_total,
        ${STATE_FIELDS.map(
          ([f]) => `${f} = CASE WHEN excluded.last_ts >= t.last_ts THEN COALESCE(excluded.${f}, t.${f}) ELSE COALESCE(t.${f}, excluded.${f}) END`,
        ).join(",\n        ")}
      RETURNING t.*
    ),
    -- The incidents engine's queue (ADR 0024): one row per device per batch, in this statement,
    -- so readings committed are readings the worker will evaluate, whatever crashes after.
    w AS (
      INSERT INTO incident_work AS t (device_id, property_id, from_ts, to_ts)
      SELECT devs.d, devs.p, n.ts_from, n.ts_to
      FROM n JOIN devs ON devs.k = n.k WHERE devs.p IS NOT NULL ORDER BY devs.d
      ON CONFLICT (device_id) DO UPDATE SET
        property_id = excluded.property_id,
        from_ts = LEAST(t.from_ts, excluded.from_ts),
        to_ts = GREATEST(t.to_ts, excluded.to_ts),
        seq = t.seq + 1
      RETURNING 1
    ),
    -- Sent but not inserted: already stored (src has no repeated key, the server removed those).
    -- A hashed set difference, read only for a device that has some.
    dup AS (SELECT k, ts FROM src EXCEPT SELECT device_key, ts FROM ins)
    SELECT devs.d AS device_id,
      CASE WHEN coalesce(n.n, 0) < devs.sent THEN
        (SELECT json_agg((extract(epoch FROM dup.ts) * 1000)::int8) FROM dup WHERE dup.k = devs.k)
      END AS duplicates,
      CASE WHEN n.n IS NOT NULL THEN pg_notify('${TELEMETRY_CHANNEL}', json_build_object(
        'deviceId', devs.d, 'propertyId', devs.p, 'count', n.n, 'from', n.ts_from, 'to', n.ts_to,
        'state', row_to_json(s),
        'rollups', (SELECT count(*) FROM m) + (SELECT count(*) FROM h), 'work', (SELECT count(*) FROM w)
      )::text) END AS notified
    FROM devs LEFT JOIN n ON n.k = devs.k LEFT JOIN s ON s.device_id = devs.d
`;
/** The prepared statement's name: changes whenever its text does. */
const INGEST_STATEMENT = `telemetry_ingest_${createHash("sha256").update(INGEST_SQL).digest("hex").slice(0, 12)}`;

type IngestRow = { device_id: string; duplicates: number[] | string | null };
type PgPool = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: IngestRow[] }>; options: unknown };
type PgliteClient = { query(text: string, values: unknown[]): Promise<{ rows: IngestRow[] }>; waitReady: unknown };

/** Runs the statement on the database's own client when it can (prepared on PostgreSQL). */
async function runIngest(db: DbOrTx, values: unknown[]): Promise<IngestRow[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client && typeof (client as PgPool).query === "function" && "options" in (client as object) && !("waitReady" in (client as object))) {
    return (await (client as PgPool).query({ name: INGEST_STATEMENT, text: INGEST_SQL, values })).rows;
  }
  if (client && typeof (client as PgliteClient).query === "function" && "waitReady" in (client as object)) {
    return (await (client as PgliteClient).query(INGEST_SQL, values)).rows;
  }
  // A transaction handle: the same text through drizzle, parameters in place.
  const parts = INGEST_SQL.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0])];
  for (let i = 1; i < parts.length; i += 2) chunks.push(sql`${values[Number(parts[i]) - 1]}`, sql.raw(parts[i + 1]));
  const result = await db.execute(sql.join(chunks, sql.raw("")));
  return (result as unknown as { rows: IngestRow[] }).rows;
}

/**
 * Several devices' readings in one statement (the MQTT consumer groups messages). Results are in
 * the order of `batches`; a device appearing twice gets its counts split in order.
 */
export async function ingestBatches(db: DbOrTx, batches: DeviceBatch[]): Promise<IngestResult[]> {
  // Per device: the readings to send (first of each ts only) and the newest value of each field.
  type Dev = { device: TelemetryDevice; seen: Set<number>; latestTs: number[]; latest: unknown[] };
  const byKey = new Map<number, Dev>();
  // Column by column, each sent row's device key, ts and raw values.
  const keys: number[] = [];
  const times: number[] = [];
  const columns: (number | null)[][] = RAW_COLUMNS.map(() => []);
  for (const { device, readings } of batches) {
    let dev = byKey.get(device.key);
    if (!dev) {
      dev = { device, seen: new Set(), latestTs: STATE_FIELDS.map(() => -Infinity), latest: STATE_FIELDS.map(() => null) };
      byKey.set(device.key, dev);
    }
    for (const r of readings) {
      const t = r.ts.getTime();
      if (dev.seen.has(t)) continue;
      dev.seen.add(t);
      keys.push(device.key);
      times.push(t);
      for (let c = 0; c < RAW_COLUMNS.length; c++) columns[c].push(RAW_COLUMNS[c][2](r));
      for (let f = 0; f < STATE_FIELDS.length; f++) {
        const value = r[STATE_FIELDS[f][1]];
        if (value !== null && t >= dev.latestTs[f]) {
          const scale = STATE_FIELDS[f][3];
          dev.latestTs[f] = t;
          dev.latest[f] = scale ? Math.round((value as number) * scale) / scale : value;
        }
      }
    }
  }
  if (keys.length === 0) return batches.map(({ readings }) => ({ accepted: 0, duplicates: readings.length }));

  const devs = [...byKey.values()];
  const values: unknown[] = [
    arrayLiteral(keys),
    arrayLiteral(times),
    ...columns.map(arrayLiteral),
    arrayLiteral(devs.map((d) => d.device.key)),
    textArrayLiteral(devs.map((d) => d.device.id)),
    textArrayLiteral(devs.map((d) => d.device.propertyId)),
    arrayLiteral(devs.map((d) => d.seen.size)),
    ...STATE_FIELDS.map((_, f) => arrayLiteral(devs.map((d) => d.latest[f] as number | boolean | null))),
  ];

  let rows: IngestRow[];
  try {
    rows = await runIngest(db, values);
  } catch (error) {
    // A missing partition (the maintenance job has not run yet, a clock jump): create the
    // partitions around now and try once more; the statement stored nothing.
    if (!isNoPartitionError(error)) throw error;
    await ensureTelemetryPartitions(db);
    rows = await runIngest(db, values);
  }
  const duplicatesByDevice = new Map<string, Set<number>>();
  for (const row of rows) {
    const list = typeof row.duplicates === "string" ? (JSON.parse(row.duplicates) as number[]) : row.duplicates;
    if (list && list.length > 0) duplicatesByDevice.set(row.device_id, new Set(list.map(Number)));
  }
  // Each reading counts once: a ts repeated in the request, or already stored, is a duplicate.
  const counted = new Map<number, Set<number>>();
  return batches.map(({ device, readings }) => {
    const stored = duplicatesByDevice.get(device.id);
    let seen = counted.get(device.key);
    if (!seen) counted.set(device.key, (seen = new Set()));
    let duplicates = 0;
    for (const r of readings) {
      const t = r.ts.getTime();
      if (seen.has(t) || stored?.has(t)) duplicates++;
      else seen.add(t);
    }
    return { accepted: readings.length - duplicates, duplicates };
  });
}

export function isNoPartitionError(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.message === "string" && e.message.includes("no partition of relation")) return true;
  }
  return false;
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
