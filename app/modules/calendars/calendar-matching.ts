import { daysBetween, type IsoDate } from "./calendar-dates.ts";
import type { CalendarEvent } from "./calendar-feed.ts";
import { CALENDAR_MESSAGES, type CalendarChannel } from "./calendars.schema.ts";

// What one successful sync of one feed changes (issue 28, ADR 0026). Pure: the sync worker reads
// the feed's imported reservations, parses the feed (calendar-feed.ts), calls planCalendarSync and
// applies the plan in one transaction; nothing here reads a clock or a database.
//
//   planCalendarSync({ channel, events, existing, today }) →
//     { ok: true, plan } | { ok: false, code: "empty-feed", message: "Error: el calendario llegó vacío" }
//
//   existing  the feed's imported reservations that are not cancelled, those marked "No es una
//             reserva" included: { id, uid (last seen), checkIn, checkOut, missedSyncs (consecutive
//             successful syncs it was missing from), notReservation }. A cancelled reservation is
//             not passed: if its event comes back it is planned as a create (the worker may reopen
//             the cancelled record with that UID instead).
//   today     the property's calendar day (its time zone), YYYY-MM-DD.
//
//   plan.creates        stay events to import as new reservations (channel's name; Booking.com stays
//                       are "Booking.com" reservations staff can mark "No es una reserva"). Never an
//                       event whose check-out is today or past (plan.finished): a feed added today
//                       must not fill the history with stays staff typed long ago.
//   plan.updates        { id, checkIn, checkOut, uid, previous } for matched records whose dates or UID
//                       changed (marks included: their dates follow the block).
//   plan.resets         ids of matched records whose missedSyncs was above 0: set it back to 0.
//   plan.misses         { id, missedSyncs } for records missing from this sync and not cancelled:
//                       store the new counter (a first miss, or a stay in progress, never cancelled).
//   plan.cancellations  { id } stays missing from two consecutive successful syncs whose check-in is
//                       still ahead (after today). Never a stay in progress or past.
//   plan.forgottenMarks { id } "No es una reserva" marks missing twice: the closure is gone, the
//                       mark can be deleted.
//   plan.blocks / plan.skipped / plan.finished   events not imported (for counts and the log).
//   A record whose stay is over (check-out today or before) and is missing changes nothing: feeds
//   drop past events (Booking.com's starts today).
//
// Matching, per ADR 0026 (each record and each event matched at most once, in this order):
//   1. same UID (every channel);
//   2. Airbnb, Vrbo, Other: the same check-in and check-out (a Vrbo UID that rotated);
//      Booking.com: the same check-out day (its UID and, for a stay in progress, its DTSTART change
//      every day: the feed starts today);
//   3. Booking.com: overlap, the record sharing most nights with the event (then the earliest).
//   Booking.com merges adjacent nights into one event: a record whose nights lie in an event already
//   matched to a neighbour is still there ("covered"), so it is neither missed nor moved, and its
//   neighbour's check-in does not move over it. A Booking.com check-in already past is never moved
//   later by a feed that starts today (the same stay in progress).
//
// The empty-feed rule: a feed with no events at all while a stay of this feed is ahead or in
// progress (what the last good sync left) is treated as a failed sync: no plan, nothing cancelled.
//
//   findOverlaps(reservations) → { pairs, ids }: the reservations of one property (every feed, typed,
//   direct, PMS; not cancelled, no marks) whose nights overlap, to flag "Solapada". Check-out day =
//   next check-in day is not an overlap.

export type ImportedReservation = {
  id: string;
  uid: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  missedSyncs: number;
  notReservation: boolean;
};

export type CalendarSyncInput = {
  channel: CalendarChannel;
  events: readonly CalendarEvent[];
  existing: readonly ImportedReservation[];
  today: IsoDate;
};

export type CalendarSyncUpdate = {
  id: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  uid: string;
  previous: { checkIn: IsoDate; checkOut: IsoDate; uid: string };
};

export type CalendarSyncPlan = {
  creates: CalendarEvent[];
  updates: CalendarSyncUpdate[];
  resets: { id: string }[];
  misses: { id: string; missedSyncs: number }[];
  cancellations: { id: string }[];
  forgottenMarks: { id: string }[];
  blocks: CalendarEvent[];
  skipped: CalendarEvent[];
  finished: CalendarEvent[];
};

export type CalendarSyncResult = { ok: true; plan: CalendarSyncPlan } | { ok: false; code: "empty-feed"; message: string };

/** Missing from this many consecutive successful syncs cancels a stay still ahead. */
export const MISSES_TO_CANCEL = 2;

const overlapNights = (a: { checkIn: IsoDate; checkOut: IsoDate }, b: { checkIn: IsoDate; checkOut: IsoDate }) => {
  const from = a.checkIn > b.checkIn ? a.checkIn : b.checkIn;
  const to = a.checkOut < b.checkOut ? a.checkOut : b.checkOut;
  return from < to ? daysBetween(from, to) : 0;
};

const asRange = (event: CalendarEvent) => ({ checkIn: event.start, checkOut: event.end });

