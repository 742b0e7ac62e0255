import { z } from "zod";
import type { TelemetryReading } from "#app/modules/telemetry/telemetry.schema.ts";

// Monitorización (issue 19, ADR 0017): the shapes and rules shared by the staff screens and the
// server. Pure: no database, no I/O.

/** A device is "Sin conexión" when the server last stored a reading from it longer ago than this.
 * The NS-01 reports every 10 s to a minute; five minutes leaves room for a router restart. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/** Below this battery level a device is a problem (it will stop reporting within days). */
export const LOW_BATTERY_PCT = 20;

/** LAeq over a reading window above this is listed as a problem (a party, not a television). */
export const NOISE_PROBLEM_DB = 70;

export const FLEET_PAGE_SIZE = 50;

/** The chart's preset ranges; "custom" takes from/to. */
export const CHART_RANGES = ["24h", "7d", "30d", "custom"] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_RANGE_LABELS: Record<ChartRange, string> = {
  "24h": "24 h",
  "7d": "7 días",
  "30d": "30 días",
  custom: "Otro intervalo",
};
export const CHART_RANGE_MS: Record<Exclude<ChartRange, "custom">, number> = {
  "24h": 24 * 3_600_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};

/** The longest range one chart or one CSV covers: a year of minutes is 525,600 rows. */
export const MAX_RANGE_MS = 366 * 86_400_000;
/** The client's pixel width is clamped to this: no screen needs more points. */
export const MIN_CHART_WIDTH = 60;
export const MAX_CHART_WIDTH = 4000;

export const MONITORING_MESSAGES = {
  invalidRange: "El intervalo no es válido: indica un inicio anterior al fin y como mucho 366 días.",
  notFound: "El dispositivo no existe.",
  empty: "No hay dispositivos registrados. Regístralos en Gestión de Viajeros → Dispositivos.",
  noMatches: "Ningún dispositivo coincide con los filtros. Cambia la búsqueda o pulsa «Limpiar».",
  noReadings: "Todavía no hay lecturas en este intervalo. Elige un intervalo más largo o comprueba que el dispositivo tiene corriente y wifi: envía una lectura por minuto.",
  liveLost: "Sin conexión en directo; reintentando…",
  mailDisabled:
    "El correo no está configurado (SMTP_URL): las incidencias se registran, pero no se avisa por correo al personal ni a los titulares de las estancias. Configura SMTP_URL y MONITORING_ALERT_TO (o STAFF_NOTIFY_TO) y reinicia el servidor.",
} as const;

const isoInstant = z
  .string()
  .trim()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), "fecha no válida")
  .transform((value) => new Date(value));

/** `?from&to&width` of the chart data; from/to ISO 8601, width the plot's CSS pixels. */
export const seriesQuerySchema = z
  .object({
    from: isoInstant,
    to: isoInstant,
    width: z.coerce.number().int().catch(800).transform((w) => Math.min(MAX_CHART_WIDTH, Math.max(MIN_CHART_WIDTH, w))),
  })
  .refine((q) => q.from < q.to && q.to.getTime() - q.from.getTime() <= MAX_RANGE_MS, MONITORING_MESSAGES.invalidRange);
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** `?from&to` of the CSV export. */
export const exportQuerySchema = z
  .object({ from: isoInstant, to: isoInstant })
  .refine((q) => q.from < q.to && q.to.getTime() - q.from.getTime() <= MAX_RANGE_MS, MONITORING_MESSAGES.invalidRange);

export const deviceIdParamSchema = z.string().trim().min(1).max(64);

// ---------------------------------------------------------------- fleet

export const FLEET_STATUS_FILTERS = ["all", "problems", "offline", "online"] as const;
export type FleetStatusFilter = (typeof FLEET_STATUS_FILTERS)[number];
export const FLEET_STATUS_LABELS: Record<FleetStatusFilter, string> = {
  all: "Todos",
  problems: "Con incidencias",
  offline: "Sin conexión",
  online: "En línea",
};

export type FleetQuery = { q: string; city: string; propertyId: string; status: FleetStatusFilter; page: number };

