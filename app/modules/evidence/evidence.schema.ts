import { z } from "zod";
import { cleanLine } from "#app/lib/text.ts";
import type { Anomaly, BaselineSlot } from "#app/modules/vigilance/vigilance.schema.ts";

// Evidence reports (issue 21 item 4, ADR 0022): what a report is made of, shared by the staff
// screens, the public pages and the server. Pure.

/** One raw reading of the window, in protocol units and names (docs/DEVICE-PROTOCOL.md). */
export type EvidenceReading = {
  ts: string;
  window_s: number;
  laeq: number | null;
  lmax: number | null;
  occupancy: number | null;
  motion: boolean | null;
  door_open: boolean | null;
  smoke: boolean | null;
  tamper: boolean | null;
  siren: boolean | null;
  light_lux: number | null;
  temp_c: number | null;
  humidity_pct: number | null;
  pressure_hpa: number | null;
  co_ppm: number | null;
  battery_pct: number | null;
  rssi_dbm: number | null;
};

export const EVIDENCE_READING_FIELDS = [
  "ts",
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
] as const satisfies readonly (keyof EvidenceReading)[];

/**
 * Everything a report shows, as plain data: whoever holds an episode (the vigilance episode, or an
 * incident "Posible ocupación") fills it from the telemetry tables and the report is built from it
 * alone.
 */
export type EvidenceInput = {
  title: string;
  property: { id: string | null; name: string; address: string; timeZone: string };
  deviceId: string;
  episodeId: string | null;
  /** The armed period the episode happened in. */
  armed: { since: string | null; reason: string };
  baseline: {
    ready: boolean;
    readyAt: string | null;
    vacantHours: number;
    windowFrom: string | null;
    windowTo: string | null;
    computedAt: string | null;
    /** Hour of the day (0–23, property's zone) → its normal. */
    hours: BaselineSlot[];
  } | null;
  score: { peak: number; threshold: number; crossedAt: string | null; firstAnomalyAt: string | null; lastAnomalyAt: string | null };
  /** Every anomalous reading of the episode, oldest first. */
  timeline: Anomaly[];
  /** The window whose raw readings are included. */
  period: { from: string; to: string };
  readings: EvidenceReading[];
};

/** The raw readings a report includes: from 15 minutes before the first anomaly… */
export const EVIDENCE_LEAD_MS = 15 * 60_000;
/** …to 15 minutes after the last, at most 6 hours and 10,000 readings. */
export const EVIDENCE_TAIL_MS = 15 * 60_000;
export const EVIDENCE_MAX_SPAN_MS = 6 * 3_600_000;
export const EVIDENCE_MAX_READINGS = 10_000;

/** A file uploaded to /verificar is hashed up to this size (a report's ZIP is far smaller). */
export const VERIFY_UPLOAD_MAX_BYTES = 32 * 1024 * 1024;

export const SHARE_DAYS_DEFAULT = 30;
export const SHARE_DAYS_MAX = 365;

export const shareLinkSchema = z.object({
  // The one sanitiser of every form (ADR 0012): no bidi or zero-width characters, no markup.
  label: z
    .string()
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: "Indica para quién es el enlace (por ejemplo «Abogado» o «Policía Nacional»)." })
    .max(120, { error: "El nombre del enlace admite como mucho 120 caracteres." })),
  days: z.coerce
    .number({ error: `La caducidad debe ser un número de días entre 1 y ${SHARE_DAYS_MAX}.` })
    .int({ error: `La caducidad debe ser un número de días entre 1 y ${SHARE_DAYS_MAX}.` })
    .min(1, { error: `La caducidad debe ser un número de días entre 1 y ${SHARE_DAYS_MAX}.` })
    .max(SHARE_DAYS_MAX, { error: `La caducidad debe ser un número de días entre 1 y ${SHARE_DAYS_MAX}.` }),
});

export const EVIDENCE_MESSAGES = {
  noKey:
    "Los informes no se pueden firmar: con PostgreSQL hace falta la variable EVIDENCE_SIGNING_KEY (la misma clave en todas las instancias). Consulta el README.",
  episodeNotFound: "El episodio no existe.",
  reportNotFound: "El informe no existe.",
  noReadings: "No hay lecturas del dispositivo en el periodo del episodio: no se puede hacer el informe.",
  linkNotFound: "Este enlace no existe.",
  linkExpired: "Este enlace ha caducado. Pide uno nuevo a quien te lo envió.",
  linkRevoked: "Este enlace ha sido revocado. Pide uno nuevo a quien te lo envió.",
  uploadMissing: "Elige el archivo que quieres comprobar.",
  uploadTooLarge: "El archivo es demasiado grande: un informe de NidoSmart ocupa mucho menos de 32 MB.",
  rateLimited: "Demasiadas comprobaciones seguidas. Espera unos minutos.",
} as const;

