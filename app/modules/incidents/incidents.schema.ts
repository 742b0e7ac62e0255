import { z } from "zod";

// The incident contract shared by the engine, the screens and the browser (issue 20, ADR 0024).

export const INCIDENT_TYPES = ["noise", "overcrowding", "empty_presence", "offline", "smoke", "co", "tamper", "intrusion"] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** The issue's Spanish names, shown everywhere an incident is. */
export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  noise: "Ruido excesivo",
  overcrowding: "Más personas que huéspedes registrados",
  empty_presence: "Presencia en vivienda vacía",
  offline: "Sin conexión",
  smoke: "Humo",
  co: "Monóxido de carbono",
  tamper: "Manipulación",
  intrusion: "Posible ocupación",
};

export const INCIDENT_STATUSES = ["open", "resolved", "closed"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = { open: "Abierta", resolved: "Resuelta", closed: "Cerrada" };

export const NOISE_BANDS = ["day", "evening", "night"] as const;
export type NoiseBand = (typeof NOISE_BANDS)[number];
export const NOISE_BAND_LABELS: Record<NoiseBand, string> = { day: "Día", evening: "Tarde", night: "Noche" };

/** What went into an incident's record: the readings that triggered it. */
export type IncidentReading = {
  ts: string;
  window_s: number;
  laeq?: number;
  lmax?: number;
  occupancy?: number;
  smoke?: boolean;
  tamper?: boolean;
  co_ppm?: number;
  // For "intrusion" (issue 21): the reading's other states, and what made it anomalous against
  // the vacant flat's baseline (a vigilance Anomaly: kind, weight in the score, departure 0–1).
  door_open?: boolean;
  motion?: boolean;
  light_lux?: number;
  /** Every way the reading was anomalous (a reading is listed once). */
  anomalies?: IncidentAnomaly[];
  /** Incidents recorded before `anomalies`: one row per anomaly, so a reading could repeat. */
  anomaly?: IncidentAnomaly;
};

export type IncidentAnomaly = { kind: "opening" | "presence" | "noise" | "light"; weight: number; departure: number; detail: string };

/**
 * An incident's readings, each reading once (by its instant), with all its anomalies: incidents
 * recorded before `anomalies` existed stored one row per anomaly.
 */
export function mergeIncidentReadings(readings: readonly IncidentReading[]): IncidentReading[] {
  const byTs = new Map<string, IncidentReading>();
  for (const { anomaly, ...reading } of readings) {
    const key = Number.isNaN(Date.parse(reading.ts)) ? reading.ts : new Date(reading.ts).toISOString();
    const found = [...(reading.anomalies ?? []), ...(anomaly ? [anomaly] : [])];
    const seen = byTs.get(key);
    if (!seen) {
      byTs.set(key, { ...reading, ...(found.length > 0 ? { anomalies: found } : {}) });
    } else if (found.length > 0) {
      seen.anomalies = [...(seen.anomalies ?? []), ...found];
    }
  }
  return [...byTs.values()];
}

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Indica la hora como HH:MM.");
const decibels = z.coerce.number({ message: "Indica un nivel en dB(A)." }).min(30, "El umbral mínimo es 30 dB(A).").max(120, "El umbral máximo es 120 dB(A).");

export const noiseBandSchema = z.object({
  band: z.enum(NOISE_BANDS),
  /** Start of the band, property's local time; it ends where the next one starts. */
  start: hhmm,
  /** LAeq threshold over the sustained duration, dB(A). */
  laeq: decibels,
  /** Minutes the LAeq must stay over the threshold (and back under it to resolve). */
  sustainMin: z.coerce.number().int("Indica minutos enteros.").min(1, "Entre 1 y 60 minutos.").max(60, "Entre 1 y 60 minutos."),
  /** Optional Lmax spike threshold, dB(A): one reading over it opens the episode at once. */
  lmax: decibels.nullable(),
});
export type NoiseBandRule = z.infer<typeof noiseBandSchema>;

export const incidentRulesSchema = z
  .object({
    /** IANA time zone the bands are in (the property's by default). */
    timeZone: z.string().min(1).max(64),
    bands: z.array(noiseBandSchema).length(3),
    overcrowding: z.object({
      enabled: z.boolean(),
      /** People allowed above the registered guests before it counts. */
      tolerance: z.coerce.number().int().min(0, "Entre 0 y 10 personas.").max(10, "Entre 0 y 10 personas."),
      sustainMin: z.coerce.number().int().min(1, "Entre 1 y 60 minutos.").max(60, "Entre 1 y 60 minutos."),
    }),
    emptyPresence: z.object({
      enabled: z.boolean(),
      sustainMin: z.coerce.number().int().min(1, "Entre 1 y 60 minutos.").max(60, "Entre 1 y 60 minutos."),
    }),
    offline: z.object({ enabled: z.boolean() }),
    smoke: z.object({ enabled: z.boolean() }),
    co: z.object({ enabled: z.boolean(), ppm: z.coerce.number().min(10, "Entre 10 y 400 ppm.").max(400, "Entre 10 y 400 ppm.") }),
    tamper: z.object({ enabled: z.boolean() }),
    /** Step 2: minutes after opening before staff are alerted, if still open. */
    escalateAfterMin: z.coerce.number().int().min(1, "Entre 1 y 240 minutos.").max(240, "Entre 1 y 240 minutos."),
  })
  .superRefine((rules, ctx) => {
    const order = rules.bands.map((b) => b.band).join(",");
    if (order !== "day,evening,night") ctx.addIssue({ code: "custom", path: ["bands"], message: "Las franjas son día, tarde y noche, en ese orden." });
    const starts = new Set(rules.bands.map((b) => b.start));
    if (starts.size !== 3) ctx.addIssue({ code: "custom", path: ["bands"], message: "Cada franja empieza a una hora distinta." });
    try {
      new Intl.DateTimeFormat("es-ES", { timeZone: rules.timeZone });
    } catch {
      ctx.addIssue({ code: "custom", path: ["timeZone"], message: "Zona horaria desconocida." });
    }
  });
export type IncidentRules = z.infer<typeof incidentRulesSchema>;

function rules(day: number, evening: number, night: number, extra: Partial<IncidentRules> = {}): IncidentRules {
  return {
    timeZone: "Europe/Madrid",
    bands: [
      { band: "day", start: "07:00", laeq: day, sustainMin: 10, lmax: null },
      { band: "evening", start: "19:00", laeq: evening, sustainMin: 10, lmax: null },
      { band: "night", start: "23:00", laeq: night, sustainMin: 10, lmax: night + 20 },
    ],
    overcrowding: { enabled: true, tolerance: 0, sustainMin: 15 },
    emptyPresence: { enabled: true, sustainMin: 10 },
    offline: { enabled: true },
    smoke: { enabled: true },
    co: { enabled: true, ppm: 50 },
    tamper: { enabled: true },
    escalateAfterMin: 15,
    ...extra,
  };
}

// Presets by building type and city. Levels are indoor LAeq at the sensor: a conversation is
// about 60 dB(A), a party 75–85; the night values follow the usual building-community quiet hours.
export const INCIDENT_PRESETS = {
  urban_flat: { label: "Piso en edificio de viviendas (ciudad)", rules: rules(70, 65, 55) },
  detached_house: { label: "Casa independiente o adosado", rules: rules(75, 70, 60) },
  hotel_room: { label: "Habitación de hotel u hostal", rules: rules(65, 60, 50) },
  coliving: { label: "Coliving o habitaciones compartidas", rules: rules(70, 65, 55, { overcrowding: { enabled: true, tolerance: 1, sustainMin: 15 } }) },
  canarias: { label: "Canarias (hora de Canarias)", rules: { ...rules(70, 65, 55), timeZone: "Atlantic/Canary" } },
} as const satisfies Record<string, { label: string; rules: IncidentRules }>;
export type IncidentPreset = keyof typeof INCIDENT_PRESETS;

export const DEFAULT_INCIDENT_PRESET: IncidentPreset = "urban_flat";
export const DEFAULT_INCIDENT_RULES: IncidentRules = INCIDENT_PRESETS.urban_flat.rules;

/** The band a local time of day ("HH:MM") falls in. */
export function bandAt(rulesValue: IncidentRules, localTime: string): NoiseBandRule {
  const sorted = [...rulesValue.bands].sort((a, b) => a.start.localeCompare(b.start));
  let current = sorted[sorted.length - 1];
  for (const band of sorted) if (band.start <= localTime) current = band;
  return current;
}
