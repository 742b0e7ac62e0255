import { describe, expect, test } from "vitest";
import { composeIncidentHolderMail } from "./incident-mail.ts";
import { energyAverage, evaluateMinutes, localHhmm, MINUTE_MS, type MinuteSample, type RuleContext, type StayView } from "./incidents-engine-rules.ts";
import { DEFAULT_INCIDENT_RULES, type IncidentRules } from "./incidents.schema.ts";

// The rules as pure functions (ADR 0024): minutes in, episodes out.

const rules: IncidentRules = { ...DEFAULT_INCIDENT_RULES, timeZone: "Europe/Madrid" };
// 2026-11-27 in Madrid is UTC+1: 23:30 local = 22:30 UTC.
const NIGHT = Date.parse("2026-11-27T22:30:00Z");
const EVENING = Date.parse("2026-11-27T18:00:00Z"); // 19:00 local

function minute(start: number, fields: Partial<MinuteSample> = {}): MinuteSample {
  return { start, readings: 6, laeq: 30, lmax: 40, occupancyMax: 0, motion: false, smoke: false, tamper: false, coMax: null, ...fields };
}
const series = (start: number, levels: (number | null)[], extra: (i: number) => Partial<MinuteSample> = () => ({})) =>
  levels.map((laeq, i) => minute(start + i * MINUTE_MS, laeq === null ? { readings: 0, laeq: null, lmax: null, ...extra(i) } : { laeq, lmax: laeq + 5, ...extra(i) }));
const none = (): StayView | null => null;
const ctx = (stay: (t: number) => StayView | null = none): RuleContext => ({ rules, stayAt: stay });
const closed = { open: null, lastEndedAt: null };

describe("noise", () => {
  test("the night band's LAeq for its sustained 10 minutes opens one episode; 9 minutes do not", () => {
    expect(localHhmm(NIGHT, "Europe/Madrid")).toBe("23:30");
    expect(evaluateMinutes(series(NIGHT, Array(9).fill(60)), ctx(), {}).opened).toHaveLength(0);
    const { opened } = evaluateMinutes(series(NIGHT, Array(12).fill(60)), ctx(), {});
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ type: "noise", band: "night", threshold: 55, startedAt: NIGHT, resolvedAt: null, lastTriggerAt: NIGHT + 12 * MINUTE_MS });
    expect(opened[0].readings).toHaveLength(12);
    expect(opened[0].detail).toContain("franja noche");
  });

  test("the same level in the evening band (65) is nothing", () => {
    expect(evaluateMinutes(series(EVENING, Array(15).fill(60)), ctx(), {}).opened).toHaveLength(0);
  });

  test("an Lmax spike over the band's lmax opens at once", () => {
    const minutes = [minute(NIGHT), minute(NIGHT + MINUTE_MS, { laeq: 40, lmax: 80 })];
    const { opened } = evaluateMinutes(minutes, ctx(), {});
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ startedAt: NIGHT + MINUTE_MS, threshold: 75, peakValue: 80 });
  });

  test("hysteresis: flapping under the threshold for less than the sustained time stays one episode; 10 quiet minutes resolve it", () => {
    const flapping = [...Array(10).fill(62), 40, 40, 62, 40, 62, 62, 40, 40, 40, 62, ...Array(10).fill(40)];
    const { opened } = evaluateMinutes(series(NIGHT, flapping), ctx(), {});
    expect(opened).toHaveLength(1);
    expect(opened[0].resolvedAt).toBe(NIGHT + 20 * MINUTE_MS);
    expect(opened[0].lastTriggerAt).toBe(NIGHT + 20 * MINUTE_MS);
  });

  test("an open episode continues and resolves from where it stood; a gap breaks the quiet run", () => {
    const state = { noise: { open: { id: "i1", lastTriggerAt: NIGHT, peakValue: 70, readingCount: 10 }, lastEndedAt: null } };
    const withGap = series(NIGHT, [40, 40, 40, 40, 40, null, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40]);
    const first = evaluateMinutes(withGap.slice(0, 9), ctx(), state);
    expect(first.updated).toHaveLength(0);
    const all = evaluateMinutes(withGap, ctx(), state);
    expect(all.updated).toEqual([expect.objectContaining({ id: "i1", resolvedAt: NIGHT + 6 * MINUTE_MS })]);
  });

  test("minutes before the end of the last episode never open a new one", () => {
    const { opened } = evaluateMinutes(series(NIGHT, Array(12).fill(60)), ctx(), { noise: { open: null, lastEndedAt: NIGHT + 12 * MINUTE_MS } });
    expect(opened).toHaveLength(0);
  });

  test("a run across the evening→night edge is judged minute by minute against each band", () => {
    // 22:55–23:04 local at 60 dB(A): under the evening's 65, over the night's 55 from 23:00.
    const start = Date.parse("2026-11-27T21:55:00Z");
    expect(evaluateMinutes(series(start, Array(10).fill(60)), ctx(), {}).opened).toHaveLength(0);
    const { opened } = evaluateMinutes(series(start, Array(15).fill(60)), ctx(), {});
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ band: "night", startedAt: start + 5 * MINUTE_MS });
  });

  test("the energy average is not the arithmetic mean", () => {
    expect(energyAverage([minute(0, { laeq: 60 }), minute(0, { laeq: 80 })])).toBeCloseTo(77.0, 1);
  });
});

