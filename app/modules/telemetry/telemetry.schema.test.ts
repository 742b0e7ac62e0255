import { describe, expect, test } from "vitest";
import { createSimulatedDevice, SCENARIOS, simulateReading } from "./telemetry-simulator.ts";
import { laeqEnergy, laeqFromEnergy, parseTelemetryBody, readingToJson } from "./telemetry.schema.ts";

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
