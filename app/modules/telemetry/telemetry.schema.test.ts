import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createSimulatedDevice, SCENARIOS, simulateReading } from "./telemetry-simulator.ts";
import { fastReading, laeqEnergy, laeqFromEnergy, parseTelemetryBody, readingToJson } from "./telemetry.schema.ts";

const now = new Date("2026-11-26T22:00:00Z");

describe("parseTelemetryBody", () => {
  test("one reading alone or a list; window_s defaults to 10; null means not measured", () => {
    const single = parseTelemetryBody({ ts: "2026-11-26T21:59:50+01:00", laeq: 40.5, lmax: null }, now);
    expect(single.ok && single.readings[0]).toMatchObject({ windowS: 10, laeq: 40.5, lmax: null, ts: new Date("2026-11-26T20:59:50Z") });
    const list = parseTelemetryBody({ readings: [{ ts: "2026-11-26T21:59:50Z", occupancy: 3, window_s: 60 }] }, now);
    expect(list.ok && list.readings[0]).toMatchObject({ windowS: 60, occupancy: 3 });
  });

  test("a single bad reading names its field without an index word for lists", () => {
    const result = parseTelemetryBody({ ts: "2026-11-26T21:59:50Z", rssi_dbm: 5 }, now);
    expect(result).toMatchObject({ ok: false, status: 400, index: 0, field: "rssi_dbm" });
    expect(!result.ok && result.error).toBe("La lectura, campo «rssi_dbm»: debe ser un número entero entre -130 y 0 dBm.");
  });

  test("an extra top-level key beside readings is refused", () => {
    expect(parseTelemetryBody({ readings: [], device: "x" }, now)).toMatchObject({ ok: false, field: "device" });
  });

  test("the 5-minute and 7-day bounds are inclusive at the edge", () => {
    expect(parseTelemetryBody({ ts: new Date(now.getTime() + 5 * 60_000).toISOString(), laeq: 1 }, now).ok).toBe(true);
    expect(parseTelemetryBody({ ts: new Date(now.getTime() + 5 * 60_000 + 1).toISOString(), laeq: 1 }, now).ok).toBe(false);
    expect(parseTelemetryBody({ ts: new Date(now.getTime() - 7 * 86_400_000).toISOString(), laeq: 1 }, now).ok).toBe(true);
    expect(parseTelemetryBody({ ts: new Date(now.getTime() - 7 * 86_400_000 - 1).toISOString(), laeq: 1 }, now).ok).toBe(false);
  });

  test("readingToJson gives back the protocol's field names", () => {
    const parsed = parseTelemetryBody({ ts: "2026-11-26T21:59:50Z", door_open: false, temp_c: -3.5 }, now);
    expect(parsed.ok && readingToJson(parsed.readings[0])).toEqual({ ts: "2026-11-26T21:59:50.000Z", window_s: 10, door_open: false, temp_c: -3.5 });
  });
});

