import { describe, expect, test } from "vitest";
import { createSimulatedDevice, simulateReading } from "#app/modules/telemetry/telemetry-simulator.ts";
import { detectAnomalies, scoreAnomalies, scoreSeries, type ScoredReading } from "./intrusion-score.ts";
import { defaultProfile, SCORE, type Anomaly } from "./vigilance.schema.ts";

// The intrusion score (ADR 0021), pure.

const profile = defaultProfile("Europe/Madrid");
const base = Date.parse("2026-11-25T02:00:00Z");
const reading = (seconds: number, fields: Partial<ScoredReading> = {}): ScoredReading => ({
  ts: base + seconds * 1000,
  windowS: 10,
  laeq: 28,
  lmax: 35,
  occupancy: 0,
  motion: false,
  doorOpen: false,
  lightLux: 1,
  siren: false,
  ...fields,
});
const always = () => true;

describe("detectAnomalies", () => {
  test("a door opening counts once, however long it stays open", () => {
    const anomalies = detectAnomalies([reading(0), reading(10, { doorOpen: true }), reading(20, { doorOpen: true }), reading(30)], profile, always);
    expect(anomalies.filter((a) => a.kind === "opening")).toHaveLength(1);
    expect(anomalies[0]).toMatchObject({ kind: "opening", weight: SCORE.weight.opening, departure: 1 });
  });

  test("presence and noise weigh per minute of anomaly; light per jump", () => {
    const anomalies = detectAnomalies([reading(0), reading(10, { occupancy: 1, laeq: 55, lmax: 80, lightLux: 600 })], profile, always);
    const byKind = Object.fromEntries(anomalies.map((a) => [a.kind, a]));
    expect(byKind.presence.weight).toBeCloseTo((SCORE.weight.presence * 10) / 60, 2);
    expect(byKind.noise.departure).toBe(1); // 20 dB over the p95
    expect(byKind.light.weight).toBe(SCORE.weight.light); // 600 lux against a p95 of 30: more than 16×
  });

  test("nothing counts while disarmed, and noise never while the siren sounds", () => {
    expect(detectAnomalies([reading(0), reading(10, { doorOpen: true, occupancy: 2 })], profile, () => false)).toEqual([]);
    expect(detectAnomalies([reading(0), reading(10, { laeq: 90, lmax: 110, siren: true })], profile, always)).toEqual([]);
  });

  test("a usual level departs less: presence seen half the vacant minutes weighs half", () => {
    const busy = { ...profile, hours: profile.hours.map((slot) => ({ ...slot, presenceRate: 0.5 })) };
    const [presence] = detectAnomalies([reading(0, { motion: true, windowS: 60 })], busy, always);
    expect(presence.weight).toBe(SCORE.weight.presence / 2);
  });
});

describe("score", () => {
  const anomaly = (seconds: number, kind: Anomaly["kind"], weight: number): Anomaly => ({ ts: new Date(base + seconds * 1000).toISOString(), kind, weight, departure: 1, detail: "" });

  test("noise and light together stay under the lowest threshold", () => {
    const street = [...Array.from({ length: 30 }, (_, i) => anomaly(i * 10, "noise", 2)), ...Array.from({ length: 10 }, (_, i) => anomaly(i * 10 + 5, "light", 3))];
    expect(scoreAnomalies(street).score).toBe(SCORE.cap.noise + SCORE.cap.light);
    expect(scoreAnomalies(street).score).toBeLessThan(8);
  });

  test("only the last 10 minutes count", () => {
    const anomalies = [anomaly(0, "opening", 5), anomaly(601, "presence", 4), anomaly(602, "presence", 4)];
    const series = scoreSeries(anomalies, base, base + 700_000, 10);
    expect(series.crossing).toBeNull();
    expect(series.peak.score).toBe(8);
  });

  test("the simulator's night intrusion crosses 10 within a minute of the door", () => {
    const eventAt = base + 10 * 60_000;
    const sim = createSimulatedDevice("night-intrusion", 7, { eventAt });
    const readings: ScoredReading[] = [];
    for (let t = base; t <= eventAt + 5 * 60_000; t += 10_000) {
      const r = simulateReading(sim, new Date(t), 10);
      readings.push({ ts: t, windowS: 10, laeq: r.laeq ?? null, lmax: r.lmax ?? null, occupancy: r.occupancy ?? null, motion: r.motion ?? null, doorOpen: r.door_open ?? null, lightLux: r.light_lux ?? null, siren: false });
    }
    const series = scoreSeries(detectAnomalies(readings, profile, always), eventAt, eventAt + 5 * 60_000, 10);
    expect(series.crossing).not.toBeNull();
    expect(Date.parse(series.crossing!.window[0].ts)).toBe(eventAt);
    expect(series.crossing!.at - eventAt).toBeLessThanOrEqual(60_000);
  });
});
