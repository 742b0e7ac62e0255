import { describe, expect, test } from "vitest";
import { decibelRange, noiseThresholdSegments, peopleRange, stayThresholdSegments, type NoiseBandLine } from "./chart-scales.ts";

const BANDS: NoiseBandLine[] = [
  { band: "day", label: "Día", start: "07:00", laeq: 70 },
  { band: "evening", label: "Tarde", start: "19:00", laeq: 65 },
  { band: "night", label: "Noche", start: "23:00", laeq: 55 },
];

describe("the device chart's scales", () => {
  test("the people axis reaches above a party of 23 instead of stopping at 4", () => {
    expect(peopleRange([2, 3, 23, null])).toEqual([0, 25]);
    expect(peopleRange([2, 3, null])).toEqual([0, 4]);
    expect(peopleRange([])).toEqual([0, 4]);
    // The stay's registered guests are in view even when fewer people were detected.
    expect(peopleRange([1], [6])).toEqual([0, 7]);
    expect(peopleRange([9])).toEqual([0, 10]);
    expect(peopleRange([10])).toEqual([0, 15]);
  });

  test("the dB(A) axis takes in the thresholds in view", () => {
    expect(decibelRange(35, 48, [55])).toEqual([32, 58]);
    expect(decibelRange(40, 90, [70, 65])).toEqual([37, 93]);
    expect(decibelRange(null, null, [])).toEqual([30, 80]);
  });

  test("each band's threshold runs from its local start to the next band's, in Madrid time", () => {
    // 20/11/2026 12:00 to 21/11/2026 12:00 in Madrid (UTC+1).
    const from = Date.parse("2026-11-20T11:00:00Z");
    const to = Date.parse("2026-11-21T11:00:00Z");
    const segments = noiseThresholdSegments(BANDS, "Europe/Madrid", from, to);
    expect(segments.map((s) => [new Date(s.from).toISOString(), new Date(s.to).toISOString(), s.value, s.label])).toEqual([
      ["2026-11-20T11:00:00.000Z", "2026-11-20T18:00:00.000Z", 70, "Día"],
      ["2026-11-20T18:00:00.000Z", "2026-11-20T22:00:00.000Z", 65, "Tarde"],
      ["2026-11-20T22:00:00.000Z", "2026-11-21T06:00:00.000Z", 55, "Noche"],
      ["2026-11-21T06:00:00.000Z", "2026-11-21T11:00:00.000Z", 70, "Día"],
    ]);
  });

  test("the bands follow the zone's clock across a daylight-saving change and in another zone", () => {
    // Madrid went from UTC+2 to UTC+1 on 25/10/2026: night starts at 21:00Z before, 22:00Z after.
    const segments = noiseThresholdSegments(BANDS, "Europe/Madrid", Date.parse("2026-10-24T12:00:00Z"), Date.parse("2026-10-26T12:00:00Z"));
    const nights = segments.filter((s) => s.label === "Noche").map((s) => new Date(s.from).toISOString());
    expect(nights).toEqual(["2026-10-24T21:00:00.000Z", "2026-10-25T22:00:00.000Z"]);
    const canary = noiseThresholdSegments(BANDS, "Atlantic/Canary", Date.parse("2026-11-20T12:00:00Z"), Date.parse("2026-11-20T23:30:00Z"));
    expect(canary.find((s) => s.label === "Noche")!.from).toBe(Date.parse("2026-11-20T23:00:00Z"));
  });

  test("a stay's line is its registered guests, or the booking's count while nobody registered", () => {
    const from = 1_000_000;
    const to = 9_000_000;
    expect(
      stayThresholdSegments(
        [
          { from: 0, to: 2_000_000, expected: 2, registered: true },
          { from: 3_000_000, to: 20_000_000, expected: 4, registered: false },
          { from: 10_000_000, to: 11_000_000, expected: 3, registered: true },
        ],
        from,
        to,
      ),
    ).toEqual([
      { from: 1_000_000, to: 2_000_000, value: 2, label: "Registradas: 2" },
      { from: 3_000_000, to: 9_000_000, value: 4, label: "En la reserva: 4" },
    ]);
  });
});
