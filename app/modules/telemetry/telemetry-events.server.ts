import type { Logger } from "pino";
import type { Database, Db } from "#app/db/client.server.ts";
import type { deviceState } from "#app/db/schema.ts";
import { MEASUREMENT_FIELDS, type TelemetryReadingJson } from "./telemetry.schema.ts";
import { listReadings, TELEMETRY_CHANNEL, type StoredReading } from "./telemetry.server.ts";

// Live telemetry (ADR 0015): every instance hears every committed batch, whichever instance
// stored it. The ingest statement itself calls pg_notify, so a notification exists only for a
// committed batch. Each process holds ONE listening connection (PostgreSQL: a dedicated client
// running LISTEN; PGlite: its own listen()) and fans out to any number of subscribers in memory.
// A notification carries the device, its range and its new device_state, never the readings
// themselves: no subscriber today needs them (the live tiles show device_state, the incidents
// worker needs only the property), and building and parsing 500 readings per batch was a tenth
// of the ingest's cost. A subscriber that wants them calls `readings()`: read once per
// notification, however many subscribers ask.
//
// The registry lives on globalThis because the React Router build bundles its own copy of this
// module: a Monitorización loader subscribing through that copy must reach the listener the
// server started through its copy (ARCHITECTURE, "Background jobs").

export type DeviceStateView = typeof deviceState.$inferSelect;

export type TelemetryEvent = {
  deviceId: string;
  propertyId: string | null;
  /** How many readings this batch newly stored, and their time range (inclusive). */
  count: number;
  from: Date;
  to: Date;
  /** Those readings, oldest first: read from the database on the first call, shared after. */
  readings(): Promise<TelemetryReadingJson[]>;
  /** device_state after the batch. */
  state: DeviceStateView;
};

export type TelemetryListener = (event: TelemetryEvent) => void;

type Registry = { listeners: Set<TelemetryListener>; stop: (() => Promise<void>) | null };
const KEY = Symbol.for("nidosmart.telemetry.events");
const registry: Registry = ((globalThis as Record<symbol, unknown>)[KEY] as Registry | undefined) ?? { listeners: new Set(), stop: null };
(globalThis as Record<symbol, unknown>)[KEY] = registry;

/** Calls `listener` with every committed batch of every device; returns the unsubscribe. */
export function subscribeTelemetry(listener: TelemetryListener): () => void {
  registry.listeners.add(listener);
  return () => {
    registry.listeners.delete(listener);
  };
}

type Payload = {
  deviceId: string;
  propertyId: string | null;
  count: number;
  from: string;
  to: string;
  state: Record<string, unknown>;
};

const STATE_DATES = new Set(["last_ts", "last_received_at"]);
const camelNames = new Map<string, string>();
const camel = (key: string) => {
  let name = camelNames.get(key);
  if (name === undefined) camelNames.set(key, (name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())));
  return name;
};

function stateFromJson(row: Record<string, unknown>): DeviceStateView {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[camel(key)] = STATE_DATES.has(key) && typeof value === "string" ? new Date(value) : key === "readings_total" ? Number(value) : value;
  }
  return out as DeviceStateView;
}

function readingFromJson(row: Record<string, unknown>): TelemetryReadingJson {
  const out: TelemetryReadingJson = { ts: new Date(String(row.ts)).toISOString(), window_s: Number(row.window_s) };
  for (const field of MEASUREMENT_FIELDS) {
    const value = row[field];
    if (value !== null && value !== undefined) out[field] = value as number | boolean;
  }
  return out;
}

function readingFromStored(r: StoredReading): TelemetryReadingJson {
  return readingFromJson({
    ts: r.ts.toISOString(),
    window_s: r.windowS,
    laeq: r.laeq,
    lmax: r.lmax,
    occupancy: r.occupancy,
    motion: r.motion,
    door_open: r.doorOpen,
    smoke: r.smoke,
    tamper: r.tamper,
    siren: r.siren,
    light_lux: r.lightLux,
    temp_c: r.tempC,
    humidity_pct: r.humidityPct,
    pressure_hpa: r.pressureHpa,
    co_ppm: r.coPpm,
    battery_pct: r.batteryPct,
    rssi_dbm: r.rssiDbm,
  });
}

function deliver(db: Db, raw: string, logger: Logger | undefined): void {
  if (registry.listeners.size === 0) return;
  let payload: Payload;
  try {
    payload = JSON.parse(raw) as Payload;
  } catch {
    logger?.warn("telemetry events: unreadable notification ignored");
    return;
  }
  const from = new Date(payload.from);
  const to = new Date(payload.to);
  let read: Promise<TelemetryReadingJson[]> | undefined;
  const event: TelemetryEvent = {
    deviceId: payload.deviceId,
    propertyId: payload.propertyId,
    count: Number(payload.count),
    from,
    to,
    // The `to` bound is inclusive; listReadings' is not.
    readings: () => (read ??= listReadings(db, payload.deviceId, from, new Date(to.getTime() + 1), 10_000).then((rows) => rows.map(readingFromStored))),
    state: stateFromJson(payload.state),
  };
  for (const listener of registry.listeners) {
    try {
      listener(event);
    } catch (error) {
      logger?.error({ err: error }, "telemetry listener failed");
    }
  }
}

/**
 * Starts this process's one listening connection (call once, after the database opens).
 * PostgreSQL: reconnects by itself, every 2 s, when the server goes away.
 */
export async function startTelemetryEvents(database: Database, logger?: Logger): Promise<{ close(): Promise<void> }> {
  await registry.stop?.();
  const { db } = database;
  const handle = (payload: string) => deliver(db, payload, logger);
  let stop: () => Promise<void>;
  if (database.kind === "pglite") {
    const client = (db as unknown as { $client: { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> } }).$client;
    const unlisten = await client.listen(TELEMETRY_CHANNEL, handle);
    stop = () => unlisten().catch(() => {});
  } else {
    const pool = (db as unknown as { $client: { options: Record<string, unknown> } }).$client;
    const { default: pg } = await import("pg");
    let closed = false;
    let client: InstanceType<typeof pg.Client> | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (closed) return;
      const next = new pg.Client({ ...(pool.options as object), connectionTimeoutMillis: 5_000 } as ConstructorParameters<typeof pg.Client>[0]);
      next.on("error", () => {});
      next.on("end", () => {
        if (client === next) client = null;
        if (!closed) retry = setTimeout(() => void connect(), 2_000);
      });
      next.on("notification", (message) => {
        if (message.channel === TELEMETRY_CHANNEL && message.payload) handle(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${TELEMETRY_CHANNEL}`);
        client = next;
        if (closed) await next.end().catch(() => {});
      } catch (error) {
        logger?.warn({ err: error }, "telemetry events: LISTEN connection failed, retrying");
        await next.end().catch(() => {});
      }
    };
    await connect();
    stop = async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  }
  registry.stop = stop;
  return {
    async close() {
      if (registry.stop === stop) registry.stop = null;
      await stop();
    },
  };
}
