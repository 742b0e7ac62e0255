import { describe, expect, test } from "vitest";
import { airbnbDescription, feed, PRODID, readFixture } from "#tests/fixtures/calendars/feeds.ts";
import { CalendarFeedError, detectCalendarChannel, parseCalendarFeed } from "./calendar-feed.ts";

// Reading the channels' iCal exports (issue 28, ADR 0026) from synthetic fixtures in their shapes.
// The same reads under other server time zones: calendar-feed.tz.test.ts.

describe("each channel's feed", () => {
  test("Airbnb: Reserved is a stay with its code and phone digits from the folded DESCRIPTION; Not available is a block", () => {
    const parsed = parseCalendarFeed(readFixture("airbnb.ics"));
    expect(parsed.channel).toBe("airbnb");
    expect(parsed.events).toEqual([
      {
        uid: "1a2b3c4d5e6f-00000000000000000000000000000001@airbnb.com",
        start: "2027-03-06",
        end: "2027-03-10",
        kind: "stay",
        bookingCode: "HMTEST0001",
        phoneLast4: "0042",
      },
      { uid: "1a2b3c4d5e6f-00000000000000000000000000000002@airbnb.com", start: "2027-03-25", end: "2027-04-01", kind: "block" },
      // Across the new year: the check-out day is DTEND, not DTEND minus one.
      {
        uid: "1a2b3c4d5e6f-00000000000000000000000000000003@airbnb.com",
        start: "2026-12-31",
        end: "2027-01-01",
        kind: "stay",
        bookingCode: "HMTEST0003",
        phoneLast4: "9876",
      },
    ]);
  });

  test("Booking.com: every CLOSED - Not available event is a stay (closures are told apart by staff)", () => {
    const parsed = parseCalendarFeed(readFixture("booking.ics"));
    expect(parsed.channel).toBe("booking");
    expect(parsed.events.map((e) => [e.start, e.end, e.kind])).toEqual([
      ["2027-03-01", "2027-03-09", "stay"],
      ["2027-04-10", "2027-04-12", "stay"],
    ]);
    expect(parsed.events[0]).not.toHaveProperty("note");
  });

  test("Vrbo (LF line ends, UTF-8 BOM): Reserved - name is a stay with the holder, also translated; Blocked a block; tentative skipped", () => {
    const text = readFixture("vrbo.ics");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).not.toContain("\r");
    const parsed = parseCalendarFeed(text);
    expect(parsed.channel).toBe("vrbo");
    expect(parsed.events.map((e) => ({ kind: e.kind, holderName: e.holderName, skipReason: e.skipReason }))).toEqual([
      { kind: "stay", holderName: "Ana Pérez Gómez", skipReason: undefined },
      { kind: "block", holderName: undefined, skipReason: undefined },
      { kind: "skip", holderName: undefined, skipReason: "tentative" },
      { kind: "stay", holderName: "Élodie Martin", skipReason: undefined },
    ]);
  });

  test("Vrbo: STATUS:TENTATIVE and the French Provisoire are skipped too", () => {
    const parsed = parseCalendarFeed(
      feed(PRODID.vrbo, [
        { uid: "v1@vrbo.com", start: "2027-01-01", end: "2027-01-03", summary: "Reserved - Marta", extra: ["STATUS:TENTATIVE"] },
        { uid: "v2@vrbo.com", start: "2027-02-01", end: "2027-02-03", summary: "Provisoire - Jean" },
      ]),
    );
    expect(parsed.events.map((e) => e.skipReason)).toEqual(["tentative", "tentative"]);
  });

  test("Other: every event is a stay with its SUMMARY as note (unescaped); TZID times keep their own date; DURATION; STATUS:CANCELLED skipped", () => {
    const parsed = parseCalendarFeed(readFixture("other.ics"), { timeZone: "Europe/Madrid" });
    expect(parsed.channel).toBe("other");
    expect(parsed.events).toEqual([
      { uid: "reserva-501@pms.example", start: "2027-09-10", end: "2027-09-14", kind: "stay", note: "Familia García, 4 huéspedes" },
      // 23:00Z on the 20th is the 21st in Madrid; 09:00Z on the 22nd is the 22nd.
      { uid: "reserva-502@pms.example", start: "2027-09-21", end: "2027-09-22", kind: "stay", note: "Reserva directa" },
      { uid: "reserva-503@pms.example", start: "2027-10-01", end: "2027-10-04", kind: "stay", note: "Sin fin explícito" },
      { uid: "reserva-504@pms.example", start: "2027-10-10", end: "2027-10-12", kind: "skip", skipReason: "cancelled" },
    ]);
  });

  test("a UTC DATE-TIME without the property's zone counts on UTC's calendar", () => {
    const parsed = parseCalendarFeed(readFixture("other.ics"));
    expect(parsed.events[1]).toMatchObject({ start: "2027-09-20", end: "2027-09-22" });
  });
});

