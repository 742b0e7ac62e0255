import { zoneOffsetMs } from "#app/lib/time-zones.ts";

// The geometry of the device chart that is not uPlot's (issue 27): how far each axis reaches and
// where each threshold line runs. Pure, so it is tested without a canvas.

/** A noise band's threshold as the chart draws it (the property's incident rules). */
export type NoiseBandLine = { band: string; label: string; start: string; laeq: number };

/** One stretch of a threshold line: from/to in ms, the value on its axis, its label. */
export type ThresholdSegment = { from: number; to: number; value: number; label: string };

/**
 * The people axis, [0, top]: at least 4 (an empty flat still shows a scale), above the most
 * people detected and the most expected by any stay, with a person of headroom so a line at the
 * maximum is not drawn on the frame; past 10 rounded up to a multiple of 5.
 */
export function peopleRange(occupancy: readonly (number | null)[], expected: readonly number[] = []): [number, number] {
  let max = 0;
  for (const value of occupancy) if (value != null && Number.isFinite(value) && value > max) max = value;
  for (const value of expected) if (Number.isFinite(value) && value > max) max = value;
  const top = Math.max(4, Math.ceil(max) + 1);
  return [0, top <= 10 ? top : Math.ceil(top / 5) * 5];
}

/**
 * The dB(A) axis: the data's range widened to take in every threshold in view (a quiet night
 * still shows its 55 dB(A) line), with 3 dB of margin, in whole decibels.
 */
export function decibelRange(dataMin: number | null, dataMax: number | null, thresholds: readonly number[]): [number, number] {
  const values = [dataMin, dataMax, ...thresholds].filter((v): v is number => v != null && Number.isFinite(v));
  if (values.length === 0) return [30, 80];
  const low = Math.floor(Math.min(...values) - 3);
  const high = Math.ceil(Math.max(...values) + 3);
  return [low, Math.max(high, low + 10)];
}

/** yyyy-MM-dd of `instant` on the wall clock of `timeZone`. */
function localDate(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10);
}

/** The instant a local date and "HH:MM" name in `timeZone` (the later one of a repeated hour). */
function localInstant(date: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [h, mi] = hhmm.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, h!, mi!);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/**
 * The noise threshold over [from, to): one segment per stretch of a band, each at its band's
 * LAeq threshold, the bands starting at their local time in `timeZone` every day (daylight-saving
 * changes included). Neighbouring stretches of the same band are one segment.
 */
export function noiseThresholdSegments(bands: readonly NoiseBandLine[], timeZone: string, from: number, to: number): ThresholdSegment[] {
  if (bands.length === 0 || !(to > from)) return [];
  const sorted = [...bands].sort((a, b) => a.start.localeCompare(b.start));
  const boundaries: { at: number; band: NoiseBandLine }[] = [];
  // From the day before (the band in force at `from` started then) to the day after `to`.
  for (let day = localDate(from - 86_400_000, timeZone); ; ) {
    for (const band of sorted) boundaries.push({ at: localInstant(day, band.start, timeZone), band });
    if (day > localDate(to, timeZone)) break;
    const [y, m, d] = day.split("-").map(Number);
    day = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
  }
  boundaries.sort((a, b) => a.at - b.at);
  const segments: ThresholdSegment[] = [];
  for (let i = 0; i < boundaries.length - 1; i++) {
    const start = Math.max(from, boundaries[i]!.at);
    const end = Math.min(to, boundaries[i + 1]!.at);
    if (end <= start) continue;
    const band = boundaries[i]!.band;
    const last = segments.at(-1);
    if (last && last.to === start && last.value === band.laeq && last.label === band.label) last.to = end;
    else segments.push({ from: start, to: end, value: band.laeq, label: band.label });
  }
  return segments;
}

/** The people threshold: during each stay, the guests registered (or booked while nobody has). */
export function stayThresholdSegments(stays: readonly { from: number; to: number; expected?: number; registered?: boolean }[], from: number, to: number): ThresholdSegment[] {
  const segments: ThresholdSegment[] = [];
  for (const stay of stays) {
    if (stay.expected == null) continue;
    const start = Math.max(from, stay.from);
    const end = Math.min(to, stay.to);
    if (end <= start) continue;
    segments.push({ from: start, to: end, value: stay.expected, label: stay.registered ? `Registradas: ${stay.expected}` : `En la reserva: ${stay.expected}` });
  }
  return segments;
}
