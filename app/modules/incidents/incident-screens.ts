import { z } from "zod";
import {
  INCIDENT_PRESETS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  NOISE_BANDS,
  incidentRulesSchema,
  type IncidentPreset,
  type IncidentRules,
  type IncidentStatus,
  type IncidentType,
} from "./incidents.schema.ts";

// What the Incidencias screens share between the server and the browser (issue 20): the list's
// filters as they live in the URL, the close note, the rules form's fields and the report month.
// The server is the authority: every value here is parsed again there.

export const INCIDENTS_PAGE_SIZE = 25;

export const INCIDENT_MESSAGES = {
  notFound: "La incidencia no existe.",
  propertyNotFound: "La vivienda no existe.",
  alreadyClosed: "La incidencia ya estaba cerrada.",
  closed: "Incidencia cerrada.",
  acknowledged: "Incidencia reconocida: ya no se escalará.",
  notOpenResolved: "La incidencia ya está resuelta: solo se reconoce una incidencia abierta.",
  notOpenClosed: "La incidencia ya está cerrada: solo se reconoce una incidencia abierta.",
  noteRequired: "Escribe una nota: qué se hizo o por qué se cierra.",
  noteTooLong: "La nota admite como máximo 2000 caracteres.",
  rulesSaved: "Reglas guardadas.",
  presetApplied: "Plantilla aplicada.",
  presetUnknown: "Elige una plantilla de la lista.",
  invalidAction: "Acción no válida.",
  invalidMonth: "Elige un mes válido (no posterior al actual).",
  empty: "Todavía no hay incidencias. Se abren solas cuando las lecturas de un dispositivo superan las reglas de su vivienda: revísalas en «Reglas e informes».",
  noMatches: "Ninguna incidencia coincide con los filtros. Amplía las fechas o pulsa «Limpiar».",
  actionError: "No se pudo completar la acción. Inténtalo de nuevo.",
} as const;