describe("dates", () => {
  const one = (extra: string[]) => {
    const text = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODID.other}`, "BEGIN:VEVENT", "UID:x@pms.example", ...extra, "END:VEVENT", "END:VCALENDAR"].join("\r\n");
    return parseCalendarFeed(text).events[0];
  };

  test("no DTEND: one day for a date, DURATION's days otherwise; an end not after the start is the next day", () => {
    expect(one(["DTSTART;VALUE=DATE:20270228"])).toMatchObject({ start: "2027-02-28", end: "2027-03-01" });
    expect(one(["DTSTART;VALUE=DATE:20280228", "DURATION:P2D"])).toMatchObject({ start: "2028-02-28", end: "2028-03-01" });
    expect(one(["DTSTART;VALUE=DATE:20270301", "DURATION:P1W"])).toMatchObject({ end: "2027-03-08" });
    expect(one(["DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:20270301"])).toMatchObject({ end: "2027-03-02" });
    expect(one(["DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:20270225"])).toMatchObject({ end: "2027-03-02" });
  });

  test("a floating DATE-TIME keeps the date as written", () => {
    expect(one(["DTSTART:20270301T230000", "DTEND:20270303T100000"])).toMatchObject({ start: "2027-03-01", end: "2027-03-03" });
  });

  test("an event without UID gets one from its dates, stable across syncs", () => {
    const text = feed(PRODID.other, [{ uid: "", start: "2027-03-01", end: "2027-03-03", summary: "Sin UID" }]).replace("UID:\r\n", "");
    expect(parseCalendarFeed(text).events[0].uid).toBe("2027-03-01/2027-03-03@sin-uid");
  });

  test("a second event with a UID already seen is skipped as a duplicate", () => {
    const parsed = parseCalendarFeed(
      feed(PRODID.airbnb, [
        { uid: "same@airbnb.com", start: "2027-03-01", end: "2027-03-03", summary: "Reserved" },
        { uid: "same@airbnb.com", start: "2027-03-05", end: "2027-03-07", summary: "Reserved" },
      ]),
    );
    expect(parsed.events.map((e) => e.kind)).toEqual(["stay", "skip"]);
    expect(parsed.events[1].skipReason).toBe("duplicate");
  });
});

describe("folding and line ends", () => {
  const description = airbnbDescription("HMFOLD0001", "7777");

  test("CRLF folded at 75 octets and the same feed with LF and tab-folded lines read alike", () => {
    const crlf = feed(PRODID.airbnb, [{ uid: "f1@airbnb.com", start: "2027-05-01", end: "2027-05-04", summary: "Reserved", description }]);
    expect(crlf).toContain("\r\n ");
    const lf = crlf.replaceAll("\r\n ", "\n\t").replaceAll("\r\n", "\n");
    for (const text of [crlf, lf, `\uFEFF${crlf}`, `\r\n\r\n${crlf}\r\n\r\n`]) {
      expect(parseCalendarFeed(text).events[0]).toMatchObject({ kind: "stay", bookingCode: "HMFOLD0001", phoneLast4: "7777" });
    }
  });

  test("a fold inside a multi-byte character's line (Vrbo names with accents)", () => {
    const name = "Ñandú Águeda Peñalver-Ibáñez de la Fuente y Muñoz Ótero Úbeda Íñiguez";
    const text = feed(PRODID.vrbo, [{ uid: "n@vrbo.com", start: "2027-05-01", end: "2027-05-04", summary: `Reserved - ${name}` }]);
    expect(text).toMatch(/\r\n /);
    expect(parseCalendarFeed(text).events[0].holderName).toBe(name);
  });
});

describe("channel detection", () => {
  const bare = (uid: string) => feed("-//Unknown//EN", [{ uid, start: "2027-01-01", end: "2027-01-02", summary: "Reserved - Ana" }]);

  test("from PRODID, including Airbnb's older one with a parameter", () => {
    expect(detectCalendarChannel(PRODID.airbnb, [])).toBe("airbnb");
    expect(detectCalendarChannel("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", [])).toBe("airbnb");
    expect(detectCalendarChannel("-//admin.booking.com, b.v.//NONSGML v1.0//EN", [])).toBe("booking");
    expect(detectCalendarChannel(PRODID.vrbo, [])).toBe("vrbo");
    expect(detectCalendarChannel(PRODID.other, [])).toBe("other");
  });

  test("from the UIDs' domain when PRODID says nothing", () => {
    expect(parseCalendarFeed(bare("abc-def@airbnb.com")).channel).toBe("airbnb");
    expect(parseCalendarFeed(bare("0123456789abcdef0123456789abcdef@booking.com")).channel).toBe("booking");
    expect(parseCalendarFeed(bare("x@vrbo.com")).channel).toBe("vrbo");
    expect(parseCalendarFeed(bare("x@homeaway.com")).channel).toBe("vrbo");
    // A look-alike domain is not the channel.
    expect(parseCalendarFeed(bare("x@notairbnb.com.example")).channel).toBe("other");
  });

  test("from the URL's host last", () => {
    const text = bare("x@pms.example");
    expect(parseCalendarFeed(text, { url: "https://www.airbnb.es/calendar/ical/1234.ics?s=abc" }).channel).toBe("airbnb");
    expect(parseCalendarFeed(text, { url: "https://ical.booking.com/v1/export?t=abc" }).channel).toBe("booking");
    expect(parseCalendarFeed(text, { url: "http://www.vrbo.com/icalendar/abc.ics" }).channel).toBe("vrbo");
    expect(parseCalendarFeed(text, { url: "https://booking.com.attacker.example/x.ics" }).channel).toBe("other");
    expect(parseCalendarFeed(text, { url: "no es una url" }).channel).toBe("other");
  });

  test("a channel given in the form wins over detection", () => {
    const parsed = parseCalendarFeed(readFixture("airbnb.ics"), { channel: "other" });
    expect(parsed.channel).toBe("other");
    expect(parsed.events[1]).toMatchObject({ kind: "stay", note: "Airbnb (Not available)" });
    expect(parseCalendarFeed(readFixture("airbnb.ics"), { channel: "auto" }).channel).toBe("airbnb");
  });
});

describe("not an iCal: a clear error, nothing read", () => {
  const cases: [string, string][] = [
    ["an HTML login page", readFixture("login-page.html")],
    ["an empty body", ""],
    ["JSON", '{"error":"not found"}'],
    ["a body cut short (no END:VCALENDAR)", readFixture("airbnb.ics").slice(0, 600)],
    ["a component that never ends", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VCALENDAR\r\n"],
    ["a line without a colon", "BEGIN:VCALENDAR\r\nthis is not ical\r\nEND:VCALENDAR\r\n"],
    ["an event with an impossible date", feed(PRODID.other, [{ uid: "x", start: "2027-02-30", end: "2027-03-02" }])],
    ["an event without DTSTART", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"],
    ["a VCARD", "BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n"],
  ];
  test.each(cases)("%s", (_name, text) => {
    let error: unknown;
    try {
      parseCalendarFeed(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CalendarFeedError);
    expect((error as CalendarFeedError).message).toBe("El calendario no es un iCal válido");
    expect((error as CalendarFeedError).detail).not.toBe("");
  });

  test("a calendar with no events is valid and empty (the empty-feed rule is the matcher's)", () => {
    expect(parseCalendarFeed(feed(PRODID.booking, []))).toEqual({ channel: "booking", events: [] });
  });
});
