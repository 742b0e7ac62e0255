import { z } from "zod";

// Vigilancia (anti-squatting, issue 21, ADR 0021): the shapes and rules shared by the staff
// screens, the evaluator and the evidence report. Pure: no database, no I/O.

/** The baseline is ready once it has learnt from this many vacant hours (the product's promise). */
export const BASELINE_HOURS = 72;
/** It keeps learning from every vacant hour of the last four weeks (each hour of the week up to 4 times). */
export const BASELINE_LOOKBACK_DAYS = 28;
/** A clock hour counts as vacant data only when the device covered at least this share of it. */
export const BASELINE_MIN_COVERAGE = 0.8;
/** An hour of the week uses its own samples once seen twice (two hours of minutes), else its hour of the day's. */
export const WEEK_SLOT_MIN_MINUTES = 120;
/** How often a baseline is recomputed: hourly while learning, every 6 hours once ready. */
export const BASELINE_REFRESH_LEARNING_MS = 60 * 60_000;
export const BASELINE_REFRESH_READY_MS = 6 * 60 * 60_000;

const SCORE_FORMAT = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * An intrusion score as every screen, e-mail, incident and report writes it: one decimal, the
 * Spanish decimal comma ("17,9"). One function, so the same score never reads 17.86 in one
 * place and 18.0 in another.
 */
export function formatScore(value: number): string {
  return SCORE_FORMAT.format(value);
}

/** The sliding window the score sums over. */
export const SCORE_WINDOW_MS = 10 * 60_000;
/** A visit ends this long after its last presence… */
export const VISIT_TAIL_MS = 2 * 60_000;
/** …once this long without any presence has been seen (covered by readings)… */
export const VISIT_QUIET_MS = 15 * 60_000;
/** …and in any case this long after it started. */
export const VISIT_MAX_MS = 8 * 3_600_000;
/** A visit starts this long before the door command (device clocks and reading windows). */
export const VISIT_LEAD_MS = 2 * 60_000;
/** An episode with no anomaly for this long is closed. */
export const EPISODE_QUIET_MS = 60 * 60_000;
/** At most this many anomalies are kept on an episode (the readings themselves stay in telemetry). */
export const EPISODE_MAX_ANOMALIES = 2_000;

export const ANOMALY_KINDS = ["opening", "presence", "noise", "light"] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

export const ANOMALY_LABELS: Record<AnomalyKind, string> = {
  opening: "Apertura de puerta",
  presence: "Presencia",
  noise: "Pico de ruido",
  light: "Salto de luz",
};

/**
 * The score's constants (ADR 0021). Each anomaly weighs W × d, d ∈ (0, 1] its departure from
 * the baseline; presence and noise weigh per minute of anomaly (× window_s / 60), an opening and
 * a light jump per event. The window's score is Σ over kinds of min(cap, Σ weights of the kind).
 * Noise and light (what a street can cause) are capped at 4 + 3 = 7, under the lowest allowed
 * threshold (8): an alarm needs a sign from inside, an opening or presence.
 */
export const SCORE = {
  weight: { opening: 5, presence: 4, noise: 2, light: 3 } satisfies Record<AnomalyKind, number>,
  cap: { opening: 5, presence: 8, noise: 4, light: 3 } satisfies Record<AnomalyKind, number>,
  /** A noise peak: LAeq this far over the hour's p95, or Lmax this far over its p95. */
  noiseLaeqMarginDb: 6,
  noiseLmaxMarginDb: 10,
  /** dB over the p95 at which a noise peak weighs fully: LAeq, Lmax. */
  noiseFullDb: 20,
  noiseLmaxFullDb: 30,
  /** A light jump: at least this ratio (+5 lux each side) and this many lux more than the reference. */
  lightJumpRatio: 2,
  lightJumpMinLux: 10,
  /** log2 of the ratio at which a jump weighs fully (16×). */
  lightFullLog2: 4,
} as const;

export const THRESHOLD_MIN = 8;
export const THRESHOLD_MAX = 20;
export const THRESHOLD_DEFAULT = 10;
export const MAX_SCORE = Object.values(SCORE.cap).reduce((a, b) => a + b, 0);

export type Anomaly = {
  /** The reading's ts (end of its window), ISO 8601. */
  ts: string;
  kind: AnomalyKind;
  /** What it adds to the score (before the kind's cap). */
  weight: number;
  /** How far it departs from the baseline, 0–1. */
  departure: number;
  /** Spanish, for the timeline: what was measured against what is normal. */
  detail: string;
};

/** The normal of one hour (of the day, or of the week) in a vacant flat. */
export type BaselineSlot = {
  /** Minutes of vacant data behind it (0 = the default below). */
  minutes: number;
  /** Minute LAeq, dB(A): median and 95th percentile. */
  laeqP50: number;
  laeqP95: number;
  /** Minute Lmax, dB(A), 95th percentile. */
  lmaxP95: number;
  /** Minute mean illuminance, lux: median and 95th percentile. */
  lightP50: number;
  lightP95: number;
  /** Share of minutes with someone counted or motion (0–1). */
  presenceRate: number;
  /** Share of minutes with motion (0–1). */
  motionRate: number;
  /** Share of minutes with the door open (0–1). */
  doorRate: number;
  /** Door openings per hour. */
  doorPerHour: number;
};