describe("people", () => {
  const stay = (): StayView => ({ reservationId: "r1", expected: 2 });
  test("five people for two guests sustained 15 minutes open overcrowding with the registered count", () => {
    const minutes = series(EVENING, Array(16).fill(40), () => ({ occupancyMax: 5 }));
    expect(evaluateMinutes(minutes.slice(0, 14), ctx(stay), {}).opened.filter((o) => o.type === "overcrowding")).toHaveLength(0);
    const opened = evaluateMinutes(minutes, ctx(stay), {}).opened.filter((o) => o.type === "overcrowding");
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ registeredGuests: 2, reservationId: "r1", peakValue: 5, threshold: 2 });
  });

  test("the tolerance counts; no stay means no overcrowding but presence in an empty property", () => {
    const tolerant: RuleContext = { rules: { ...rules, overcrowding: { ...rules.overcrowding, tolerance: 3 } }, stayAt: stay };
    expect(evaluateMinutes(series(EVENING, Array(16).fill(40), () => ({ occupancyMax: 5 })), tolerant, {}).opened).toHaveLength(0);
    const { opened } = evaluateMinutes(series(EVENING, Array(11).fill(40), () => ({ occupancyMax: 1 })), ctx(), {});
    expect(opened.map((o) => o.type)).toEqual(["empty_presence"]);
  });

  test("presence during a door visit (a cleaner let in) is no incident; once the visit ends it is", () => {
    const minutes = series(EVENING, Array(30).fill(40), () => ({ occupancyMax: 1 }));
    const visitUntil = EVENING + 20 * 60_000;
    const during: RuleContext = { ...ctx(), visitAt: (t) => t < visitUntil };
    expect(evaluateMinutes(minutes.slice(0, 20), during, {}).opened).toEqual([]);
    // The same presence going on 10 minutes after the visit ended: sustained, it opens.
    const after = evaluateMinutes(minutes, during, {}).opened;
    expect(after.map((o) => o.type)).toEqual(["empty_presence"]);
    expect(after[0].startedAt).toBeGreaterThanOrEqual(visitUntil);
  });
});

describe("at once", () => {
  test("smoke, CO over 50 ppm and tamper open in their first minute and resolve after 5 clear ones", () => {
    const minutes = series(EVENING, Array(8).fill(30), (i) => (i === 1 ? { smoke: true, tamper: true, coMax: 80 } : { coMax: 5 }));
    const { opened } = evaluateMinutes(minutes, ctx(), {});
    expect(opened.map((o) => o.type).sort()).toEqual(["co", "smoke", "tamper"]);
    for (const o of opened) {
      expect(o.startedAt).toBe(EVENING + MINUTE_MS);
      expect(o.resolvedAt).toBe(EVENING + 2 * MINUTE_MS);
    }
    expect(evaluateMinutes(series(EVENING, [30], () => ({ coMax: 50 })), ctx(), {}).opened).toHaveLength(0);
  });

  test("a rule switched off opens nothing", () => {
    const off: RuleContext = { rules: { ...rules, smoke: { enabled: false } }, stayAt: none };
    expect(evaluateMinutes([minute(EVENING, { smoke: true })], off, { smoke: closed }).opened).toHaveLength(0);
  });
});

describe("holder e-mail", () => {
  test("in each of the six languages, with what was measured and what to do", () => {
    const de = composeIncidentHolderMail({ type: "noise", lang: "de", holderName: "Lena", propertyName: "Casa Azul", measured: 74.25, limit: 55, minutes: 10 });
    expect(de.lang).toBe("de");
    expect(de.subject).toBe("Hinweis zur Lautstärke in Casa Azul");
    expect(de.body).toContain("74,3 dB(A)");
    expect(de.body).toContain("Grenzwert von 55,0 dB(A)");
    const en = composeIncidentHolderMail({ type: "overcrowding", lang: "en", holderName: null, propertyName: "Casa Azul", measured: 5, limit: 2, minutes: 15 });
    expect(en.body).toContain("5 people");
    expect(en.body).toContain("2 registered guests");
    for (const lang of ["es", "fr", "it", "pt"]) expect(composeIncidentHolderMail({ type: "noise", lang, holderName: "A", propertyName: "P", measured: 70, limit: 55, minutes: 10 }).lang).toBe(lang);
    expect(composeIncidentHolderMail({ type: "noise", lang: "xx", holderName: "A", propertyName: "P", measured: 70, limit: 55, minutes: 10 }).lang).toBe("es");
  });
});
