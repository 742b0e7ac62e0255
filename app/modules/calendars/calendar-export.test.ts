import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { parseCalendarFeed } from "./calendar-feed.ts";
import { EXPORT_PRODID, exportCalendar, type ExportableStay } from "./calendar-export.ts";

// "Exportar calendario (iCal)" (issue 28, ADR 0026): only stays that originated here, as RFC 5545
// text a channel can read, and read back by our own parser.

const GENERATED = new Date("2026-11-28T10:00:00Z");
const s = (id: string, checkIn: string, checkOut: string, extra: Partial<ExportableStay> = {}): ExportableStay => ({
  id,
  checkIn,
  checkOut,
  origin: "typed",
  cancelled: false,
  ...extra,
});

const STAYS = [
  s("r-typed", "2027-03-06", "2027-03-10"),
  s("r-direct", "2027-01-02", "2027-01-05", { origin: "direct", updatedAt: new Date("2026-11-20T08:30:00Z") }),
  s("r-pms", "2027-04-01", "2027-04-03", { origin: "pms" }),
  s("r-feed", "2027-05-01", "2027-05-03", { origin: "feed" }),
  s("r-cancelled", "2027-06-01", "2027-06-03", { cancelled: true }),
];
const NAME = "Ático «La Concha», Donostia; vistas al mar y a la isla de Santa Clara — 4 huéspedes\\2 baños";

describe("exportCalendar", () => {
  const text = exportCalendar({ stays: STAYS, siteHost: "nidosmart.example", calendarName: NAME, generatedAt: GENERATED });

  test("CRLF line ends only, every line within 75 octets, folded lines continued with a space", () => {
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    // No multi-byte character cut in two by a fold.
    expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
    expect(text).not.toContain("\uFFFD");
  });

  test("only originated stays, cancelled ones out, sorted by check-in, with stable UIDs and VALUE=DATE", () => {
    const uids = [...text.matchAll(/^UID:(.*)$/gm)].map((m) => m[1].trim());
    expect(uids).toEqual(["r-direct@nidosmart.example", "r-typed@nidosmart.example", "r-pms@nidosmart.example"]);
    expect(text).toContain("DTSTART;VALUE=DATE:20270306\r\nDTEND;VALUE=DATE:20270310\r\n");
    expect(text).toContain(`PRODID:${EXPORT_PRODID}\r\n`);
    expect(text).toContain("DTSTAMP:20261120T083000Z\r\n");
    expect(text).toContain("METHOD:PUBLISH\r\n");
    expect(text).not.toContain("r-feed");
    expect(text).not.toContain("r-cancelled");
  });

  test("the same stays give the same text; a date change keeps the UID", () => {
    expect(exportCalendar({ stays: [...STAYS].reverse(), siteHost: "nidosmart.example", calendarName: NAME, generatedAt: GENERATED })).toBe(text);
    const moved = exportCalendar({ stays: [s("r-typed", "2027-03-07", "2027-03-11")], siteHost: "nidosmart.example", generatedAt: GENERATED });
    expect(moved).toContain("UID:r-typed@nidosmart.example\r\n");
    expect(moved).toContain("DTSTART;VALUE=DATE:20270307\r\n");
  });

  test("round trip: our parser reads the same stays back; ical.js reads the escaped name back", () => {
    const parsed = parseCalendarFeed(text);
    expect(parsed.channel).toBe("other");
    expect(parsed.events.map((e) => [e.uid, e.start, e.end, e.kind, e.note])).toEqual([
      ["r-direct@nidosmart.example", "2027-01-02", "2027-01-05", "stay", "Reservado"],
      ["r-typed@nidosmart.example", "2027-03-06", "2027-03-10", "stay", "Reservado"],
      ["r-pms@nidosmart.example", "2027-04-01", "2027-04-03", "stay", "Reservado"],
    ]);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(NAME);
  });

  test("no stays: a valid empty calendar", () => {
    const empty = exportCalendar({ stays: [], siteHost: "nidosmart.example", generatedAt: GENERATED });
    expect(parseCalendarFeed(empty).events).toEqual([]);
  });
});
