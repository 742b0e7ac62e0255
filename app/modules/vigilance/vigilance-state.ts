import { startOfZonedDay } from "#app/modules/door/door-validity.ts";
import { VISIT_LEAD_MS, VISIT_MAX_MS, VISIT_QUIET_MS, VISIT_TAIL_MS, type VigilanceState } from "./vigilance.schema.ts";

// The armed state of a property at any instant (ADR 0021), as a pure function of what the
// database holds: its stays, the staff's manual actions, the visits and the settings. Pure so
// the evaluator can ask it for every reading of a window without a query each, and so the rules
// are unit-tested on their own.
//
//   - A stay occupies the flat from 00:00 of its check-in day (the door link's first minute) to
//     its check-out day at the check-out time plus the grace period, in the property's zone.
//   - Automatic: armed when no stay is in progress (and auto-arming is on), disarmed during one.
//   - A manual action holds from its instant until the next automatic change (a stay starting or
//     ending) or the next manual action.
//   - A visit (a door opened by a valid reservation's link or by staff) disarms an armed flat
//     from VISIT_LEAD_MS before the door command to its end.

export type StayWindow = {
  reservationId: string;
  reference: string;
  checkIn: string;
  checkOut: string;
  start: number;
  end: number;
};

export type VisitWindow = {
  id: string;
  kind: "guest_link" | "staff";
  label: string;
  startedAt: number;
  /** Known end, or null while it may still be going on. */
  endedAt: number | null;
};

export type ManualEvent = { state: "armed" | "disarmed"; at: number; byName: string | null };

export type StateContext = {
  autoArm: boolean;
  autoArmSince: number | null;
  /** Oldest first. */
  manual: ManualEvent[];
  /** Oldest first by start. */
  stays: StayWindow[];
  visits: VisitWindow[];
};

/** The instant of `HH:MM` on a calendar date in a zone. */
export function zonedTime(date: string, time: string, timeZone: string): number {
  const [h, m] = time.split(":").map(Number);
  // Local midnight plus the wall-clock time; a DST change at 02:00–03:00 never falls on a
  // check-out time in Spain, and if it did the error would be the hour that does not exist.
  return startOfZonedDay(date, timeZone).getTime() + (h * 60 + m) * 60_000;
}

export function stayWindow(
  stay: { reservationId: string; reference: string; checkIn: string; checkOut: string },
  settings: { checkoutTime: string; graceMinutes: number },
  timeZone: string,
): StayWindow {
  return {
    ...stay,
    start: startOfZonedDay(stay.checkIn, timeZone).getTime(),
    end: zonedTime(stay.checkOut, settings.checkoutTime, timeZone) + settings.graceMinutes * 60_000,
  };
}

/** When a visit stops excusing readings: its known end, else its maximum. */
export function visitEnd(visit: VisitWindow): number {
  return visit.endedAt ?? visit.startedAt + VISIT_MAX_MS;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function stateAt(t: number, ctx: StateContext): VigilanceState {
  let containing: StayWindow | undefined;
  let lastEnded: StayWindow | undefined;
  for (const stay of ctx.stays) {
    if (stay.start <= t && t < stay.end) {
      if (!containing || stay.start > containing.start) containing = stay;
    } else if (stay.end <= t && (!lastEnded || stay.end > lastEnded.end)) {
      lastEnded = stay;
    }
  }
  // The last automatic change at or before t.
  let autoChange: number | null = containing ? containing.start : (lastEnded?.end ?? null);
  if (!containing && ctx.autoArm && ctx.autoArmSince !== null && ctx.autoArmSince <= t && (autoChange === null || ctx.autoArmSince > autoChange)) {
    autoChange = ctx.autoArmSince;
  }
  let manual: ManualEvent | undefined;
  for (const event of ctx.manual) if (event.at <= t && (!manual || event.at >= manual.at)) manual = event;

  let base: VigilanceState;
  if (manual && (autoChange === null || manual.at >= autoChange)) {
    base = {
      armed: manual.state === "armed",
      since: iso(manual.at),
      reason: manual.state === "armed" ? { kind: "manual-armed", at: iso(manual.at), by: manual.byName } : { kind: "manual-disarmed", at: iso(manual.at), by: manual.byName },
    };
  } else if (containing) {
    base = {
      armed: false,
      since: iso(containing.start),
      reason: { kind: "stay", reservationId: containing.reservationId, reference: containing.reference, checkIn: containing.checkIn, checkOut: containing.checkOut },
    };
  } else if (!ctx.autoArm) {
    base = { armed: false, since: null, reason: { kind: "auto-off" } };
  } else {
    const since = autoChange === null ? null : iso(autoChange);
    base = { armed: true, since, reason: { kind: "vacant", since: lastEnded ? iso(lastEnded.end) : null, reservationReference: lastEnded?.reference ?? null } };
  }
  if (!base.armed) return base;

  let visit: VisitWindow | undefined;
  for (const candidate of ctx.visits) {
    const start = candidate.startedAt - VISIT_LEAD_MS;
    if (start <= t && t < visitEnd(candidate) && (!visit || candidate.startedAt > visit.startedAt)) visit = candidate;
  }
  if (!visit) return base;
  return {
    armed: false,
    since: iso(visit.startedAt - VISIT_LEAD_MS),
    reason: { kind: "visit", visitId: visit.id, visitKind: visit.kind, label: visit.label },
  };
}

/** The minute rollups a visit's end is read from: activity = presence, motion or the door. */
export type ActivityMinute = { bucket: number; active: boolean };

/**
 * The end of a visit: 2 minutes after its last activity once 15 minutes without any have
 * followed, each of them reported by the device (a minute with no rollup row is a gap, and a gap
 * starts the count again: a cut device is not an empty flat); at most 8 hours after it started.
 * Null while it may still go on. `minutes` oldest first.
 */
export function resolveVisitEnd(startedAt: number, minutes: readonly ActivityMinute[], dataUntil: number): number | null {
  const max = startedAt + VISIT_MAX_MS;
  let lastActivity = startedAt;
  let quietSince: number | null = null;
  let previous: number | null = null;
  for (const minute of minutes) {
    if (minute.bucket + 60_000 <= startedAt - VISIT_LEAD_MS) continue;
    if (minute.bucket >= max) break;
    const contiguous = previous !== null && minute.bucket === previous + 60_000;
    previous = minute.bucket;
    if (minute.active) {
      lastActivity = Math.max(lastActivity, minute.bucket + 60_000);
      quietSince = null;
      continue;
    }
    if (minute.bucket < lastActivity) continue;
    if (quietSince === null || !contiguous) quietSince = minute.bucket;
    if (minute.bucket + 60_000 - quietSince >= VISIT_QUIET_MS) return Math.min(lastActivity + VISIT_TAIL_MS, max);
  }
  return dataUntil >= max ? max : null;
}
