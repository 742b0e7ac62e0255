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
export function parseTelemetryBody(body: unknown, now: Date = new Date()): TelemetryParseResult {
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