export type BaselineProfile = {
  version: 1;
  timeZone: string;
  /** Index = hour of the day (0–23, the property's time zone). */
  hours: BaselineSlot[];
  /** "d-h" (d = 0 Monday … 6 Sunday) for the hours of the week seen often enough. */
  week: Record<string, BaselineSlot>;
};

/** What an empty flat is assumed to be while nothing is learnt (a quiet interior, blinds down). */
export const DEFAULT_SLOT: BaselineSlot = {
  minutes: 0,
  laeqP50: 30,
  laeqP95: 35,
  lmaxP95: 50,
  lightP50: 5,
  lightP95: 30,
  presenceRate: 0,
  motionRate: 0,
  doorRate: 0,
  doorPerHour: 0,
};

export function defaultProfile(timeZone: string): BaselineProfile {
  return { version: 1, timeZone, hours: Array.from({ length: 24 }, () => ({ ...DEFAULT_SLOT })), week: {} };
}

export const DAY_LABELS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"] as const;

// ---------------------------------------------------------------- the armed state

export type VigilanceReason =
  | { kind: "vacant"; since: string | null; reservationReference: string | null }
  | { kind: "stay"; reservationId: string; reference: string; checkIn: string; checkOut: string }
  | { kind: "manual-armed"; at: string; by: string | null }
  | { kind: "manual-disarmed"; at: string; by: string | null }
  | { kind: "auto-off" }
  | { kind: "visit"; visitId: string; visitKind: "guest_link" | "staff"; label: string };

export type VigilanceState = {
  armed: boolean;
  /** Since when it is in this state (null: since always, i.e. before anything we know of). */
  since: string | null;
  reason: VigilanceReason;
};

/** "Armada" or not, in a sentence: why. */
export function describeReason(reason: VigilanceReason, format: (iso: string) => string): string {
  switch (reason.kind) {
    case "vacant":
      return reason.since
        ? `Sin estancia en curso desde la salida${reason.reservationReference ? ` de ${reason.reservationReference}` : ""} (${format(reason.since)}, con el margen incluido)`
        : "Sin estancia en curso";
    case "stay":
      return `Estancia en curso: ${reason.reference} (${reason.checkIn} – ${reason.checkOut})`;
    case "manual-armed":
      return `Armada a mano${reason.by ? ` por ${reason.by}` : ""}`;
    case "manual-disarmed":
      return `Desarmada a mano${reason.by ? ` por ${reason.by}` : ""}`;
    case "auto-off":
      return "El armado automático está desactivado";
    case "visit":
      return reason.visitKind === "staff" ? `Visita: puerta abierta por el personal (${reason.label})` : `Visita: puerta abierta con el enlace de la reserva ${reason.label}`;
  }
}

// ---------------------------------------------------------------- settings form

const CHECKOUT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const vigilanceSettingsSchema = z.object({
  autoArm: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  sirenEnabled: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  graceMinutes: z.coerce
    .number({ error: "El margen tras la salida debe ser un número de minutos entre 0 y 1440." })
    .int({ error: "El margen tras la salida debe ser un número de minutos entre 0 y 1440." })
    .min(0, { error: "El margen tras la salida debe ser un número de minutos entre 0 y 1440." })
    .max(1440, { error: "El margen tras la salida debe ser un número de minutos entre 0 y 1440." }),
  checkoutTime: z.string().trim().regex(CHECKOUT_TIME, { error: "La hora de salida debe tener el formato HH:MM (por ejemplo 11:00)." }),
  threshold: z.coerce
    .number({ error: `El umbral debe ser un número entre ${THRESHOLD_MIN} y ${THRESHOLD_MAX}.` })
    .min(THRESHOLD_MIN, { error: `El umbral debe ser un número entre ${THRESHOLD_MIN} y ${THRESHOLD_MAX}.` })
    .max(THRESHOLD_MAX, { error: `El umbral debe ser un número entre ${THRESHOLD_MIN} y ${THRESHOLD_MAX}.` }),
});
export type VigilanceSettingsInput = z.infer<typeof vigilanceSettingsSchema>;

export type VigilanceSettingsView = VigilanceSettingsInput & {
  manualState: "armed" | "disarmed" | null;
  manualAt: string | null;
  manualByName: string | null;
};

export const DEFAULT_SETTINGS: VigilanceSettingsInput = {
  autoArm: true,
  sirenEnabled: false,
  graceMinutes: 120,
  checkoutTime: "11:00",
  threshold: THRESHOLD_DEFAULT,
};

export const VIGILANCE_MESSAGES = {
  propertyNotFound: "La vivienda no existe.",
  noDevice: "Esta vivienda no tiene ningún NS-01 asignado. Asígnalo en Gestión de Viajeros → Dispositivos.",
  invalidIntent: "Acción no válida.",
  saved: "Ajustes de vigilancia guardados.",
  armed: "Vigilancia armada.",
  disarmed: "Vigilancia desarmada.",
  doorOpened: "Puerta abierta: la vigilancia queda en pausa durante la visita.",
} as const;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