export type EvidenceFileKind = "pdf" | "zip";

export const EVIDENCE_FILE_NAMES: Record<EvidenceFileKind, (id: string) => string> = {
  pdf: (id) => `informe-evidencia-${id.slice(0, 8)}.pdf`,
  zip: (id) => `copia-forense-${id.slice(0, 8)}.zip`,
};

/** What the verification page and the staff screen show of a report. */
export type ReportSummary = {
  id: string;
  title: string;
  propertyName: string;
  deviceId: string;
  periodFrom: string;
  periodTo: string;
  readingsCount: number;
  peakScore: number | null;
  createdAt: string;
  createdByName: string | null;
  keyId: string;
  pdf: { sha256: string; size: number; signatureValid: boolean; signatureBase64: string; timestampAt: string | null; hasTimestamp: boolean };
  zip: { sha256: string; size: number; signatureValid: boolean; signatureBase64: string; timestampAt: string | null; hasTimestamp: boolean };
  tsaError: string | null;
};

type PublicFileFacts = Omit<ReportSummary["pdf"], "signatureBase64">;

/**
 * What a public page (/verificar, a share link) shows of a report, and so all it may carry in its
 * page data: the id, title, signing instant, reading period, key, and each file's hash, size,
 * signature validity and time-stamp. Not the staff member who signed, the readings count nor
 * the peak score: the serialized loader data is public too.
 */
export type PublicReportFacts = Pick<ReportSummary, "id" | "title" | "createdAt" | "periodFrom" | "periodTo" | "keyId"> & { pdf: PublicFileFacts; zip: PublicFileFacts };

const publicFileFacts = ({ sha256, size, signatureValid, timestampAt, hasTimestamp }: ReportSummary["pdf"]): PublicFileFacts => ({
  sha256,
  size,
  signatureValid,
  timestampAt,
  hasTimestamp,
});

/** Only the facts a public page shows (see PublicReportFacts). */
export function publicReportFacts(report: ReportSummary): PublicReportFacts {
  const { id, title, createdAt, periodFrom, periodTo, keyId } = report;
  return { id, title, createdAt, periodFrom, periodTo, keyId, pdf: publicFileFacts(report.pdf), zip: publicFileFacts(report.zip) };
}

/**
 * Why `siteUrl` is not an address a judge or a lawyer can open (http, localhost, a private or
 * loopback IP, a name without a public domain), or null when it is. A report signed under such a
 * SITE_URL carries a QR code and a verification link that lead nowhere outside this network: it
 * is still signed (a test or a local install must work), with this warning on the report and on
 * the screen (ADR 0022).
 */
export function nonPublicSiteUrlReason(siteUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return "no es una dirección válida";
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "apunta a este equipo (localhost)";
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)?.slice(1).map(Number);
  if (v4) {
    const [a, b] = v4;
    if (a === 127 || a === 0) return "apunta a este equipo (dirección de bucle local)";
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return "es una dirección IP privada";
  } else if (host.includes(":")) {
    if (host === "::1" || host === "::") return "apunta a este equipo (dirección de bucle local)";
    if (/^f[cd]/.test(host) || /^fe[89ab]/.test(host)) return "es una dirección IP privada";
  } else if (!host.includes(".") || /\.(local|lan|internal|home\.arpa|test|example|invalid)$/.test(host)) {
    return "no es un dominio público";
  }
  if (url.protocol !== "https:") return "no usa https";
  return null;
}

/** The warning a report and the staff screens show when SITE_URL is not public (see above). */
export function nonPublicSiteUrlWarning(siteUrl: string): string | null {
  const reason = nonPublicSiteUrlReason(siteUrl);
  if (!reason) return null;
  return `Aviso: la dirección de verificación (${siteUrl}) ${reason}. El código QR y el enlace de este informe no se pueden abrir fuera de esta red; para un informe que vaya a un juzgado, configure SITE_URL con la dirección pública https de la plataforma y vuelva a crearlo.`;
}

export const WELL_KNOWN_KEY_PATH = "/.well-known/nidosmart-evidence-key";
export const verifyPath = (id: string) => `/verificar/${id}`;
export const sharePath = (token: string) => `/evidencia/${token}`;

export const UUID_PATTERN_EVIDENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
