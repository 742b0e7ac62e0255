import { describe, expect, test } from "vitest";
import { formatDate, formatDateTime, todayIsoDate } from "./dates.ts";

describe("dates", () => {
  test("formats calendar dates without shifting them", () => {
    expect(formatDate("2025-01-05")).toBe("05/01/2025");
    expect(formatDate(null)).toBe("-");
  });
  test("formats instants in Madrid time, summer and winter", () => {
    expect(formatDateTime(new Date("2025-07-01T22:30:00Z"))).toBe("02/07/2025 00:30");
    expect(formatDateTime(new Date("2025-01-01T22:30:00Z"))).toBe("01/01/2025 23:30");
  });
  test("today is the Madrid calendar day", () => {
    expect(todayIsoDate(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
  });
});