export function planCalendarSync(input: CalendarSyncInput): CalendarSyncResult {
  const { channel, events, existing, today } = input;
  if (events.length === 0 && existing.some((r) => !r.notReservation && r.checkOut > today)) {
    return { ok: false, code: "empty-feed", message: CALENDAR_MESSAGES.emptyFeed };
  }

  const plan: CalendarSyncPlan = { creates: [], updates: [], resets: [], misses: [], cancellations: [], forgottenMarks: [], blocks: [], skipped: [], finished: [] };
  const stays: CalendarEvent[] = [];
  for (const event of events) {
    if (event.kind === "stay") stays.push(event);
    else if (event.kind === "block") plan.blocks.push(event);
    else plan.skipped.push(event);
  }

  const unmatched = new Set(existing);
  const matchOf = new Map<CalendarEvent, ImportedReservation>();
  const match = (event: CalendarEvent, record: ImportedReservation) => {
    matchOf.set(event, record);
    unmatched.delete(record);
  };
  const pass = (pick: (event: CalendarEvent, candidates: ImportedReservation[]) => ImportedReservation | undefined) => {
    for (const event of stays) {
      if (matchOf.has(event) || unmatched.size === 0) continue;
      const record = pick(event, [...unmatched]);
      if (record) match(event, record);
    }
  };

  // By UID through a map: a large feed against many records stays linear.
  const byUid = new Map<string, ImportedReservation>();
  for (const r of existing) if (!byUid.has(r.uid)) byUid.set(r.uid, r);
  for (const event of stays) {
    const record = byUid.get(event.uid);
    if (record && unmatched.has(record)) match(event, record);
  }
  if (channel === "booking") {
    pass((event, candidates) => candidates.find((r) => r.checkOut === event.end));
    pass((event, candidates) => {
      let best: ImportedReservation | undefined;
      let bestNights = 0;
      for (const r of candidates) {
        const nights = overlapNights(r, asRange(event));
        if (nights > bestNights || (nights > 0 && nights === bestNights && best && r.checkIn < best.checkIn)) {
          best = r;
          bestNights = nights;
        }
      }
      return best;
    });
  } else {
    pass((event, candidates) => candidates.find((r) => r.checkIn === event.start && r.checkOut === event.end));
  }

  // Booking.com: records merged into an event matched to a neighbour.
  const covered = new Map<ImportedReservation, CalendarEvent>();
  if (channel === "booking") {
    for (const record of unmatched) {
      const event = stays.find((e) => matchOf.has(e) && overlapNights(record, asRange(e)) > 0);
      if (event) covered.set(record, event);
    }
    for (const record of covered.keys()) unmatched.delete(record);
  }

  for (const event of stays) {
    const record = matchOf.get(event);
    if (!record) {
      if (event.end > today) plan.creates.push(event);
      else plan.finished.push(event);
      continue;
    }
    let checkIn = event.start;
    if (channel === "booking") {
      // The feed starts today: a stay in progress shows today as its DTSTART.
      if (record.checkIn < event.start && event.start <= today) checkIn = record.checkIn;
      // A neighbour merged into this event owns the nights before this record.
      if (checkIn < record.checkIn && [...covered].some(([other, e]) => e === event && other.checkIn < record.checkIn)) checkIn = record.checkIn;
    }
    const checkOut = event.end;
    if (checkIn !== record.checkIn || checkOut !== record.checkOut || event.uid !== record.uid) {
      plan.updates.push({ id: record.id, checkIn, checkOut, uid: event.uid, previous: { checkIn: record.checkIn, checkOut: record.checkOut, uid: record.uid } });
    }
    if (record.missedSyncs > 0) plan.resets.push({ id: record.id });
  }
  for (const record of covered.keys()) {
    if (record.missedSyncs > 0) plan.resets.push({ id: record.id });
  }

  for (const record of unmatched) {
    if (record.checkOut <= today) continue;
    const missedSyncs = record.missedSyncs + 1;
    if (missedSyncs >= MISSES_TO_CANCEL && record.notReservation) plan.forgottenMarks.push({ id: record.id });
    else if (missedSyncs >= MISSES_TO_CANCEL && record.checkIn > today) plan.cancellations.push({ id: record.id });
    else plan.misses.push({ id: record.id, missedSyncs });
  }
  return { ok: true, plan };
}

export type StayRange = { id: string; checkIn: IsoDate; checkOut: IsoDate };

/** Pairs of reservations (ids, each pair once, in check-in order) sharing at least one night. */
export function findOverlaps(reservations: readonly StayRange[]): { pairs: [string, string][]; ids: Set<string> } {
  const sorted = [...reservations].filter((r) => r.checkIn < r.checkOut).sort((a, b) => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0));
  const pairs: [string, string][] = [];
  const ids = new Set<string>();
  // Sweep: the stays still open when each one checks in.
  let open: StayRange[] = [];
  for (const stay of sorted) {
    open = open.filter((o) => o.checkOut > stay.checkIn);
    for (const o of open) {
      pairs.push([o.id, stay.id]);
      ids.add(o.id);
      ids.add(stay.id);
    }
    open.push(stay);
  }
  return { pairs, ids };
}