export type IncidentQuery = {
  type: IncidentType | "";
  status: IncidentStatus | "";
  propertyId: string;
  deviceId: string;
  /** yyyy-MM-dd, Madrid calendar dates (inclusive) on the incident's start. */
  from: string;
  to: string;
  page: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DEVICE = /^[A-Za-z0-9_.:-]{1,64}$/;

export const incidentIdSchema = z.string().regex(UUID);
export const propertyIdSchema = z.string().regex(UUID);

/** The list's filters from the URL (?tipo=&estado=&vivienda=&dispositivo=&desde=&hasta=&pagina=); anything odd is ignored. */
export function parseIncidentQuery(params: URLSearchParams): IncidentQuery {
  const type = params.get("tipo") ?? "";
  const status = params.get("estado") ?? "";
  const propertyId = params.get("vivienda") ?? "";
  const deviceId = params.get("dispositivo") ?? "";
  const from = params.get("desde") ?? "";
  const to = params.get("hasta") ?? "";
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  return {
    type: (INCIDENT_TYPES as readonly string[]).includes(type) ? (type as IncidentType) : "",
    status: (INCIDENT_STATUSES as readonly string[]).includes(status) ? (status as IncidentStatus) : "",
    propertyId: UUID.test(propertyId) ? propertyId.toLowerCase() : "",
    deviceId: DEVICE.test(deviceId) ? deviceId : "",
    from: DATE.test(from) ? from : "",
    to: DATE.test(to) ? to : "",
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query back as URL parameters (page 1 and empty filters left out). */
export function incidentQueryParams(query: IncidentQuery, page = query.page): URLSearchParams {
  const params = new URLSearchParams();
  if (query.type) params.set("tipo", query.type);
  if (query.status) params.set("estado", query.status);
  if (query.propertyId) params.set("vivienda", query.propertyId);
  if (query.deviceId) params.set("dispositivo", query.deviceId);
  if (query.from) params.set("desde", query.from);
  if (query.to) params.set("hasta", query.to);
  if (page > 1) params.set("pagina", String(page));
  return params;
}

export const closeNoteSchema = z
  .string({ message: INCIDENT_MESSAGES.noteRequired })
  .trim()
  .min(1, INCIDENT_MESSAGES.noteRequired)
  .max(2000, INCIDENT_MESSAGES.noteTooLong);

// ---------------------------------------------------------------- the rules form

export const PRESET_CUSTOM = "custom";
export type RulesPreset = IncidentPreset | typeof PRESET_CUSTOM;

export function isIncidentPreset(value: unknown): value is IncidentPreset {
  return typeof value === "string" && Object.hasOwn(INCIDENT_PRESETS, value);
}

/**
 * A preset's rules for a property: its time zone stays the property's, unless the preset is
 * about a zone of its own (Canarias).
 */
export function presetRules(preset: IncidentPreset, propertyTimeZone: string): IncidentRules {
  const rules = structuredClone(INCIDENT_PRESETS[preset].rules) as IncidentRules;
  return rules.timeZone === "Europe/Madrid" ? { ...rules, timeZone: propertyTimeZone } : rules;
}

/** The preset `rules` are exactly (time zone aside), or "custom". */
export function matchingPreset(rules: IncidentRules, propertyTimeZone: string): RulesPreset {
  for (const preset of Object.keys(INCIDENT_PRESETS) as IncidentPreset[]) {
    if (sameRules(presetRules(preset, propertyTimeZone), rules)) return preset;
  }
  return PRESET_CUSTOM;
}

function sameRules(a: IncidentRules, b: IncidentRules): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** The form's field name of a band's value: "day.laeq", "night.lmax"… */
export const bandField = (band: string, field: "start" | "laeq" | "sustainMin" | "lmax") => `${band}.${field}`;

const FIELD_LABELS: Record<string, string> = {
  timeZone: "Zona horaria",
  bands: "Franjas",
  start: "Hora de inicio",
  laeq: "Umbral LAeq",
  sustainMin: "Duración sostenida",
  lmax: "Pico Lmax",
  tolerance: "Tolerancia",
  ppm: "Umbral de CO",
  escalateAfterMin: "Aviso al personal tras",
  overcrowding: "Más personas que huéspedes",
  emptyPresence: "Presencia en vivienda vacía",
};
const BAND_NAMES: Record<string, string> = { "0": "Día", "1": "Tarde", "2": "Noche" };

type FormLike = { get(name: string): FormDataEntryValue | null };

function text(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** A number field: the number, or the raw text (so the schema refuses it) when it is not one. */
function numberField(form: FormLike, name: string): number | string {
  const raw = text(form, name).replace(",", ".");
  if (raw === "") return "";
  const value = Number(raw);
  return Number.isFinite(value) ? value : raw;
}

const checked = (form: FormLike, name: string) => {
  const value = text(form, name);
  return value === "on" || value === "true" || value === "1";
};

/** The rules form's fields as the object incidentRulesSchema checks. */
export function rulesInputFromForm(form: FormLike): unknown {
  return {
    timeZone: text(form, "timeZone"),
    bands: NOISE_BANDS.map((band) => {
      const lmax = numberField(form, bandField(band, "lmax"));
      return {
        band,
        start: text(form, bandField(band, "start")),
        laeq: numberField(form, bandField(band, "laeq")),
        sustainMin: numberField(form, bandField(band, "sustainMin")),
        lmax: lmax === "" ? null : lmax,
      };
    }),
    overcrowding: { enabled: checked(form, "overcrowding.enabled"), tolerance: numberField(form, "overcrowding.tolerance"), sustainMin: numberField(form, "overcrowding.sustainMin") },
    emptyPresence: { enabled: checked(form, "emptyPresence.enabled"), sustainMin: numberField(form, "emptyPresence.sustainMin") },
    offline: { enabled: checked(form, "offline.enabled") },
    smoke: { enabled: checked(form, "smoke.enabled") },
    co: { enabled: checked(form, "co.enabled"), ppm: numberField(form, "co.ppm") },
    tamper: { enabled: checked(form, "tamper.enabled") },
    escalateAfterMin: numberField(form, "escalateAfterMin"),
  };
}

/** Spanish, with the field it is about: zod's own text for a wrong type is English. */
export function rulesErrorMessage(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return "Revisa las reglas.";
  const path = issue.path.map(String);
  const band = path[0] === "bands" && path[1] !== undefined ? BAND_NAMES[path[1]] : undefined;
  const field = FIELD_LABELS[path.at(-1) ?? ""] ?? FIELD_LABELS[path[0] ?? ""] ?? "Valor";
  const spanish = issue.code === "custom" || /^[A-ZÁÉÍÓÚ¿]/.test(issue.message) && !/^(Invalid|Expected|Too|Unrecognized)/.test(issue.message);
  const message = spanish ? issue.message : "indica un número válido.";
  const where = band ? `${band} · ${field}` : field;
  return `${where}: ${message}`;
}

export function parseRulesForm(form: FormLike): { ok: true; rules: IncidentRules } | { ok: false; error: string } {
  const parsed = incidentRulesSchema.safeParse(rulesInputFromForm(form));
  return parsed.success ? { ok: true, rules: parsed.data } : { ok: false, error: rulesErrorMessage(parsed.error.issues) };
}

// ---------------------------------------------------------------- the report month

/** "2026-11" → the month if it is a real one from 2020 up to `current` (yyyy-MM). */
export function parseReportMonth(value: string | null | undefined, current: string): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  if (value < "2020-01" || value > current) return null;
  return value;
}

/** The `count` months up to `current` (yyyy-MM), newest first. */
export function recentMonths(current: string, count: number): string[] {
  const [y, m] = current.split("-").map(Number);
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(y!, m! - 1 - i, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

const MONTH_NAMES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/** "2026-11" → "noviembre de 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[m! - 1]} de ${y}`;
}
