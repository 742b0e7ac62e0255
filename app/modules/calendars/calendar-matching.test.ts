import { describe, expect, test } from "vitest";
import { airbnbDescription, feed, PRODID } from "#tests/fixtures/calendars/feeds.ts";
import { parseCalendarFeed, type CalendarEvent } from "./calendar-feed.ts";
import { findOverlaps, planCalendarSync, type CalendarSyncPlan, type ImportedReservation } from "./calendar-matching.ts";
import type { CalendarChannel } from "./calendars.schema.ts";

// The sync plan (issue 28, ADR 0026): what each successful sync of a feed creates, moves, counts as
// missing and cancels, from synthetic feeds in each channel's shape.

const TODAY = "2027-03-10";

const stay = (uid: string, start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({ uid, start, end, kind: "stay", ...extra });
const record = (id: string, uid: string, checkIn: string, checkOut: string, extra: Partial<ImportedReservation> = {}): ImportedReservation => ({
  id,
  uid,
  checkIn,
  checkOut,
  missedSyncs: 0,
  notReservation: false,
  ...extra,
});

function plan(channel: CalendarChannel, events: CalendarEvent[], existing: ImportedReservation[], today = TODAY): CalendarSyncPlan {
  const result = planCalendarSync({ channel, events, existing, today });
  if (!result.ok) throw new Error(`expected a plan, got ${result.code}`);
  return result.plan;
}

/** Applies a plan to the records as the sync worker would (for multi-day scenarios). */
function apply(existing: ImportedReservation[], p: CalendarSyncPlan, nextId: () => string): ImportedReservation[] {
  const gone = new Set([...p.cancellations, ...p.forgottenMarks].map((c) => c.id));
  const next = existing
    .filter((r) => !gone.has(r.id))
    .map((r) => {
      const u = p.updates.find((x) => x.id === r.id);
      const m = p.misses.find((x) => x.id === r.id);
      const reset = p.resets.some((x) => x.id === r.id);
      return { ...r, ...(u ? { checkIn: u.checkIn, checkOut: u.checkOut, uid: u.uid } : {}), missedSyncs: m ? m.missedSyncs : reset ? 0 : r.missedSyncs };
    });
  for (const e of p.creates) next.push(record(nextId(), e.uid, e.start, e.end));
  return next;
}

const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe("Airbnb (by UID)", () => {
  const airbnbFeed = (events: { uid: string; start: string; end: string; code: string }[]) =>
    parseCalendarFeed(
      feed(PRODID.airbnb, [
        ...events.map((e) => ({ uid: e.uid, start: e.start, end: e.end, summary: "Reserved", description: airbnbDescription(e.code, "0042") })),
        { uid: "block-1@airbnb.com", start: "2027-06-01", end: "2027-06-10", summary: "Airbnb (Not available)" },
      ]),
    );

  test("a new stay is created with its code; a block is not imported", () => {
    const parsed = airbnbFeed([{ uid: "a1@airbnb.com", start: "2027-04-01", end: "2027-04-05", code: "HMTEST0101" }]);
    const p = plan(parsed.channel, parsed.events, []);
    expect(p.creates).toEqual([{ uid: "a1@airbnb.com", start: "2027-04-01", end: "2027-04-05", kind: "stay", bookingCode: "HMTEST0101", phoneLast4: "0042" }]);
    expect(p.blocks.map((b) => b.uid)).toEqual(["block-1@airbnb.com"]);
    expect([p.updates, p.misses, p.cancellations]).toEqual([[], [], []]);
  });

  test("the same UID with new dates updates the stay; unchanged stays produce nothing", () => {
    const parsed = airbnbFeed([
      { uid: "a1@airbnb.com", start: "2027-04-02", end: "2027-04-07", code: "HMTEST0101" },
      { uid: "a2@airbnb.com", start: "2027-05-01", end: "2027-05-03", code: "HMTEST0102" },
    ]);
    const p = plan(parsed.channel, parsed.events, [record("r1", "a1@airbnb.com", "2027-04-01", "2027-04-05"), record("r2", "a2@airbnb.com", "2027-05-01", "2027-05-03")]);
    expect(p.updates).toEqual([
      { id: "r1", checkIn: "2027-04-02", checkOut: "2027-04-07", uid: "a1@airbnb.com", previous: { checkIn: "2027-04-01", checkOut: "2027-04-05", uid: "a1@airbnb.com" } },
    ]);
    expect(p.creates).toEqual([]);
  });

  test("a stay missing from two consecutive successful syncs is cancelled; the first miss is only recorded", () => {
    const existing = [record("r1", "a1@airbnb.com", "2027-04-01", "2027-04-05")];
    const first = plan("airbnb", [stay("other@airbnb.com", "2027-08-01", "2027-08-02")], existing);
    expect(first.misses).toEqual([{ id: "r1", missedSyncs: 1 }]);
    expect(first.cancellations).toEqual([]);
    const second = plan("airbnb", [stay("other@airbnb.com", "2027-08-01", "2027-08-02")], [{ ...existing[0], missedSyncs: 1 }]);
    expect(second.cancellations).toEqual([{ id: "r1" }]);
    expect(second.misses).toEqual([]);
  });

  test("a stay seen again after one miss is reset, not cancelled", () => {
    const p = plan("airbnb", [stay("a1@airbnb.com", "2027-04-01", "2027-04-05")], [record("r1", "a1@airbnb.com", "2027-04-01", "2027-04-05", { missedSyncs: 1 })]);
    expect(p.resets).toEqual([{ id: "r1" }]);
    expect([p.updates, p.cancellations, p.misses]).toEqual([[], [], []]);
  });

  test("never cancels a stay in progress or checking in today; a finished one missing changes nothing", () => {
    const p = plan(
      "airbnb",
      [stay("unrelated@airbnb.com", "2027-09-01", "2027-09-03")],
      [
        record("in-progress", "p@airbnb.com", "2027-03-08", "2027-03-12", { missedSyncs: 5 }),
        record("today", "t@airbnb.com", TODAY, "2027-03-12", { missedSyncs: 1 }),
        record("past", "o@airbnb.com", "2027-02-01", "2027-02-05", { missedSyncs: 1 }),
        record("ends-today", "e@airbnb.com", "2027-03-07", TODAY, { missedSyncs: 1 }),
        record("tomorrow", "n@airbnb.com", "2027-03-11", "2027-03-12", { missedSyncs: 1 }),
      ],
    );
    expect(p.cancellations).toEqual([{ id: "tomorrow" }]);
    expect(p.misses).toEqual([
      { id: "in-progress", missedSyncs: 6 },
      { id: "today", missedSyncs: 2 },
    ]);
  });

  test("a stay already over when first seen is not imported", () => {
    const p = plan("airbnb", [stay("old@airbnb.com", "2027-02-01", "2027-02-05"), stay("end@airbnb.com", "2027-03-07", TODAY)], []);
    expect(p.creates).toEqual([]);
    expect(p.finished.map((e) => e.uid)).toEqual(["old@airbnb.com", "end@airbnb.com"]);
  });
});

describe("Vrbo and Other", () => {
  test("a rotated UID with the same dates is the same stay (its UID is updated)", () => {
    const p = plan("vrbo", [stay("new-uid@vrbo.com", "2027-05-10", "2027-05-15", { holderName: "Ana" })], [record("r1", "old-uid@vrbo.com", "2027-05-10", "2027-05-15")]);
    expect(p.creates).toEqual([]);
    expect(p.updates).toEqual([{ id: "r1", checkIn: "2027-05-10", checkOut: "2027-05-15", uid: "new-uid@vrbo.com", previous: { checkIn: "2027-05-10", checkOut: "2027-05-15", uid: "old-uid@vrbo.com" } }]);
  });

  test("tentative Vrbo stays and blocks are never imported", () => {
    const parsed = parseCalendarFeed(
      feed(PRODID.vrbo, [
        { uid: "t@vrbo.com", start: "2027-05-01", end: "2027-05-03", summary: "Tentative - Luis" },
        { uid: "b@vrbo.com", start: "2027-05-04", end: "2027-05-06", summary: "Blocked" },
      ]),
    );
    const p = plan(parsed.channel, parsed.events, []);
    expect(p.creates).toEqual([]);
    expect(p.skipped.map((e) => e.uid)).toEqual(["t@vrbo.com"]);
    expect(p.blocks.map((e) => e.uid)).toEqual(["b@vrbo.com"]);
  });

  test("Other: every event becomes a reservation with its note", () => {
    const parsed = parseCalendarFeed(feed(PRODID.other, [{ uid: "o1@pms.example", start: "2027-05-01", end: "2027-05-03", summary: "Grupo de 6" }]));
    expect(plan(parsed.channel, parsed.events, []).creates).toEqual([{ uid: "o1@pms.example", start: "2027-05-01", end: "2027-05-03", kind: "stay", note: "Grupo de 6" }]);
  });

  test("a different stay with different dates is not taken for a missing one", () => {
    const p = plan("other", [stay("b@pms.example", "2027-05-02", "2027-05-06")], [record("r1", "a@pms.example", "2027-05-01", "2027-05-05")]);
    expect(p.creates.map((e) => e.uid)).toEqual(["b@pms.example"]);
    expect(p.misses).toEqual([{ id: "r1", missedSyncs: 1 }]);
  });
});

describe("Booking.com (property + check-out day + overlap, never the UID alone)", () => {
  const bookingDay = (today: string, events: [string, string][], uidSeed: string) =>
    parseCalendarFeed(
      feed(
        PRODID.booking,
        events.map(([start, end], i) => ({ uid: `${uidSeed}${i}`.padEnd(32, "0") + "@booking.com", start, end, summary: "CLOSED - Not available" })),
      ),
    ).events;

  test("a stay in progress whose DTSTART and UID move forward every day is the same stay, its check-in kept", () => {
    const nextId = counter();
    // Day 1: the stay 03-08 → 03-14 is ahead, created.
    let existing = apply([], plan("booking", bookingDay("2027-03-07", [["2027-03-08", "2027-03-14"]], "d1"), [], "2027-03-07"), nextId);
    expect(existing).toMatchObject([{ id: "new-1", checkIn: "2027-03-08", checkOut: "2027-03-14" }]);
    // Days 2-5: the feed starts today, the event starts today with a new UID.
    for (const today of ["2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12"]) {
      const p = plan("booking", bookingDay(today, [[today, "2027-03-14"]], today.replaceAll("-", "")), existing, today);
      expect(p.creates).toEqual([]);
      expect(p.cancellations).toEqual([]);
      expect(p.updates.map((u) => [u.id, u.checkIn, u.checkOut])).toEqual([["new-1", "2027-03-08", "2027-03-14"]]);
      existing = apply(existing, p, nextId);
    }
    expect(existing).toMatchObject([{ id: "new-1", checkIn: "2027-03-08", checkOut: "2027-03-14", missedSyncs: 0 }]);
    // After check-out the feed no longer has it: nothing happens.
    const after = plan("booking", bookingDay("2027-03-15", [["2027-04-01", "2027-04-03"]], "x"), existing, "2027-03-15");
    expect([after.cancellations, after.misses]).toEqual([[], []]);
  });

  test("the same check-out with an earlier check-in ahead is a date change", () => {
    const p = plan("booking", [stay("u2@booking.com", "2027-04-01", "2027-04-06")], [record("r1", "u1@booking.com", "2027-04-03", "2027-04-06")]);
    expect(p.updates.map((u) => [u.checkIn, u.checkOut, u.uid])).toEqual([["2027-04-01", "2027-04-06", "u2@booking.com"]]);
  });

  test("a stay extended (DTEND grows, new UID) is matched by overlap", () => {
    const p = plan("booking", [stay("u2@booking.com", "2027-04-03", "2027-04-09")], [record("r1", "u1@booking.com", "2027-04-03", "2027-04-06")]);
    expect(p.creates).toEqual([]);
    expect(p.updates.map((u) => [u.id, u.checkIn, u.checkOut])).toEqual([["r1", "2027-04-03", "2027-04-09"]]);
  });

  test("two adjacent stays merged into one event are both kept, neither moved over the other", () => {
    const existing = [record("a", "ua@booking.com", "2027-04-01", "2027-04-04", { missedSyncs: 1 }), record("b", "ub@booking.com", "2027-04-04", "2027-04-09")];
    const p = plan("booking", [stay("merged@booking.com", "2027-04-01", "2027-04-09")], existing);
    expect(p.creates).toEqual([]);
    expect(p.misses).toEqual([]);
    expect(p.cancellations).toEqual([]);
    expect(p.updates.map((u) => [u.id, u.checkIn, u.checkOut])).toEqual([["b", "2027-04-04", "2027-04-09"]]);
    expect(p.resets).toEqual([{ id: "a" }]);
  });

  test("an overlap picks the record sharing most nights", () => {
    const p = plan(
      "booking",
      [stay("e@booking.com", "2027-04-03", "2027-04-12")],
      [record("small", "s@booking.com", "2027-04-01", "2027-04-04"), record("big", "b@booking.com", "2027-04-05", "2027-04-11")],
    );
    expect(p.updates.find((u) => u.checkOut === "2027-04-12")?.id).toBe("big");
  });

  test("a new event not overlapping any record is a new Booking.com reservation", () => {
    const p = plan("booking", [stay("n@booking.com", "2027-05-01", "2027-05-03")], [record("r1", "u@booking.com", "2027-04-01", "2027-04-03")]);
    expect(p.creates.map((e) => [e.start, e.end])).toEqual([["2027-05-01", "2027-05-03"]]);
    expect(p.misses).toEqual([{ id: "r1", missedSyncs: 1 }]);
  });

  test("a closure marked “No es una reserva” never comes back as a reservation, even growing daily with new UIDs", () => {
    let existing = [record("mark", "c1@booking.com", "2027-06-01", "2027-12-01", { notReservation: true })];
    for (const [i, end] of ["2027-12-02", "2027-12-03", "2027-12-04"].entries()) {
      const p = plan("booking", [stay(`c${i + 2}@booking.com`, "2027-06-01", end)], existing);
      expect(p.creates).toEqual([]);
      expect(p.updates.map((u) => [u.id, u.checkOut])).toEqual([["mark", end]]);
      existing = apply(existing, p, counter());
    }
    expect(existing).toMatchObject([{ id: "mark", notReservation: true, checkOut: "2027-12-04" }]);
  });

  test("a mark missing twice is forgotten, never cancelled", () => {
    const mark = record("mark", "c@booking.com", "2027-06-01", "2027-06-05", { notReservation: true });
    const first = plan("booking", [stay("z@booking.com", "2027-08-01", "2027-08-02")], [mark]);
    expect(first.misses).toEqual([{ id: "mark", missedSyncs: 1 }]);
    const second = plan("booking", [stay("z@booking.com", "2027-08-01", "2027-08-02")], [{ ...mark, missedSyncs: 1 }]);
    expect(second.forgottenMarks).toEqual([{ id: "mark" }]);
    expect(second.cancellations).toEqual([]);
  });

  test("a Booking.com stay ahead gone from two syncs is cancelled", () => {
    const r = record("r1", "u@booking.com", "2027-04-01", "2027-04-03");
    const other = [stay("z@booking.com", "2027-08-01", "2027-08-02")];
    const first = plan("booking", other, [r]);
    const second = plan("booking", other, [{ ...r, missedSyncs: first.misses[0].missedSyncs }]);
    expect(second.cancellations).toEqual([{ id: "r1" }]);
  });
});

describe("the empty-feed rule", () => {
  test("no events while a stay is ahead or in progress: an error, no plan", () => {
    for (const r of [record("ahead", "a", "2027-04-01", "2027-04-03"), record("now", "n", "2027-03-09", "2027-03-12")]) {
      expect(planCalendarSync({ channel: "airbnb", events: [], existing: [r], today: TODAY })).toEqual({
        ok: false,
        code: "empty-feed",
        message: "Error: el calendario llegó vacío",
      });
    }
  });

  test("no events with only past stays or marks, or on a first sync, is a valid empty plan", () => {
    for (const existing of [[], [record("past", "p", "2027-01-01", "2027-01-03")], [record("m", "m", "2027-04-01", "2027-04-03", { notReservation: true })]]) {
      expect(planCalendarSync({ channel: "booking", events: [], existing, today: TODAY }).ok).toBe(true);
    }
  });

  test("a feed of only blocks is not empty: the stay ahead counts one miss", () => {
    const p = plan("airbnb", [{ uid: "b", start: "2027-06-01", end: "2027-06-02", kind: "block" }], [record("r1", "a", "2027-04-01", "2027-04-03")]);
    expect(p.misses).toEqual([{ id: "r1", missedSyncs: 1 }]);
  });
});

describe("findOverlaps (“Solapada”)", () => {
  test("flags stays sharing a night across feeds, not back-to-back stays", () => {
    const { pairs, ids } = findOverlaps([
      { id: "airbnb", checkIn: "2027-04-01", checkOut: "2027-04-05" },
      { id: "booking", checkIn: "2027-04-04", checkOut: "2027-04-06" },
      { id: "typed", checkIn: "2027-04-06", checkOut: "2027-04-08" },
      { id: "long", checkIn: "2027-03-01", checkOut: "2027-05-01" },
      { id: "later", checkIn: "2027-06-01", checkOut: "2027-06-03" },
    ]);
    expect(pairs).toEqual([
      ["long", "airbnb"],
      ["long", "booking"],
      ["airbnb", "booking"],
      ["long", "typed"],
    ]);
    expect([...ids].sort()).toEqual(["airbnb", "booking", "long", "typed"]);
  });

  test("no overlaps, no flags", () => {
    expect(findOverlaps([{ id: "a", checkIn: "2027-04-01", checkOut: "2027-04-03" }, { id: "b", checkIn: "2027-04-03", checkOut: "2027-04-05" }])).toEqual({ pairs: [], ids: new Set() });
  });
});
