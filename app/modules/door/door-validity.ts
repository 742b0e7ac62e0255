import { formatDate } from "#app/lib/dates.ts";
import { zoneOffsetMs } from "#app/lib/time-zones.ts";

// A door link is valid from 00:00 of the check-in day to 23:59 of the check-out day, in the
// apartment's clock (Europe/Madrid), whatever the server's time zone is. Windows are kept as
// [validFrom, validUntil) with validUntil = 00:00 of the day after check-out, so the last
// minute (23:59:xx) is inside and no millisecond rounding can shorten the stay.

export const DOOR_TIME_ZONE = "Europe/Madrid";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export { zoneOffsetMs };

function parseIsoDate(isoDate: string): [number, number, number] {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`not a yyyy-MM-dd date: ${isoDate}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`not a calendar date: ${isoDate}`);
  }
  return [y, m, d];
}

/** The UTC instant of 00:00 on `isoDate` (yyyy-MM-dd) in `timeZone`. */
export function startOfZonedDay(isoDate: string, timeZone = DOOR_TIME_ZONE): Date {
  const [y, m, d] = parseIsoDate(isoDate);
  const wallMidnight = Date.UTC(y, m - 1, d);
  // Spain changes its clocks at 02:00/03:00, never at midnight, but a second pass makes the
  // answer right for any zone whose offset differs between the guess and the result.
  let instant = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  const corrected = wallMidnight - zoneOffsetMs(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** yyyy-MM-dd of the day after `isoDate` (calendar arithmetic, no time zone involved). */
export function nextIsoDate(isoDate: string): string {
  const [y, m, d] = parseIsoDate(isoDate);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export type AccessWindow = { validFrom: Date; validUntil: Date };

/** Check-in day 00:00 to check-out day 23:59 (exclusive end: 00:00 of the next day). */
export function stayAccessWindow(checkInDate: string, checkOutDate: string, timeZone = DOOR_TIME_ZONE): AccessWindow {
  return { validFrom: startOfZonedDay(checkInDate, timeZone), validUntil: startOfZonedDay(nextIsoDate(checkOutDate), timeZone) };
}

/**
 * A bound given as a calendar date becomes the start of that day (from) or the start of the
 * next day (until); a Date is taken as the exact instant.
 */
export function windowBound(value: Date | string, edge: "from" | "until", timeZone = DOOR_TIME_ZONE): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError("invalid date");
    return value;
  }
  return startOfZonedDay(edge === "from" ? value : nextIsoDate(value), timeZone);
}

export type WindowCheck =
  { ok: true } | { ok: false; reason: "not-yet-valid"; firstDay: string } | { ok: false; reason: "expired"; lastDay: string };

/** Where `now` falls relative to the window, with the days (dd/MM/yyyy, Madrid) to show. */
export function checkAccessWindow(window: AccessWindow, now: Date): WindowCheck {
  if (now.getTime() < window.validFrom.getTime()) return { ok: false, reason: "not-yet-valid", firstDay: formatDate(window.validFrom) };
  if (now.getTime() >= window.validUntil.getTime()) {
    return { ok: false, reason: "expired", lastDay: formatDate(new Date(window.validUntil.getTime() - 1)) };
  }
  return { ok: true };
}
