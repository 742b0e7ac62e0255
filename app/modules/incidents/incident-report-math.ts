import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import { bandAt, NOISE_BAND_LABELS, type IncidentRules, type NoiseBand } from "./incidents.schema.ts";

// The monthly report's arithmetic (issue 20 item 5), free of the database so it is tested on its
// own: month bounds in a property's zone, minutes over each band's threshold, people against the
// registered guests of each stay, and time offline as a union of intervals.

const MINUTE = 60_000;

/** The first instant of a calendar date in `timeZone` (its local midnight), in ms. */
export function localMidnight(isoDate: string, timeZone: string): number {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00Z`);
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, timeZone);
  return utcMidnight - zoneOffsetMs(guess, timeZone);
}

/** [from, to) of a month ("2026-11") in `timeZone`, in ms. */
export function monthBounds(month: string, timeZone: string): { from: number; to: number } {
  const [y, m] = month.split("-").map(Number);
  const next = new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
  return { from: localMidnight(`${month}-01`, timeZone), to: localMidnight(next, timeZone) };
}

/** "HH:MM" of the wall clock in `timeZone` at `t`, with the zone offset looked up once per hour. */
export function localClock(timeZone: string): (t: number) => string {
  const offsets = new Map<number, number>();
  return (t) => {
    const hour = Math.floor(t / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMs(hour * 3_600_000, timeZone);
      offsets.set(hour, offset);
    }
    const minuteOfDay = Math.floor((((t + offset) % 86_400_000) + 86_400_000) % 86_400_000 / MINUTE);
    return `${String(Math.floor(minuteOfDay / 60)).padStart(2, "0")}:${String(minuteOfDay % 60).padStart(2, "0")}`;
  };
}

/** One minute of a property: the loudest device's LAeq and the most people any device saw. */
export type PropertyMinute = { t: number; laeq: number | null; occupancy: number | null };

/** Several devices' minutes folded into one per minute (a flat usually has one NS-01). */
export function mergeMinutes(rows: readonly PropertyMinute[]): PropertyMinute[] {
  const byMinute = new Map<number, PropertyMinute>();
  for (const row of rows) {
    const current = byMinute.get(row.t);
    if (!current) {
      byMinute.set(row.t, { ...row });
      continue;
    }
    if (row.laeq != null && (current.laeq == null || row.laeq > current.laeq)) current.laeq = row.laeq;
    if (row.occupancy != null && (current.occupancy == null || row.occupancy > current.occupancy)) current.occupancy = row.occupancy;
  }
  return [...byMinute.values()].sort((a, b) => a.t - b.t);
}

export type BandMinutes = { band: NoiseBand; label: string; start: string; end: string; threshold: number; minutesOver: number; minutesMeasured: number };

/**
 * Per band: minutes whose LAeq was above the band's threshold, and minutes with an LAeq at all.
 * A minute belongs to the band its start falls in, on the property's wall clock.
 */
export function noiseMinutesByBand(minutes: readonly PropertyMinute[], rules: IncidentRules): BandMinutes[] {
  const sorted = [...rules.bands].sort((a, b) => a.start.localeCompare(b.start));
  const result = new Map<NoiseBand, BandMinutes>(
    rules.bands.map((band) => {
      const index = sorted.findIndex((b) => b.band === band.band);
      const end = sorted[(index + 1) % sorted.length]!.start;
      return [band.band, { band: band.band, label: NOISE_BAND_LABELS[band.band], start: band.start, end, threshold: band.laeq, minutesOver: 0, minutesMeasured: 0 }];
    }),
  );
  const clock = localClock(rules.timeZone);
  for (const minute of minutes) {
    if (minute.laeq == null) continue;
    const band = bandAt(rules, clock(minute.t));
    const entry = result.get(band.band)!;
    entry.minutesMeasured += 1;
    if (minute.laeq > band.laeq) entry.minutesOver += 1;
  }
  return rules.bands.map((band) => result.get(band.band)!);
}

export type StayInput = { reservationId: string; reference: string; checkIn: string; checkOut: string; booked: number; registered: number };
export type StayOccupancyRow = StayInput & {
  /** Registered guests, or the booking's count before anyone registered (as the engine). */
  expected: number;
  occupancyMax: number | null;
  /** Minutes (within the month) with more people than `expected`. */
  minutesOver: number;
};

/** People detected during each stay (its nights, from local midnight of check-in to that of check-out) against its guests. */
export function stayOccupancy(stays: readonly StayInput[], minutes: readonly PropertyMinute[], timeZone: string): StayOccupancyRow[] {
  return stays.map((stay) => {
    const from = localMidnight(stay.checkIn, timeZone);
    const to = localMidnight(stay.checkOut, timeZone);
    const expected = stay.registered > 0 ? stay.registered : stay.booked;
    let occupancyMax: number | null = null;
    let minutesOver = 0;
    for (const minute of minutes) {
      if (minute.t < from || minute.t >= to || minute.occupancy == null) continue;
      if (occupancyMax == null || minute.occupancy > occupancyMax) occupancyMax = minute.occupancy;
      if (minute.occupancy > expected) minutesOver += 1;
    }
    return { ...stay, expected, occupancyMax, minutesOver };
  });
}

/** Minutes covered by the union of intervals, clipped to [from, to). An interval without an end lasts until `to`. */
export function unionMinutes(intervals: readonly { from: number; to: number | null }[], from: number, to: number): number {
  const clipped = intervals
    .map((interval) => ({ a: Math.max(from, interval.from), b: Math.min(to, interval.to ?? to) }))
    .filter((interval) => interval.b > interval.a)
    .sort((x, y) => x.a - y.a);
  let total = 0;
  let start = -Infinity;
  let end = -Infinity;
  for (const interval of clipped) {
    if (interval.a > end) {
      if (end > start) total += end - start;
      start = interval.a;
      end = interval.b;
    } else if (interval.b > end) {
      end = interval.b;
    }
  }
  if (end > start) total += end - start;
  return Math.round(total / MINUTE);
}

/** Minutes of [from, to) without a stored minute of readings (device silent or not yet installed). */
export function minutesWithoutReadings(minutes: readonly PropertyMinute[], from: number, to: number): number {
  if (to <= from) return 0;
  const total = Math.round((to - from) / MINUTE);
  const covered = new Set(minutes.filter((m) => m.t >= from && m.t < to).map((m) => m.t)).size;
  return Math.max(0, total - covered);
}

/** One CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet shows it as text. */
export function csvField(value: string | number | null): string {
  if (value == null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
