import { formatDbA } from "#app/lib/format.ts";
import {
  ANOMALY_KINDS,
  DAY_LABELS,
  DEFAULT_SLOT,
  SCORE,
  SCORE_WINDOW_MS,
  type Anomaly,
  type AnomalyKind,
  type BaselineProfile,
  type BaselineSlot,
} from "./vigilance.schema.ts";

// The intrusion score (ADR 0021), pure: readings + the baseline + when the flat was armed in,
// anomalies and scores out. The database side (vigilance.server.ts) only feeds it.

export type ScoredReading = {
  ts: number;
  windowS: number;
  laeq: number | null;
  lmax: number | null;
  occupancy: number | null;
  motion: boolean | null;
  doorOpen: boolean | null;
  lightLux: number | null;
  siren: boolean | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp01 = (n: number) => Math.max(0, Math.min(1, n));

/** Local day of the week (0 = Monday) and hour of `ts` in `timeZone`. */
export function localWeekHour(ts: number, timeZone: string): { day: number; hour: number } {
  const parts = weekHourFormatter(timeZone).formatToParts(new Date(ts));
  const weekday = parts.find((p) => p.type === "weekday")!.value;
  const hour = Number(parts.find((p) => p.type === "hour")!.value) % 24;
  return { day: WEEKDAYS.indexOf(weekday as (typeof WEEKDAYS)[number]), hour };
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const formatters = new Map<string, Intl.DateTimeFormat>();
function weekHourFormatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The normal for the hour of the week of `ts`: its own when seen often enough, else its hour of the day's. */
export function slotFor(profile: BaselineProfile, ts: number): BaselineSlot {
  const { day, hour } = localWeekHour(ts, profile.timeZone);
  return profile.week[`${day}-${hour}`] ?? profile.hours[hour] ?? DEFAULT_SLOT;
}

export function slotName(profile: BaselineProfile, ts: number): string {
  const { day, hour } = localWeekHour(ts, profile.timeZone);
  return `${DAY_LABELS[day]} ${String(hour).padStart(2, "0")}:00`;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;
const db = (value: number) => formatDbA(value);

/** Readings further apart than this are not consecutive (a gap): no transition is read across it. */
function consecutive(previous: ScoredReading | undefined, reading: ScoredReading): previous is ScoredReading {
  return previous !== undefined && reading.ts - previous.ts <= 2 * reading.windowS * 1000 + 60_000;
}

/**
 * The anomalies of `readings` (oldest first), each weighted by how far it departs from the
 * baseline. Only readings for which `armed(ts)` holds count; earlier readings are still read as
 * the "before" of a door or light transition.
 */
export function detectAnomalies(readings: readonly ScoredReading[], profile: BaselineProfile, armed: (ts: number) => boolean): Anomaly[] {
  const out: Anomaly[] = [];
  let previous: ScoredReading | undefined;
  for (const r of readings) {
    if (armed(r.ts)) {
      const slot = slotFor(profile, r.ts);
      const per = Math.min(1, r.windowS / 60);
      const push = (kind: AnomalyKind, departure: number, detail: string, perMinute: boolean) => {
        const d = clamp01(departure);
        if (d < 0.05) return;
        out.push({ ts: new Date(r.ts).toISOString(), kind, weight: round2(SCORE.weight[kind] * d * (perMinute ? per : 1)), departure: round2(d), detail });
      };
      const when = slotName(profile, r.ts);

      // Door: the opening itself (an open door reported again is the same opening).
      if (r.doorOpen === true && !(consecutive(previous, r) && previous.doorOpen === true)) {
        push("opening", 1 - slot.doorRate, `Puerta abierta; en vacío, ${when}: abierta el ${pct(slot.doorRate)} de los minutos`, false);
      }
      // Presence: someone counted, or motion.
      if ((r.occupancy ?? 0) > 0 || r.motion === true) {
        const what = (r.occupancy ?? 0) > 0 ? `${r.occupancy} ${r.occupancy === 1 ? "persona" : "personas"}` : "movimiento";
        push("presence", 1 - slot.presenceRate, `Presencia (${what}); en vacío, ${when}: presencia el ${pct(slot.presenceRate)} de los minutos`, true);
      }
      // Noise peak, unless the siren itself is sounding.
      if (r.siren !== true) {
        const overLaeq = r.laeq === null ? -Infinity : r.laeq - slot.laeqP95;
        const overLmax = r.lmax === null ? -Infinity : r.lmax - slot.lmaxP95;
        if (overLaeq >= SCORE.noiseLaeqMarginDb || overLmax >= SCORE.noiseLmaxMarginDb) {
          const departure = Math.max(overLaeq / SCORE.noiseFullDb, overLmax / SCORE.noiseLmaxFullDb);
          const detail = `Ruido LAeq ${r.laeq === null ? "-" : db(r.laeq)}, Lmax ${r.lmax === null ? "-" : db(r.lmax)}; en vacío, ${when}: LAeq p95 ${db(slot.laeqP95)}, Lmax p95 ${db(slot.lmaxP95)}`;
          push("noise", departure, detail, true);
        }
      }
      // Light jump: against the reading before (or the hour's usual level, whichever is higher).
      if (r.lightLux !== null) {
        const before = consecutive(previous, r) && previous.lightLux !== null ? previous.lightLux : null;
        const reference = Math.max(before ?? 0, slot.lightP95);
        const ratio = (r.lightLux + 5) / (reference + 5);
        if (ratio >= SCORE.lightJumpRatio && r.lightLux - reference >= SCORE.lightJumpMinLux && (before === null || r.lightLux > before)) {
          const detail = `Luz de ${before === null ? "-" : Math.round(before)} a ${Math.round(r.lightLux)} lux; en vacío, ${when}: p95 ${Math.round(slot.lightP95)} lux`;
          push("light", Math.log2(ratio) / SCORE.lightFullLog2, detail, false);
        }
      }
    }
    previous = r;
  }
  return out;
}

export type WindowScore = { score: number; byKind: Record<AnomalyKind, { sum: number; counted: number }> };

/** Σ over kinds of min(cap, Σ weights) for the anomalies given (one window's). */
export function scoreAnomalies(anomalies: readonly Anomaly[]): WindowScore {
  const byKind = Object.fromEntries(ANOMALY_KINDS.map((k) => [k, { sum: 0, counted: 0 }])) as WindowScore["byKind"];
  for (const a of anomalies) byKind[a.kind].sum += a.weight;
  let score = 0;
  for (const kind of ANOMALY_KINDS) {
    byKind[kind].sum = round2(byKind[kind].sum);
    byKind[kind].counted = round2(Math.min(SCORE.cap[kind], byKind[kind].sum));
    score += byKind[kind].counted;
  }
  return { score: round2(score), byKind };
}

export type ScoreSeries = {
  /** The highest score of the range, when, and the anomalies of its window. */
  peak: WindowScore & { at: number | null; window: Anomaly[] };
  /** The first instant of the range whose window reached the threshold, and that window. */
  crossing: (WindowScore & { at: number; window: Anomaly[] }) | null;
};

/**
 * Scores the sliding window ending at each anomaly of [from, to] (the score only rises at an
 * anomaly, so these are the only instants that can cross). `anomalies` oldest first and
 * starting at least SCORE_WINDOW_MS before `from`.
 */
export function scoreSeries(anomalies: readonly Anomaly[], from: number, to: number, threshold: number): ScoreSeries {
  let peak: ScoreSeries["peak"] = { ...scoreAnomalies([]), at: null, window: [] };
  let crossing: ScoreSeries["crossing"] = null;
  const times = anomalies.map((a) => Date.parse(a.ts));
  let start = 0;
  for (let i = 0; i < anomalies.length; i++) {
    const t = times[i];
    // Several anomalies of one reading share its instant: score once, after the last of them.
    if (i + 1 < anomalies.length && times[i + 1] === t) continue;
    if (t < from || t > to) continue;
    while (times[start] <= t - SCORE_WINDOW_MS) start++;
    const window = anomalies.slice(start, i + 1);
    const scored = scoreAnomalies(window);
    if (scored.score > peak.score) peak = { ...scored, at: t, window };
    if (!crossing && scored.score >= threshold) crossing = { ...scored, at: t, window };
  }
  return { peak, crossing };
}
