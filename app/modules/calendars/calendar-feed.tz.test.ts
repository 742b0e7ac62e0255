import { afterEach, describe, expect, test } from "vitest";
import { readFixture } from "#tests/fixtures/calendars/feeds.ts";
import { parseCalendarFeed } from "./calendar-feed.ts";
import { exportCalendar } from "./calendar-export.ts";

// VALUE=DATE is a calendar day wherever the server runs (ADR 0026). A Date at local midnight read
// back as an ISO day is a day early east of UTC (Kiritimati, UTC+14) and a parse through UTC is a
// day early west of it (Los Angeles): the shifts node-ical is reported for. Node re-reads TZ when
// it changes, so each case runs the same parse under the zone it names.

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const ZONES = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/Madrid"] as const;

describe.each(ZONES)("server in %s", (zone) => {
  test("all-day dates come out as written", () => {
    process.env.TZ = zone;
    // The zone really is in force: Kiritimati's midnight is the previous day in UTC.
    const localMidnight = new Date(2027, 2, 6);
    if (zone === "Pacific/Kiritimati") expect(localMidnight.toISOString().slice(0, 10)).toBe("2027-03-05");
    if (zone === "America/Los_Angeles") expect(localMidnight.getTimezoneOffset()).toBe(480);

    const airbnb = parseCalendarFeed(readFixture("airbnb.ics"));
    expect(airbnb.events.map((e) => [e.start, e.end])).toEqual([
      ["2027-03-06", "2027-03-10"],
      ["2027-03-25", "2027-04-01"],
      ["2026-12-31", "2027-01-01"],
    ]);
    const other = parseCalendarFeed(readFixture("other.ics"), { timeZone: "Europe/Madrid" });
    expect(other.events.map((e) => [e.start, e.end])).toEqual([
      ["2027-09-10", "2027-09-14"],
      ["2027-09-21", "2027-09-22"],
      ["2027-10-01", "2027-10-04"],
      ["2027-10-10", "2027-10-12"],
    ]);
  });

  test("the export writes the same days and the same bytes", () => {
    process.env.TZ = zone;
    const text = exportCalendar({
      stays: [{ id: "r-1", checkIn: "2027-03-06", checkOut: "2027-03-10", origin: "typed", cancelled: false }],
      siteHost: "nidosmart.example",
      generatedAt: new Date("2026-11-28T10:00:00Z"),
    });
    expect(text).toContain("DTSTART;VALUE=DATE:20270306\r\nDTEND;VALUE=DATE:20270310\r\n");
    expect(text).toContain("DTSTAMP:20261128T100000Z\r\n");
  });
});
