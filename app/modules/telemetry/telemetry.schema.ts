import { z } from "zod";

// The NS-01 telemetry reading (docs/DEVICE-PROTOCOL.md, ADR 0016), shared by the HTTP route, the
// MQTT consumer, the simulator and the Monitorización screens. The server is the authority: a
// request with one bad reading is refused whole, with a message naming the reading's index and
// field, so a firmware bug is seen at once instead of silently losing data.

export const TELEMETRY_LIMITS = {
  maxReadings: 500,
  maxBodyBytes: 256 * 1024,
  /** A reading's ts may be at most this far ahead of the server clock (device clock drift). */
  maxFutureMs: 5 * 60_000,
  /** …and at most this old (a device's backlog after a long cut). */
  maxAgeMs: 7 * 86_400_000,
  defaultWindowS: 10,
} as const;

/**
 * The largest MQTT packet the server's clients accept (MQTT 5 Maximum Packet Size in CONNECT), and
 * the `max_packet_size` of the documented broker: a 256 kB body plus its topic and headers, with
 * room to spare. The broker then never hands a server a 100 MB message to buffer (ADR 0025).
 */
export const MQTT_MAX_PACKET_BYTES = TELEMETRY_LIMITS.maxBodyBytes + 8 * 1024;

/** Every measurement field, in the order the protocol documents them. */
export const MEASUREMENT_FIELDS = [
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
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];
export const BOOLEAN_FIELDS = ["motion", "door_open", "smoke", "tamper", "siren"] as const;
export type BooleanField = (typeof BOOLEAN_FIELDS)[number];

const range = (min: number, max: number, unit: string, int = false) => {
  const message = `debe ser un número${int ? " entero" : ""} entre ${min} y ${max}${unit ? ` ${unit}` : ""}`;
  const base = z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
  return (int ? base.int({ error: message }) : base).nullable().optional();
};
const flag = () => z.boolean({ error: "debe ser true o false" }).nullable().optional();

// ISO 8601 with a zone ("Z" or "+01:00"): a reading without one would be read in the server's
// zone and land hours off.
const tsField = z.iso.datetime({ offset: true, error: "debe ser una fecha ISO 8601 con zona (p. ej. 2026-11-26T21:00:10Z)" });

export const telemetryReadingSchema = z
  .strictObject(
    {
      ts: tsField,
      window_s: range(1, 3600, "s", true),
      laeq: range(0, 140, "dB(A)"),
      lmax: range(0, 140, "dB(A)"),
      occupancy: range(0, 100, "personas", true),
      motion: flag(),
      door_open: flag(),
      smoke: flag(),
      tamper: flag(),
      siren: flag(),
      light_lux: range(0, 200_000, "lx"),
      temp_c: range(-40, 85, "°C"),
      humidity_pct: range(0, 100, "%"),
      pressure_hpa: range(300, 1100, "hPa"),
      co_ppm: range(0, 1000, "ppm"),
      battery_pct: range(0, 100, "%", true),
      rssi_dbm: range(-130, 0, "dBm", true),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? "campo desconocido" : "debe ser un objeto") },
  )
  .superRefine((reading, ctx) => {
    if (!MEASUREMENT_FIELDS.some((field) => reading[field] !== undefined && reading[field] !== null)) {
      ctx.addIssue({ code: "custom", path: [], message: `falta una medida (${MEASUREMENT_FIELDS.join(", ")})` });
    }
    if (typeof reading.laeq === "number" && typeof reading.lmax === "number" && reading.lmax < reading.laeq) {
      ctx.addIssue({ code: "custom", path: ["lmax"], message: "debe ser mayor o igual que laeq" });
    }
  });

export type TelemetryReadingInput = z.input<typeof telemetryReadingSchema>;

/** A validated reading: units as sent; null or absent = not measured. */
export type TelemetryReading = {
  ts: Date;
  windowS: number;
  laeq: number | null;
  lmax: number | null;
  occupancy: number | null;
  motion: boolean | null;
  doorOpen: boolean | null;
  smoke: boolean | null;
  tamper: boolean | null;
  siren: boolean | null;
  lightLux: number | null;
  tempC: number | null;
  humidityPct: number | null;
  pressureHpa: number | null;
  coPpm: number | null;
  batteryPct: number | null;
  rssiDbm: number | null;
};

export type TelemetryParseError = {
  /** 400, or 413 for more than maxReadings readings. */
  status: 400 | 413;
  error: string;
  /** The reading's index in the request (0-based), when one reading is at fault. */
  index?: number;
  field?: string;
};

export type TelemetryParseResult = { ok: true; readings: TelemetryReading[] } | ({ ok: false } & TelemetryParseError);

const v = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

