import { describe, expect, test } from "vitest";
import { tableRows } from "#app/components/admin/monitoring/device-panel.tsx";
import { chooseSeriesSource, laeqFromEnergySum, localDate, startOfLocalDate } from "./monitoring.server.ts";
import {
  cityFromAddress,
  deviceProblems,
  formatDecibels,
  occupancyLabel,
  parseFleetQuery,
  readingAge,
  seriesQuerySchema,
  type LiveState,
  type StayOccupancy,
} from "./monitoring.schema.ts";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const state = (overrides: Partial<LiveState> = {}): LiveState => ({
  lastReadingAt: new Date(NOW - 30_000).toISOString(),
  laeq: 40,
  lmax: 50,
  occupancy: 2,
  motion: null,
  doorOpen: null,
  smoke: false,
  tamper: false,
  siren: null,
  lightLux: null,
  tempC: 21,
  humidityPct: null,
  pressureHpa: null,
  coPpm: null,
  batteryPct: 80,
  rssiDbm: null,
  ...overrides,
});
const stay = (expected: number, registered = true): StayOccupancy => ({ reservationId: "r", checkInDate: "2026-11-25", checkOutDate: "2026-11-28", expected, registered });

describe("occupancy against the stay", () => {
  test("labels people and registered guests", () => {
    expect(occupancyLabel(3, stay(2))).toBe("3 personas · 2 registradas");
    expect(occupancyLabel(1, stay(1))).toBe("1 persona · 1 registrada");
    expect(occupancyLabel(2, stay(4, false))).toBe("2 personas · 4 en la reserva");
    expect(occupancyLabel(0, null)).toBe("0 personas · sin estancia");
    expect(occupancyLabel(null, stay(2))).toBe("Sin dato · 2 registradas");
  });

  test("more people than registered is a problem; as many is not", () => {
    expect(deviceProblems(state({ occupancy: 3 }), stay(2), NOW)).toEqual(["overOccupancy"]);
    expect(deviceProblems(state({ occupancy: 2 }), stay(2), NOW)).toEqual([]);
  });
});

describe("problems", () => {
  test("offline after five minutes without a reading, most urgent first", () => {
    const old = new Date(NOW - 6 * 60_000).toISOString();
    expect(deviceProblems(state({ lastReadingAt: old, batteryPct: 5, smoke: true }), null, NOW)).toEqual(["smoke", "offline", "lowBattery"]);
    expect(deviceProblems(state({ lastReadingAt: new Date(NOW - 4 * 60_000).toISOString() }), null, NOW)).toEqual([]);
    expect(deviceProblems(state({ lastReadingAt: null }), null, NOW)).toEqual(["noData"]);
  });
});

describe("formatting", () => {
  test("dB with one decimal, empty for no value", () => {
    expect(formatDecibels(41.26)).toBe("41.3");
    expect(formatDecibels(40)).toBe("40.0");
    expect(formatDecibels(null)).toBe("");
    expect(formatDecibels(Number.NaN)).toBe("");
  });

  test("ages", () => {
    expect(readingAge(new Date(NOW - 20_000).toISOString(), NOW)).toBe("hace 20 s");
    expect(readingAge(new Date(NOW - 3 * 60_000).toISOString(), NOW)).toBe("hace 3 min");
    expect(readingAge(new Date(NOW - 5 * 3_600_000).toISOString(), NOW)).toBe("hace 5 h");
    expect(readingAge(null, NOW)).toBe("Nunca");
  });

  test("the city is read from the end of the address", () => {
    expect(cityFromAddress("Cuesta del Chapiz 45, 18010 Granada")).toBe("Granada");
    expect(cityFromAddress("Calle Mayor 1, 28013 Madrid (Madrid)")).toBe("Madrid");
    expect(cityFromAddress("Calle sin ciudad 4")).toBe("Calle sin ciudad 4");
    expect(cityFromAddress("Calle 4, 28013")).toBeNull();
    expect(cityFromAddress(null)).toBeNull();
  });
});

describe("queries", () => {
  test("fleet query: unknown values fall back", () => {
    const q = parseFleetQuery(new URLSearchParams("q=%20ns01%20&estado=nope&vivienda=x&pagina=-3"));
    expect(q).toEqual({ q: "ns01", city: "", propertyId: "", status: "all", page: 1 });
  });

  test("series query: bounded range and width", () => {
    const ok = seriesQuerySchema.safeParse({ from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z", width: "100000" });
    expect(ok.success && ok.data.width).toBe(4000);
    expect(seriesQuerySchema.safeParse({ from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z", width: "500" }).success).toBe(false);
    expect(seriesQuerySchema.safeParse({ from: "2024-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z", width: "500" }).success).toBe(false);
    expect(seriesQuerySchema.safeParse({ from: "nope", to: "2026-01-01T00:00:00Z", width: "500" }).success).toBe(false);
  });
});

describe("downsampling", () => {
  test("the source is the finest table with at most four rows per pixel, in buckets of at least a pixel", () => {
    expect(chooseSeriesSource(3_600_000, 800)).toEqual({ source: "raw", bucketSeconds: 5 });
    expect(chooseSeriesSource(86_400_000, 360)).toEqual({ source: "minute", bucketSeconds: 240 });
    expect(chooseSeriesSource(30 * 86_400_000, 360)).toEqual({ source: "hour", bucketSeconds: 7200 });
    expect(chooseSeriesSource(30 * 86_400_000, 1200)).toEqual({ source: "hour", bucketSeconds: 3600 });
    expect(chooseSeriesSource(7 * 86_400_000, 2600)).toEqual({ source: "minute", bucketSeconds: 240 });
  });

  test("LAeq is an energy average", () => {
    // 40 and 80 dB for equal times: 77.0 dB, not 60.
    const energy = 10 ** 4 + 10 ** 8;
    expect(laeqFromEnergySum(energy, 2)!.toFixed(1)).toBe("77.0");
    expect(laeqFromEnergySum(0, 0)).toBeNull();
    expect(laeqFromEnergySum(null, 1)).toBeNull();
  });

  test("the table groups rows with the same energy average", () => {
    const series = { from: "", to: "", source: "raw" as const, bucketSeconds: 60, t: [0, 60, 120], laeq: [40, 80, null], lmax: [45, 85, null], occupancy: [1, null, 3], stays: [] };
    const rows = tableRows(series, 2);
    expect(rows).toHaveLength(2);
    expect(rows[0].laeq!.toFixed(1)).toBe("77.0");
    expect(rows[0].lmax).toBe(85);
    expect(rows[0].occupancy).toBe(1);
    expect(rows[1]).toEqual({ t: 120, laeq: null, lmax: null, occupancy: 3 });
  });
});

describe("property time zones", () => {
  test("today and local midnight in Madrid and the Canaries", () => {
    const late = new Date("2026-11-26T23:30:00Z");
    expect(localDate(late, "Europe/Madrid")).toBe("2026-11-27");
    expect(localDate(late, "Atlantic/Canary")).toBe("2026-11-26");
    expect(new Date(startOfLocalDate("2026-07-01", "Europe/Madrid")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(new Date(startOfLocalDate("2026-12-01", "Atlantic/Canary")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});