describe("the fast path", () => {
  const earliest = now.getTime() - 7 * 86_400_000;
  const latest = now.getTime() + 5 * 60_000;
  // Values around and beyond every limit, of the right and the wrong type.
  const anyValue = fc.oneof(
    fc.constantFrom(null, true, false, 0, -0, 1, 3600, 3601, 140, 140.1, 141, -40, -40.5, 85, 100, 101, -130, -131, 200_000, 300, 1100, 1000, 1001, 0.5, "40", [], {}),
    fc.double({ min: -200, max: 2000, noNaN: true }),
    fc.integer({ min: -200, max: 4000 }),
  );
  const tsValue = fc.oneof(
    fc.integer({ min: earliest - 60_000, max: latest + 60_000 }).map((t) => new Date(t).toISOString()),
    fc.integer({ min: earliest, max: latest }).map((t) => new Date(t).toISOString().replace(".000Z", "Z")),
    fc.integer({ min: earliest, max: latest }).map((t) => new Date(t).toISOString().replace(/\.(\d)\d\dZ$/, ".$1Z")),
    fc.integer({ min: earliest, max: latest }).map((t) => new Date(t).toISOString().replace("Z", "+00:00")),
    fc.constantFrom("2026-11-26T21:59:50", "2026-02-30T10:00:00Z", "2026-11-26T24:00:00Z", "2026-11-26T21:59:60Z", "2026-11-26 21:59:50Z", "2026-11-26T21:59:50.1234Z", 1_795_000_000_000, null),
  );
  // Mostly values inside each field's limits (so that whole readings pass), sometimes anything.
  const good: Record<string, fc.Arbitrary<unknown>> = {
    window_s: fc.integer({ min: 1, max: 3600 }),
    laeq: fc.double({ min: 0, max: 140, noNaN: true }),
    lmax: fc.double({ min: 0, max: 140, noNaN: true }),
    occupancy: fc.integer({ min: 0, max: 100 }),
    motion: fc.boolean(),
    door_open: fc.boolean(),
    smoke: fc.boolean(),
    tamper: fc.boolean(),
    siren: fc.boolean(),
    light_lux: fc.double({ min: 0, max: 200_000, noNaN: true }),
    temp_c: fc.double({ min: -40, max: 85, noNaN: true }),
    humidity_pct: fc.double({ min: 0, max: 100, noNaN: true }),
    pressure_hpa: fc.double({ min: 300, max: 1100, noNaN: true }),
    co_ppm: fc.double({ min: 0, max: 1000, noNaN: true }),
    battery_pct: fc.integer({ min: 0, max: 100 }),
    rssi_dbm: fc.integer({ min: -130, max: 0 }),
  };
  // Each number field's limits, just inside and just outside, and a fraction for the integer ones.
  const limits: Record<string, [number, number, boolean]> = {
    window_s: [1, 3600, true],
    laeq: [0, 140, false],
    lmax: [0, 140, false],
    occupancy: [0, 100, true],
    light_lux: [0, 200_000, false],
    temp_c: [-40, 85, false],
    humidity_pct: [0, 100, false],
    pressure_hpa: [300, 1100, false],
    co_ppm: [0, 1000, false],
    battery_pct: [0, 100, true],
    rssi_dbm: [-130, 0, true],
  };
  const edges = (key: string): fc.Arbitrary<unknown> => {
    const limit = limits[key];
    if (!limit) return fc.constantFrom(true, false, null, 0, 1, "true");
    const [min, max, int] = limit;
    return fc.constantFrom(min, max, min - 0.01, max + 0.01, min - 1, max + 1, int ? min + 0.5 : (min + max) / 2, null, String(max));
  };
  const fields = Object.fromEntries(
    Object.entries(good).map(([key, arbitrary]) => [
      key,
      fc.oneof({ arbitrary, weight: 30 }, { arbitrary: edges(key), weight: 2 }, { arbitrary: anyValue, weight: 1 }),
    ]),
  );
  const reading = fc.record({ ts: fc.oneof({ arbitrary: tsValue, weight: 1 }, { arbitrary: tsValue.filter((t) => typeof t === "string" && t.endsWith("Z")), weight: 3 }), ...fields, temp: anyValue }, {
    requiredKeys: [],
  }).map((r) => {
    // An unknown field ("temp") in one reading of twenty.
    if ("temp" in r && (JSON.stringify(r).length % 20 !== 0)) delete (r as Record<string, unknown>).temp;
    return r;
  });

  test("accepts only what the schema accepts, and builds the same reading", () => {
    let fastAccepted = 0;
    fc.assert(
      fc.property(reading, (item) => {
        const fast = fastReading(item, earliest, latest);
        const slow = parseTelemetryBody(item, now, { fastPath: false });
        if (fast) {
          fastAccepted++;
          expect(slow.ok).toBe(true);
          expect(slow.ok && slow.readings[0]).toEqual(fast);
        }
      }),
      { numRuns: 20_000 },
    );
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(fastAccepted).toBeGreaterThan(100);
  });

  test("the simulator's readings all take the fast path", () => {
    for (const scenario of SCENARIOS) {
      const device = createSimulatedDevice(scenario, 3);
      for (let i = 0; i < 50; i++) {
        const r = JSON.parse(JSON.stringify(simulateReading(device, new Date(now.getTime() - i * 60_000), 10))) as unknown;
        expect(fastReading(r, earliest, latest), scenario).not.toBeNull();
      }
    }
  });

  test("whatever path a body takes, the answer is the same", () => {
    const body = { readings: [{ ts: "2026-11-26T21:59:50Z", laeq: 40, lmax: 39 }] };
    expect(parseTelemetryBody(body, now)).toEqual(parseTelemetryBody(body, now, { fastPath: false }));
    expect(parseTelemetryBody(body, now)).toMatchObject({ ok: false, index: 0, field: "lmax" });
  });
});

describe("laeqFromEnergy", () => {
  test("is the energy average, not the arithmetic mean", () => {
    const energy = laeqEnergy(40, 10) + laeqEnergy(80, 10);
    expect(laeqFromEnergy(energy, 20)).toBeCloseTo(77.0, 1);
    expect(laeqFromEnergy(laeqEnergy(55, 30), 30)).toBeCloseTo(55, 9);
    expect(laeqFromEnergy(null, 10)).toBeNull();
    expect(laeqFromEnergy(100, 0)).toBeNull();
  });
});

describe("simulator", () => {
  test("every scenario produces readings the server accepts", () => {
    for (const scenario of SCENARIOS) {
      const device = createSimulatedDevice(scenario, 7);
      const readings = Array.from({ length: 200 }, (_, i) => simulateReading(device, new Date(now.getTime() - i * 600_000), 10));
      const parsed = parseTelemetryBody({ readings }, now);
      expect(parsed.ok, `${scenario}: ${!parsed.ok && parsed.error}`).toBe(true);
    }
  });

  test("the party is loud and crowded after 23:00 Madrid time, not in the afternoon", () => {
    const device = createSimulatedDevice("party", 1);
    const at = (iso: string) => simulateReading(device, new Date(iso), 10);
    const night = at("2026-11-26T23:30:00+01:00");
    const afternoon = at("2026-11-26T15:30:00+01:00");
    expect(night.laeq!).toBeGreaterThan(65);
    expect(night.occupancy!).toBeGreaterThanOrEqual(12);
    expect(afternoon.laeq!).toBeLessThan(60);
  });
});