/**
 * Checks a parsed JSON body: `{"readings": [...]}` (1–500) or one reading object alone. `now`
 * bounds ts (5 minutes ahead, 7 days back). The first problem found is reported.
 */
export function parseTelemetryBody(body: unknown, now: Date = new Date(), options: { fastPath?: boolean } = {}): TelemetryParseResult {
  const fastPath = options.fastPath ?? true;
  let items: unknown[];
  let single = false;
  if (body !== null && typeof body === "object" && !Array.isArray(body) && "readings" in body) {
    const keys = Object.keys(body);
    const extra = keys.find((key) => key !== "readings");
    if (extra) return { ok: false, status: 400, error: `Campo desconocido «${extra}»: el cuerpo es {"readings": [...]}.`, field: extra };
    const list = (body as { readings: unknown }).readings;
    if (!Array.isArray(list)) return { ok: false, status: 400, error: "«readings» debe ser una lista de lecturas.", field: "readings" };
    items = list;
  } else if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    items = [body];
    single = true;
  } else {
    return { ok: false, status: 400, error: 'El cuerpo debe ser un objeto JSON: {"readings": [...]} o una lectura.' };
  }
  if (items.length === 0) return { ok: false, status: 400, error: "«readings» está vacía: envía entre 1 y 500 lecturas.", field: "readings" };
  if (items.length > TELEMETRY_LIMITS.maxReadings) {
    return { ok: false, status: 413, error: `Demasiadas lecturas (${items.length}): como mucho ${TELEMETRY_LIMITS.maxReadings} por petición.`, field: "readings" };
  }
  const latest = now.getTime() + TELEMETRY_LIMITS.maxFutureMs;
  const earliest = now.getTime() - TELEMETRY_LIMITS.maxAgeMs;
  const readings: TelemetryReading[] = new Array(items.length);
  for (let index = 0; index < items.length; index++) {
    if (fastPath) {
      const fast = fastReading(items[index], earliest, latest);
      if (fast) {
        readings[index] = fast;
        continue;
      }
    }
    const where = single ? "La lectura" : `Lectura ${index}`;
    const parsed = telemetryReadingSchema.safeParse(items[index]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field =
        issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.length > 0 ? String(issue.path[0]) : undefined;
      const text = field ? `${where}, campo «${field}»: ${issue.message}.` : `${where}: ${issue.message}.`;
      return { ok: false, status: 400, error: text, index, field };
    }
    const r = parsed.data;
    const ts = new Date(r.ts);
    if (ts.getTime() > latest) {
      return { ok: false, status: 400, error: `${where}, campo «ts»: está más de 5 minutos en el futuro (revisa el reloj del dispositivo).`, index, field: "ts" };
    }
    if (ts.getTime() < earliest) {
      return { ok: false, status: 400, error: `${where}, campo «ts»: tiene más de 7 días y ya no se acepta.`, index, field: "ts" };
    }
    readings[index] = {
      ts,
      windowS: r.window_s ?? TELEMETRY_LIMITS.defaultWindowS,
      laeq: v(r.laeq),
      lmax: v(r.lmax),
      occupancy: v(r.occupancy),
      motion: v(r.motion),
      doorOpen: v(r.door_open),
      smoke: v(r.smoke),
      tamper: v(r.tamper),
      siren: v(r.siren),
      lightLux: v(r.light_lux),
      tempC: v(r.temp_c),
      humidityPct: v(r.humidity_pct),
      pressureHpa: v(r.pressure_hpa),
      coPpm: v(r.co_ppm),
      batteryPct: v(r.battery_pct),
      rssiDbm: v(r.rssi_dbm),
    };
  }
  return { ok: true, readings };
}

