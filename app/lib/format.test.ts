import { describe, expect, test } from "vitest";
import { formatCelsius, formatDay, formatDayTime, formatDayTimeSeconds, formatDbA, formatDuration, formatNumber, formatPeople, formatRegistered } from "./format.ts";

describe("Spanish formatters", () => {
  test("numbers and levels have a decimal comma and one unit, dB(A)", () => {
    expect(formatNumber(71.44)).toBe("71,4");
    expect(formatNumber(0.5, 2)).toBe("0,50");
    expect(formatNumber(7.5, 1, 0)).toBe("7,5");
    expect(formatNumber(10, 1, 0)).toBe("10");
    expect(formatDbA(60.36)).toBe("60,4 dB(A)");
    expect(formatDbA(55)).toBe("55,0 dB(A)");
    expect(formatDbA(55, 0)).toBe("55 dB(A)");
    expect(formatDbA(null)).toBe("—");
    expect(formatCelsius(21.45)).toMatch(/^21,[45] °C$/);
    expect(formatCelsius(undefined)).toBe("—");
  });

  test("one persona, many personas", () => {
    expect(formatPeople(1)).toBe("1 persona");
    expect(formatPeople(0)).toBe("0 personas");
    expect(formatPeople(23)).toBe("23 personas");
    expect(formatRegistered(1)).toBe("1 persona registrada");
    expect(formatRegistered(4)).toBe("4 personas registradas");
  });

  test("dates are dd/mm/yyyy in the zone asked for", () => {
    const at = new Date("2026-01-01T00:30:00Z");
    expect(formatDay(at)).toBe("01/01/2026");
    expect(formatDay(at, "Atlantic/Canary")).toBe("01/01/2026");
    expect(formatDay(new Date("2025-12-31T23:30:00Z"), "Atlantic/Canary")).toBe("31/12/2025");
    expect(formatDay("2025-01-05")).toBe("05/01/2025");
    expect(formatDayTime(new Date("2025-07-01T22:30:00Z"))).toBe("02/07/2025 00:30");
    expect(formatDayTime(new Date("2025-07-01T22:30:00Z"), "Atlantic/Canary")).toBe("01/07/2025 23:30");
    expect(formatDayTimeSeconds(new Date("2025-01-01T22:30:05Z"))).toBe("01/01/2025 23:30:05");
  });

  test("a duration is the real length, never rounded up", () => {
    const t = Date.parse("2026-11-20T22:00:00Z");
    expect(formatDuration(t, t + 59_000)).toBe("59 s");
    expect(formatDuration(t, t + 119_000)).toBe("1 min");
    expect(formatDuration(t, t + 80 * 60_000)).toBe("1 h 20 min");
    expect(formatDuration(t, t + 3 * 3_600_000)).toBe("3 h");
    expect(formatDuration(t, t + 50 * 3_600_000)).toBe("2 días 2 h");
    expect(formatDuration(t, t - 5_000)).toBe("0 s");
  });
});
