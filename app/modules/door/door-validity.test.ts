import { describe, expect, test } from "vitest";
import { checkAccessWindow, nextIsoDate, startOfZonedDay, stayAccessWindow, windowBound, zoneOffsetMs } from "./door-validity.ts";

describe("Madrid day boundaries", () => {
  test("00:00 in winter is 23:00 UTC the day before, in summer 22:00 UTC", () => {
    expect(startOfZonedDay("2025-01-15").toISOString()).toBe("2025-01-14T23:00:00.000Z");
    expect(startOfZonedDay("2025-07-15").toISOString()).toBe("2025-07-14T22:00:00.000Z");
  });

  test("the days of the clock changes keep their midnight in the right offset", () => {
    // 30 March 2025: 02:00 → 03:00 (midnight still +01:00); 26 October 2025: 03:00 → 02:00 (midnight +02:00).
    expect(startOfZonedDay("2025-03-30").toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(startOfZonedDay("2025-03-31").toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(startOfZonedDay("2025-10-26").toISOString()).toBe("2025-10-25T22:00:00.000Z");
    expect(startOfZonedDay("2025-10-27").toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });

  test("other zones work too (the Canaries are one hour behind)", () => {
    expect(startOfZonedDay("2025-01-15", "Atlantic/Canary").toISOString()).toBe("2025-01-15T00:00:00.000Z");
    expect(zoneOffsetMs(Date.UTC(2025, 6, 1, 12), "Europe/Madrid")).toBe(2 * 3600_000);
  });

  test("calendar arithmetic crosses months and leap days", () => {
    expect(nextIsoDate("2024-02-28")).toBe("2024-02-29");
    expect(nextIsoDate("2024-02-29")).toBe("2024-03-01");
    expect(nextIsoDate("2025-12-31")).toBe("2026-01-01");
  });

  test("malformed or impossible dates are refused", () => {
    expect(() => startOfZonedDay("2025-02-30")).toThrow(RangeError);
    expect(() => startOfZonedDay("15/01/2025")).toThrow(RangeError);
    expect(() => windowBound(new Date("nope"), "from")).toThrow(RangeError);
  });
});

describe("the stay window: check-in day 00:00 to check-out day 23:59", () => {
  const window = stayAccessWindow("2025-08-01", "2025-08-05");

  test("bounds", () => {
    expect(window.validFrom.toISOString()).toBe("2025-07-31T22:00:00.000Z");
    expect(window.validUntil.toISOString()).toBe("2025-08-05T22:00:00.000Z");
    expect(windowBound("2025-08-01", "from")).toEqual(window.validFrom);
    expect(windowBound("2025-08-05", "until")).toEqual(window.validUntil);
  });

  test("one millisecond before check-in day is too early; its first instant is fine", () => {
    expect(checkAccessWindow(window, new Date(window.validFrom.getTime() - 1))).toEqual({
      ok: false,
      reason: "not-yet-valid",
      firstDay: "01/08/2025",
    });
    expect(checkAccessWindow(window, window.validFrom)).toEqual({ ok: true });
  });

  test("23:59:59 of check-out day is inside; midnight after it has expired", () => {
    expect(checkAccessWindow(window, new Date("2025-08-05T21:59:59.999Z"))).toEqual({ ok: true });
    expect(checkAccessWindow(window, window.validUntil)).toEqual({ ok: false, reason: "expired", lastDay: "05/08/2025" });
  });
});
