import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import { bandAt, type IncidentReading, type IncidentRules, type IncidentType, type NoiseBand } from "./incidents.schema.ts";

// The incident rules as pure functions over one device's minute rollups (ADR 0024). The engine
// (incidents-engine.server.ts) loads the minutes of [from - longest sustain, to], the stays and
// the device's episodes, calls evaluateMinutes, and writes what it returns.
//
// Every rule is a per-minute judgement — over, quiet, or unknown (no reading that minute) — and
// one state machine: closed, a run of over-minutes long enough opens an episode; open, a run of
// quiet minutes as long as the sustained duration resolves it (hysteresis: anything over in
// between restarts the quiet run, so a flapping signal stays one episode). A minute without
// readings is neither: it breaks both runs.

export const MINUTE_MS = 60_000;
/** Smoke, CO and tamper open at once and resolve after this many clear minutes. */
export const INSTANT_CLEAR_MIN = 5;
/** Readings kept on an incident (the first ones: what triggered it). */
export const MAX_INCIDENT_READINGS = 200;

/** One minute of one device (telemetry_minute), decoded. `start` is the bucket's start, ms. */
export type MinuteSample = {
  start: number;
  readings: number;
  /** Energy-averaged LAeq of the minute, dB(A); null when none was measured. */
  laeq: number | null;
  lmax: number | null;
  occupancyMax: number | null;
  motion: boolean;
  smoke: boolean;
  tamper: boolean;
  coMax: number | null;
};

/** The stay in progress at a minute, as the overcrowding and empty-presence rules see it. */
export type StayView = { reservationId: string; expected: number };

/** What the engine knows of the device's episodes of one type before this evaluation. */
export type EpisodeState = {
  /** The open episode, if any. */
  open: { id: string; lastTriggerAt: number; peakValue: number | null; readingCount: number } | null;
  /** End of the latest episode of the type (resolved or closed): no new one opens before it. */
  lastEndedAt: number | null;
};

export type NewEpisode = {
  type: IncidentType;
  band: NoiseBand | null;
  startedAt: number;
  lastTriggerAt: number;
  /** Reading time of the start of the quiet stretch that resolved it within this evaluation. */
  resolvedAt: number | null;
  threshold: number;
  peakValue: number;
  registeredGuests: number | null;
  reservationId: string | null;
  readings: IncidentReading[];
  /** Spanish detail for the timeline ("LAeq 74,2 dB(A) durante 10 min (límite 55)"). */
  detail: string;
};

export type OpenUpdate = {
  type: IncidentType;
  id: string;
  lastTriggerAt: number;
  peakValue: number | null;
  addedReadings: IncidentReading[];
  resolvedAt: number | null;
};

export type Evaluation = { opened: NewEpisode[]; updated: OpenUpdate[] };

/** The local "HH:MM" of an instant in a zone. */
export function localHhmm(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(11, 16);
}