// The fast path (ADR 0016): zod costs about 3.5 µs a reading, most of the ingest's JavaScript
// at 10,000 readings/s. This accepts only readings that are plainly valid, under rules that are a
// strict subset of the schema's (ts only as UTC "YYYY-MM-DDTHH:MM:SS[.fff]Z", the form every
// NS-01 sends), and builds the same TelemetryReading; anything else, valid or not, goes through
// the schema, which alone writes refusal messages. telemetry.schema.test.ts checks the two agree.
type FastRule = { prop: keyof TelemetryReading; min: number; max: number; int: boolean } | { prop: keyof TelemetryReading; flag: true };
const num = (prop: keyof TelemetryReading, min: number, max: number, int = false): FastRule => ({ prop, min, max, int });
const FAST_RULES = new Map<string, FastRule>([
  ["laeq", num("laeq", 0, 140)],
  ["lmax", num("lmax", 0, 140)],
  ["occupancy", num("occupancy", 0, 100, true)],
  ["motion", { prop: "motion", flag: true }],
  ["door_open", { prop: "doorOpen", flag: true }],
  ["smoke", { prop: "smoke", flag: true }],
  ["tamper", { prop: "tamper", flag: true }],
  ["siren", { prop: "siren", flag: true }],
  ["light_lux", num("lightLux", 0, 200_000)],
  ["temp_c", num("tempC", -40, 85)],
  ["humidity_pct", num("humidityPct", 0, 100)],
  ["pressure_hpa", num("pressureHpa", 300, 1100)],
  ["co_ppm", num("coPpm", 0, 1000)],
  ["battery_pct", num("batteryPct", 0, 100, true)],
  ["rssi_dbm", num("rssiDbm", -130, 0, true)],
]);
const UTC_TS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/** Epoch ms of a plain UTC timestamp, or null (not that form, or not a real date and time). */
function fastTs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = UTC_TS.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [+m[1], +m[2], +m[3], +m[4], +m[5], +m[6]];
  const ms = m[7] ? Number(m[7].padEnd(3, "0")) : 0;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  // A date that rolls over (Feb 30, 24:00, second 60, a two-digit year) is not the one written.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    return null;
  }
  return date.getTime();
}

/** The reading when it is plainly valid, else null (then the schema decides and explains). */
export function fastReading(item: unknown, earliest: number, latest: number): TelemetryReading | null {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return null;
  const out: TelemetryReading = {
    ts: EPOCH,
    windowS: TELEMETRY_LIMITS.defaultWindowS,
    laeq: null,
    lmax: null,
    occupancy: null,
    motion: null,
    doorOpen: null,
    smoke: null,
    tamper: null,
    siren: null,
    lightLux: null,
    tempC: null,
    humidityPct: null,
    pressureHpa: null,
    coPpm: null,
    batteryPct: null,
    rssiDbm: null,
  };
  let ts: number | null = null;
  let measured = false;
  const record = item as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key === "ts") {
      ts = fastTs(value);
      if (ts === null || ts > latest || ts < earliest) return null;
      continue;
    }
    if (key === "window_s") {
      if (value === null) continue;
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > 3600) return null;
      out.windowS = value;
      continue;
    }
    const rule = FAST_RULES.get(key);
    if (!rule || value === undefined) return null;
    if (value === null) continue;
    if ("flag" in rule) {
      if (typeof value !== "boolean") return null;
    } else if (typeof value !== "number" || !(value >= rule.min && value <= rule.max) || (rule.int && !Number.isSafeInteger(value))) {
      return null;
    }
    (out as Record<string, unknown>)[rule.prop] = value;
    measured = true;
  }
  if (ts === null || !measured) return null;
  if (out.laeq !== null && out.lmax !== null && out.lmax < out.laeq) return null;
  out.ts = new Date(ts);
  return out;
}
const EPOCH = new Date(0);

/**
 * LAeq of a period from its summed energy: 10·log10(Σ wᵢ·10^(Lᵢ/10) / Σ wᵢ), wᵢ = window_s. Noise
 * must be averaged as energy: the arithmetic mean of 40 and 80 dB is 60, the level heard is 77.
 */
export function laeqFromEnergy(energy: number | null | undefined, weight: number | null | undefined): number | null {
  if (energy == null || weight == null || !(weight > 0) || !(energy > 0)) return null;
  return 10 * Math.log10(energy / weight);
}

/** The energy term of one reading, as summed into the rollups' laeq_energy. */
export function laeqEnergy(laeq: number, windowS: number): number {
  return windowS * 10 ** (laeq / 10);
}

/** The JSON wire form of a stored reading (events, CSV, the simulator): protocol field names. */
export type TelemetryReadingJson = { ts: string; window_s: number } & Partial<Record<MeasurementField, number | boolean | null>>;

export function readingToJson(r: TelemetryReading): TelemetryReadingJson {
  const out: TelemetryReadingJson = { ts: r.ts.toISOString(), window_s: r.windowS };
  const set = (key: MeasurementField, value: number | boolean | null) => {
    if (value !== null) out[key] = value;
  };
  set("laeq", r.laeq);
  set("lmax", r.lmax);
  set("occupancy", r.occupancy);
  set("motion", r.motion);
  set("door_open", r.doorOpen);
  set("smoke", r.smoke);
  set("tamper", r.tamper);
  set("siren", r.siren);
  set("light_lux", r.lightLux);
  set("temp_c", r.tempC);
  set("humidity_pct", r.humidityPct);
  set("pressure_hpa", r.pressureHpa);
  set("co_ppm", r.coPpm);
  set("battery_pct", r.batteryPct);
  set("rssi_dbm", r.rssiDbm);
  return out;
}
