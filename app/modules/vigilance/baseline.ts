import { localWeekHour } from "./intrusion-score.ts";
import { DEFAULT_SLOT, WEEK_SLOT_MIN_MINUTES, type BaselineProfile, type BaselineSlot } from "./vigilance.schema.ts";

// The baseline (ADR 0021), pure: one-minute rollups of the vacant hours in, the normal of each
// hour of the day and of each hour of the week seen often enough out. 72 vacant hours (ready)
// hold each hour of the day about three times but each hour of the week once, so an hour of the
// week uses its own minutes once it has WEEK_SLOT_MIN_MINUTES of them (seen in two weeks of the
// four looked back) and its hour of the day's until then; an hour of the day never seen keeps
// the default of an empty flat.

export type BaselineMinute = {
  bucket: number;
  /** Minute LAeq (energy average of its readings), dB(A). */
  laeq: number | null;
  lmax: number | null;
  /** Mean illuminance of the minute, lux. */
  light: number | null;
  occupancyMax: number | null;
  motionCount: number;
  doorOpenCount: number;
};

function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The normal of a set of minutes (oldest first). */
export function summariseMinutes(minutes: readonly BaselineMinute[]): BaselineSlot {
  if (minutes.length === 0) return { ...DEFAULT_SLOT };
  const values = (pick: (m: BaselineMinute) => number | null) =>
    minutes
      .map(pick)
      .filter((v): v is number => v !== null && Number.isFinite(v))
      .sort((a, b) => a - b);
  const laeq = values((m) => m.laeq);
  const lmax = values((m) => m.lmax);
  const light = values((m) => m.light);
  const n = minutes.length;
  let openings = 0;
  let previous: BaselineMinute | undefined;
  for (const m of minutes) {
    const wasOpen = previous !== undefined && previous.bucket === m.bucket - 60_000 && previous.doorOpenCount > 0;
    if (m.doorOpenCount > 0 && !wasOpen) openings++;
    previous = m;
  }
  return {
    minutes: n,
    laeqP50: round1(quantile(laeq, 0.5) ?? DEFAULT_SLOT.laeqP50),
    laeqP95: round1(quantile(laeq, 0.95) ?? DEFAULT_SLOT.laeqP95),
    lmaxP95: round1(quantile(lmax, 0.95) ?? DEFAULT_SLOT.lmaxP95),
    lightP50: round1(quantile(light, 0.5) ?? DEFAULT_SLOT.lightP50),
    lightP95: round1(quantile(light, 0.95) ?? DEFAULT_SLOT.lightP95),
    presenceRate: round3(minutes.filter((m) => (m.occupancyMax ?? 0) > 0 || m.motionCount > 0).length / n),
    motionRate: round3(minutes.filter((m) => m.motionCount > 0).length / n),
    doorRate: round3(minutes.filter((m) => m.doorOpenCount > 0).length / n),
    doorPerHour: round3(openings / (n / 60)),
  };
}

/** The profile of a property from the minutes of its vacant hours (oldest first). */
export function buildProfile(minutes: readonly BaselineMinute[], timeZone: string): BaselineProfile {
  const byHour: BaselineMinute[][] = Array.from({ length: 24 }, () => []);
  const byWeekHour = new Map<string, BaselineMinute[]>();
  for (const m of minutes) {
    const { day, hour } = localWeekHour(m.bucket, timeZone);
    byHour[hour].push(m);
    const key = `${day}-${hour}`;
    let list = byWeekHour.get(key);
    if (!list) byWeekHour.set(key, (list = []));
    list.push(m);
  }
  const week: Record<string, BaselineSlot> = {};
  for (const [key, list] of byWeekHour) if (list.length >= WEEK_SLOT_MIN_MINUTES) week[key] = summariseMinutes(list);
  return { version: 1, timeZone, hours: byHour.map(summariseMinutes), week };
}