/** LAeq of a minute from its energy sum (Σ w·10^(L/10)) and weight (Σ w). */
export function laeqOf(energy: number | null, weight: number | null): number | null {
  if (energy === null || weight === null || weight <= 0 || energy <= 0) return null;
  return 10 * Math.log10(energy / weight);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const decimal = (n: number) => round1(n).toLocaleString("es-ES", { maximumFractionDigits: 1 });

type Judgement = {
  /** null: no data for this rule in the minute (breaks runs). */
  over: boolean | null;
  /** Opens at once (an Lmax spike, smoke…), whatever the run. */
  instant: boolean;
  /** Minutes needed over to open and quiet to resolve. */
  sustainMin: number;
  threshold: number;
  value: number;
  band: NoiseBand | null;
  stay: StayView | null;
};

function minuteReading(m: MinuteSample): IncidentReading {
  const reading: IncidentReading = { ts: new Date(m.start + MINUTE_MS).toISOString(), window_s: 60 };
  if (m.laeq !== null) reading.laeq = round1(m.laeq);
  if (m.lmax !== null) reading.lmax = round1(m.lmax);
  if (m.occupancyMax !== null) reading.occupancy = m.occupancyMax;
  if (m.smoke) reading.smoke = true;
  if (m.tamper) reading.tamper = true;
  if (m.coMax !== null) reading.co_ppm = round1(m.coMax);
  return reading;
}

export type RuleContext = {
  rules: IncidentRules;
  /** The stay in progress at a minute's start (null: none). */
  stayAt: (minuteStart: number) => StayView | null;
  /**
   * Whether a visit let in through the door (a valid reservation's link or staff: the vigilance
   * visits) covers the minute: a cleaner in an empty flat is expected presence, not an incident.
   */
  visitAt?: (minuteStart: number) => boolean;
};

/** The judgement of one rule for one minute; null when the rule is off. */
export function judge(type: IncidentType, m: MinuteSample, ctx: RuleContext): Judgement | null {
  const { rules } = ctx;
  switch (type) {
    case "noise": {
      const band = bandAt(rules, localHhmm(m.start, rules.timeZone));
      const base = { instant: false, sustainMin: band.sustainMin, band: band.band, stay: null };
      if (m.laeq === null && m.lmax === null) return { ...base, over: null, threshold: band.laeq, value: 0 };
      const laeqOver = m.laeq !== null && m.laeq > band.laeq;
      const spike = band.lmax !== null && m.lmax !== null && m.lmax > band.lmax;
      // The LAeq is what the episode is about; an Lmax spike alone opens it at once.
      if (spike && !laeqOver) return { ...base, over: true, instant: true, threshold: band.lmax!, value: m.lmax! };
      return { ...base, over: laeqOver, instant: spike, threshold: band.laeq, value: m.laeq ?? 0 };
    }
    case "overcrowding": {
      if (!rules.overcrowding.enabled) return null;
      const stay = ctx.stayAt(m.start);
      if (m.occupancyMax === null) return { over: null, instant: false, sustainMin: rules.overcrowding.sustainMin, threshold: 0, value: 0, band: null, stay };
      // No stay in progress: not this rule's business (presence in an empty flat is another).
      const threshold = stay ? stay.expected + rules.overcrowding.tolerance : Number.POSITIVE_INFINITY;
      return { over: m.occupancyMax > threshold, instant: false, sustainMin: rules.overcrowding.sustainMin, threshold: stay ? stay.expected : 0, value: m.occupancyMax, band: null, stay };
    }
    case "empty_presence": {
      if (!rules.emptyPresence.enabled) return null;
      if (m.readings === 0) return { over: null, instant: false, sustainMin: rules.emptyPresence.sustainMin, threshold: 0, value: 0, band: null, stay: null };
      const stay = ctx.stayAt(m.start);
      const present = (m.occupancyMax ?? 0) > 0 || m.motion;
      const visit = !stay && present && (ctx.visitAt?.(m.start) ?? false);
      return { over: !stay && present && !visit, instant: false, sustainMin: rules.emptyPresence.sustainMin, threshold: 0, value: m.occupancyMax ?? (m.motion ? 1 : 0), band: null, stay };
    }
    case "smoke":
      if (!rules.smoke.enabled) return null;
      return { over: m.smoke, instant: true, sustainMin: INSTANT_CLEAR_MIN, threshold: 1, value: m.smoke ? 1 : 0, band: null, stay: null };
    case "tamper":
      if (!rules.tamper.enabled) return null;
      return { over: m.tamper, instant: true, sustainMin: INSTANT_CLEAR_MIN, threshold: 1, value: m.tamper ? 1 : 0, band: null, stay: null };
    case "co":
      if (!rules.co.enabled) return null;
      if (m.coMax === null) return { over: null, instant: true, sustainMin: INSTANT_CLEAR_MIN, threshold: rules.co.ppm, value: 0, band: null, stay: null };
      return { over: m.coMax > rules.co.ppm, instant: true, sustainMin: INSTANT_CLEAR_MIN, threshold: rules.co.ppm, value: m.coMax, band: null, stay: null };
    default:
      return null;
  }
}

/** The rules evaluated from minutes (offline and intrusion are not: they have their own paths). */
export const MINUTE_RULES = ["noise", "overcrowding", "empty_presence", "smoke", "co", "tamper"] as const satisfies readonly IncidentType[];

/** The longest sustained duration of any rule, in minutes: how far before `from` to look. */
export function longestSustainMin(rules: IncidentRules): number {
  return Math.max(INSTANT_CLEAR_MIN, rules.overcrowding.sustainMin, rules.emptyPresence.sustainMin, ...rules.bands.map((b) => b.sustainMin));
}

function describe(type: IncidentType, j: Judgement, peak: number, minutes: number): string {
  switch (type) {
    case "noise":
      return `Ruido ${decimal(peak)} dB(A) durante ${minutes} min (límite ${decimal(j.threshold)} dB(A), franja ${j.band === "day" ? "día" : j.band === "evening" ? "tarde" : "noche"})`;
    case "overcrowding":
      return `${peak} personas para ${j.threshold} huéspedes durante ${minutes} min`;
    case "empty_presence":
      return `Presencia sin estancia en curso durante ${minutes} min`;
    case "smoke":
      return "Humo detectado";
    case "co":
      return `CO ${decimal(peak)} ppm (límite ${decimal(j.threshold)} ppm)`;
    case "tamper":
      return "Manipulación del dispositivo";
    default:
      return type;
  }
}

/**
 * Runs every minute rule over `minutes` (ascending, consecutive buckets may be missing) from the
 * states the device's episodes were in. Returns the episodes it opens (possibly several per type
 * in a backlog, some already resolved) and the updates of those that were open.
 */
export function evaluateMinutes(minutes: readonly MinuteSample[], ctx: RuleContext, states: Partial<Record<IncidentType, EpisodeState>>): Evaluation {
  const result: Evaluation = { opened: [], updated: [] };
  for (const type of MINUTE_RULES) {
    const state = states[type] ?? { open: null, lastEndedAt: null };
    let open: OpenUpdate | null = state.open
      ? { type, id: state.open.id, lastTriggerAt: state.open.lastTriggerAt, peakValue: state.open.peakValue, addedReadings: [], resolvedAt: null }
      : null;
    let openReadingCount = state.open?.readingCount ?? 0;
    let fresh: NewEpisode | null = null;
    let lastEnded = state.lastEndedAt;
    let run: MinuteSample[] = [];
    let quietStart: number | null = null;
    let quietCount = 0;
    let previous: number | null = null;
    for (const m of minutes) {
      const j = judge(type, m, ctx);
      if (!j) break;
      const gap = previous !== null && m.start - previous > MINUTE_MS;
      previous = m.start;
      if (gap) {
        run = [];
        quietStart = null;
        quietCount = 0;
      }
      if (j.over === null) {
        run = [];
        quietStart = null;
        quietCount = 0;
        continue;
      }
      const current = fresh ?? open;
      if (current) {
        const lastTrigger = fresh ? fresh.lastTriggerAt : open!.lastTriggerAt;
        if (j.over) {
          if (m.start + MINUTE_MS > lastTrigger) {
            if (fresh) {
              fresh.lastTriggerAt = m.start + MINUTE_MS;
              fresh.peakValue = Math.max(fresh.peakValue, j.value);
              if (fresh.readings.length < MAX_INCIDENT_READINGS) fresh.readings.push(minuteReading(m));
            } else {
              open!.lastTriggerAt = m.start + MINUTE_MS;
              open!.peakValue = Math.max(open!.peakValue ?? j.value, j.value);
              if (openReadingCount < MAX_INCIDENT_READINGS) {
                open!.addedReadings.push(minuteReading(m));
                openReadingCount++;
              }
            }
          }
          quietStart = null;
          quietCount = 0;
        } else if (m.start >= lastTrigger) {
          quietStart ??= m.start;
          quietCount++;
          if (quietCount >= j.sustainMin) {
            if (fresh) {
              fresh.resolvedAt = quietStart;
              result.opened.push(fresh);
              lastEnded = quietStart;
              fresh = null;
            } else {
              open!.resolvedAt = quietStart;
              result.updated.push(open!);
              lastEnded = quietStart;
              open = null;
            }
            quietStart = null;
            quietCount = 0;
            run = [];
          }
        }
        continue;
      }
      // Closed: count the run of over-minutes, never reaching back into an ended episode.
      if (!j.over || (lastEnded !== null && m.start < lastEnded)) {
        run = [];
        continue;
      }
      run.push(m);
      if (j.instant || run.length >= j.sustainMin) {
        const judged = run.map((minute) => ({ minute, j: judge(type, minute, ctx)! }));
        const peak = Math.max(...judged.map((x) => x.j.value));
        fresh = {
          type,
          band: j.band,
          startedAt: run[0].start,
          lastTriggerAt: m.start + MINUTE_MS,
          resolvedAt: null,
          threshold: j.threshold,
          peakValue: peak,
          registeredGuests: type === "overcrowding" ? (j.stay?.expected ?? null) : null,
          reservationId: j.stay?.reservationId ?? null,
          readings: run.slice(0, MAX_INCIDENT_READINGS).map(minuteReading),
          detail: describe(type, j, type === "noise" ? round1(j.instant ? j.value : energyAverage(run)) : peak, run.length),
        };
        run = [];
        quietStart = null;
        quietCount = 0;
      }
    }
    if (fresh) result.opened.push(fresh);
    if (open && (open.addedReadings.length > 0 || open.lastTriggerAt !== state.open?.lastTriggerAt || open.peakValue !== state.open?.peakValue)) result.updated.push(open);
  }
  return result;
}

/** The energy average of the minutes' LAeq (what "LAeq over 10 minutes" means). */
export function energyAverage(minutes: readonly MinuteSample[]): number {
  const levels = minutes.map((m) => m.laeq).filter((l): l is number => l !== null);
  if (levels.length === 0) return 0;
  return 10 * Math.log10(levels.reduce((sum, l) => sum + 10 ** (l / 10), 0) / levels.length);
}