export function parseFleetQuery(params: URLSearchParams): FleetQuery {
  const status = params.get("estado") ?? "all";
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    city: (params.get("ciudad") ?? "").trim().slice(0, 100),
    propertyId: /^[0-9a-f-]{36}$/i.test(params.get("vivienda") ?? "") ? params.get("vivienda")! : "",
    status: (FLEET_STATUS_FILTERS as readonly string[]).includes(status) ? (status as FleetStatusFilter) : "all",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The stay in progress at a property: who is booked and how many have registered. */
export type StayOccupancy = {
  reservationId: string;
  checkInDate: string;
  checkOutDate: string;
  /** Registered guests, or the booked guest count while nobody has registered. */
  expected: number;
  /** true when `expected` counts registered guests; false when it is the booking's count. */
  registered: boolean;
};

/** The latest value of each field, as the device last reported it (a reading's fields). */
export type LiveState = Omit<TelemetryReading, "ts" | "windowS"> & { lastReadingAt: string | null };

/** Most urgent first: the fleet's sort order. A silent device hides everything else it would report. */
export const PROBLEM_KINDS = ["smoke", "tamper", "offline", "noData", "overOccupancy", "noise", "lowBattery"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const PROBLEM_LABELS: Record<ProblemKind, string> = {
  smoke: "Humo",
  tamper: "Manipulación",
  offline: "Sin conexión",
  overOccupancy: "Más personas que registradas",
  noise: "Ruido alto",
  lowBattery: "Batería baja",
  noData: "Sin lecturas",
};

/**
 * Open incident types, worst first (issue 27): what endangers people, then what endangers the
 * flat, then the neighbours, then a silent sensor. The fleet lists and sorts devices by it.
 */
export const INCIDENT_SEVERITY = ["smoke", "co", "intrusion", "tamper", "empty_presence", "overcrowding", "noise", "offline"] as const;

/** An open incident as the fleet shows it (a link to its page). */
export type FleetIncident = { id: string; type: (typeof INCIDENT_SEVERITY)[number]; startedAt: string };

/** Worst first, then the oldest first. */
export function sortOpenIncidents<T extends { type: string; startedAt: string }>(list: readonly T[]): T[] {
  const rank = (type: string) => {
    const index = (INCIDENT_SEVERITY as readonly string[]).indexOf(type);
    return index < 0 ? INCIDENT_SEVERITY.length : index;
  };
  return [...list].sort((a, b) => rank(a.type) - rank(b.type) || a.startedAt.localeCompare(b.startedAt));
}

export type FleetDevice = {
  id: string;
  name: string;
  propertyId: string | null;
  propertyName: string | null;
  city: string | null;
  online: boolean;
  state: LiveState;
  stay: StayOccupancy | null;
  problems: ProblemKind[];
  /** The device's open incidents in its property, worst first (the engine's episodes). */
  openIncidents: FleetIncident[];
};

/** `openIncidents`: open incidents of the whole fleet (not devices); `problems`: devices with a live problem. */
export type FleetSummary = { total: number; online: number; offline: number; problems: number; openIncidents: number };

/**
 * What is wrong with a device now, most urgent first. Its order is the fleet's sort order: a
 * device with smoke comes before one that is merely offline.
 */
export function deviceProblems(state: LiveState, stay: StayOccupancy | null, now: number): ProblemKind[] {
  const problems: ProblemKind[] = [];
  if (state.smoke) problems.push("smoke");
  if (state.tamper) problems.push("tamper");
  if (!state.lastReadingAt) problems.push("noData");
  else if (!isOnline(state.lastReadingAt, now)) problems.push("offline");
  if (stay && state.occupancy != null && state.occupancy > stay.expected) problems.push("overOccupancy");
  if (state.laeq != null && state.laeq >= NOISE_PROBLEM_DB) problems.push("noise");
  if (state.batteryPct != null && state.batteryPct < LOW_BATTERY_PCT) problems.push("lowBattery");
  return problems.sort((a, b) => PROBLEM_KINDS.indexOf(a) - PROBLEM_KINDS.indexOf(b));
}

export function isOnline(lastReadingAt: string | null, now: number): boolean {
  return lastReadingAt != null && now - Date.parse(lastReadingAt) <= OFFLINE_AFTER_MS;
}

/**
 * The city of a property, read from the end of its address ("Cuesta del Chapiz 45, 18010
 * Granada" → "Granada"): properties have no city field, and their addresses end with the
 * postal code and the town the way Spanish addresses are written.
 */
export function cityFromAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const last = address.split(",").at(-1)?.trim() ?? "";
  const city = last.replace(/^\d{5}\s*/, "").replace(/\s*\(.*\)$/, "").trim();
  return city.length >= 2 && !/^\d+$/.test(city) ? city : null;
}

// ---------------------------------------------------------------- chart and CSV

export type SeriesSource = "raw" | "minute" | "hour";

/** Column-wise, as uPlot takes it: t in Unix seconds, null where a bucket has no value. */
export type DeviceSeries = {
  from: string;
  to: string;
  source: SeriesSource;
  bucketSeconds: number;
  t: number[];
  laeq: (number | null)[];
  lmax: (number | null)[];
  occupancy: (number | null)[];
  /** Unix seconds; `expected`: the guests registered, or booked while nobody has (`registered` false). */
  stays: { from: number; to: number; label: string; expected: number; registered: boolean }[];
};

/** dB with one decimal and a point, for the CSV (a machine's format); "" for no value. Screens use formatDbA (app/lib/format.ts). */
export function formatDecibels(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? "" : value.toFixed(1);
}

/** "3 personas · 2 registradas" (or "· 2 en la reserva" while nobody has registered). */
export function occupancyLabel(occupancy: number | null, stay: StayOccupancy | null): string {
  const people = occupancy == null ? "Sin dato" : `${occupancy} ${occupancy === 1 ? "persona" : "personas"}`;
  if (!stay) return `${people} · sin estancia`;
  const who = stay.registered ? (stay.expected === 1 ? "registrada" : "registradas") : "en la reserva";
  return `${people} · ${stay.expected} ${who}`;
}

/** "hace 3 min", "hace 2 h", "hace 4 días": how old the last reading is. */
export function readingAge(lastReadingAt: string | null, now: number): string {
  if (!lastReadingAt) return "Nunca";
  const seconds = Math.max(0, Math.round((now - Date.parse(lastReadingAt)) / 1000));
  if (seconds < 60) return `hace ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.round(hours / 24)} días`;
}

/** The event the live stream sends for one accepted reading. */
export type LiveEvent = { deviceId: string; propertyId: string | null; state: LiveState };
