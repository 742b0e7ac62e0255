import { describe, expect, test } from "vitest";
import { csvField, localClock, mergeMinutes, minutesWithoutReadings, monthBounds, noiseMinutesByBand, stayOccupancy, unionMinutes } from "./incident-report-math.ts";
import { parseReportMonth, parseRulesForm, presetRules, matchingPreset, recentMonths } from "./incident-screens.ts";
import { DEFAULT_INCIDENT_RULES, INCIDENT_PRESETS, type IncidentRules } from "./incidents.schema.ts";

// The monthly report's arithmetic and the rules form's parsing, without a database.

const MINUTE = 60_000;

describe("month bounds in a property's zone", () => {
  test("a month with the autumn change has 31 days and one hour; Canarias is an hour behind Madrid", () => {
    const madrid = monthBounds("2026-10", "Europe/Madrid");
    expect(new Date(madrid.from).toISOString()).toBe("2026-09-30T22:00:00.000Z");
    expect(new Date(madrid.to).toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect((madrid.to - madrid.from) / MINUTE).toBe(31 * 1440 + 60);
    const canary = monthBounds("2026-03", "Atlantic/Canary");
    expect(new Date(canary.from).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(new Date(canary.to).toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(new Date(monthBounds("2026-12", "Europe/Madrid").to).toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });

  test("the wall clock of an instant, across the change", () => {
    const clock = localClock("Europe/Madrid");
    expect(clock(Date.parse("2026-10-25T00:30:00Z"))).toBe("02:30");
    expect(clock(Date.parse("2026-10-25T01:30:00Z"))).toBe("02:30");
    expect(clock(Date.parse("2026-10-25T02:30:00Z"))).toBe("03:30");
    expect(clock(Date.parse("2026-07-01T21:59:00Z"))).toBe("23:59");
  });
});

describe("minutes over the threshold per band", () => {
  const at = (iso: string) => Date.parse(iso);
  test("each minute goes to the band its local start falls in, and counts over only above the threshold", () => {
    // Madrid in July is UTC+2. Day 70, evening 65, night 55 (23:00–07:00).
    const minutes = [
      { t: at("2026-07-10T04:59:00Z"), laeq: 56, occupancy: null }, // 06:59 night, over
      { t: at("2026-07-10T05:00:00Z"), laeq: 69.9, occupancy: null }, // 07:00 day, under
      { t: at("2026-07-10T16:59:00Z"), laeq: 71, occupancy: null }, // 18:59 day, over
      { t: at("2026-07-10T17:00:00Z"), laeq: 65, occupancy: null }, // 19:00 evening, equal: not over
      { t: at("2026-07-10T20:59:00Z"), laeq: 66, occupancy: null }, // 22:59 evening, over
      { t: at("2026-07-10T21:00:00Z"), laeq: 55.1, occupancy: null }, // 23:00 night, over
      { t: at("2026-07-10T22:00:00Z"), laeq: null, occupancy: 3 }, // no LAeq: not measured
    ];
    expect(noiseMinutesByBand(minutes, DEFAULT_INCIDENT_RULES)).toEqual([
      { band: "day", label: "Día", start: "07:00", end: "19:00", threshold: 70, minutesOver: 1, minutesMeasured: 2 },
      { band: "evening", label: "Tarde", start: "19:00", end: "23:00", threshold: 65, minutesOver: 1, minutesMeasured: 2 },
      { band: "night", label: "Noche", start: "23:00", end: "07:00", threshold: 55, minutesOver: 2, minutesMeasured: 2 },
    ]);
  });

  test("the bands follow the rules' own zone", () => {
    const canary: IncidentRules = INCIDENT_PRESETS.canarias.rules;
    // 22:30 UTC in July is 23:30 in Canarias (night) but 00:30 next day in Madrid (night too); 18:30 UTC is 19:30 (evening) vs 20:30.
    const result = noiseMinutesByBand([{ t: Date.parse("2026-07-10T06:30:00Z"), laeq: 66, occupancy: null }], canary);
    // 07:30 in Canarias: day (70), so not over; in Madrid it would be 08:30, day as well.
    expect(result.map((b) => [b.band, b.minutesMeasured, b.minutesOver])).toEqual([
      ["day", 1, 0],
      ["evening", 0, 0],
      ["night", 0, 0],
    ]);
    const early = noiseMinutesByBand([{ t: Date.parse("2026-07-10T05:30:00Z"), laeq: 60, occupancy: null }], canary);
    // 06:30 in Canarias: still night (55), over; in Madrid 07:30 would be day.
    expect(early.find((b) => b.band === "night")!.minutesOver).toBe(1);
  });

  test("devices of one property fold into one minute: the loudest LAeq, the most people", () => {
    expect(
      mergeMinutes([
        { t: 2 * MINUTE, laeq: 50, occupancy: 1 },
        { t: MINUTE, laeq: 40, occupancy: null },
        { t: 2 * MINUTE, laeq: 62, occupancy: null },
        { t: 2 * MINUTE, laeq: null, occupancy: 4 },
      ]),
    ).toEqual([
      { t: MINUTE, laeq: 40, occupancy: null },
      { t: 2 * MINUTE, laeq: 62, occupancy: 4 },
    ]);
  });
});

describe("people against registered guests", () => {
  test("registered guests count, or the booking's before anyone registered; only the stay's own nights", () => {
    const tz = "Europe/Madrid";
    const inside = Date.parse("2026-11-10T12:00:00Z");
    const minutes = [
      { t: inside, laeq: null, occupancy: 5 },
      { t: inside + MINUTE, laeq: null, occupancy: 3 },
      { t: inside + 2 * MINUTE, laeq: null, occupancy: 2 },
      { t: Date.parse("2026-11-12T12:00:00Z"), laeq: null, occupancy: 9 }, // after check-out day's midnight
    ];
    const [registered, booked] = stayOccupancy(
      [
        { reservationId: "a", reference: "NS-A", checkIn: "2026-11-09", checkOut: "2026-11-12", booked: 4, registered: 2 },
        { reservationId: "b", reference: "NS-B", checkIn: "2026-11-09", checkOut: "2026-11-12", booked: 4, registered: 0 },
      ],
      minutes,
      tz,
    );
    expect(registered).toMatchObject({ expected: 2, occupancyMax: 5, minutesOver: 2 });
    expect(booked).toMatchObject({ expected: 4, occupancyMax: 5, minutesOver: 1 });
  });
});

describe("time offline", () => {
  test("overlapping episodes count once, clipped to the month; an open one runs to the end", () => {
    const from = 0;
    const to = 1000 * MINUTE;
    expect(
      unionMinutes(
        [
          { from: -10 * MINUTE, to: 20 * MINUTE },
          { from: 10 * MINUTE, to: 30 * MINUTE },
          { from: 100 * MINUTE, to: 150 * MINUTE },
          { from: 990 * MINUTE, to: null },
          { from: 2000 * MINUTE, to: 3000 * MINUTE },
        ],
        from,
        to,
      ),
    ).toBe(30 + 50 + 10);
    expect(unionMinutes([], from, to)).toBe(0);
  });

  test("minutes without readings", () => {
    expect(minutesWithoutReadings([{ t: 0, laeq: 1, occupancy: null }, { t: MINUTE, laeq: null, occupancy: 1 }, { t: 99 * MINUTE, laeq: 1, occupancy: null }], 0, 10 * MINUTE)).toBe(8);
    expect(minutesWithoutReadings([], 10, 5)).toBe(0);
  });
});

describe("CSV fields", () => {
  test("quoted when needed, formulas neutralised", () => {
    expect(csvField("Piso Ruzafa, 3º")).toBe('"Piso Ruzafa, 3º"');
    expect(csvField('Casa "Sol"')).toBe('"Casa ""Sol"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-5")).toBe("'-5");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
  });
});

describe("the rules form", () => {
  const form = (entries: Record<string, string>) => new URLSearchParams(entries);
  const fields = (rules: IncidentRules): Record<string, string> => {
    const out: Record<string, string> = { timeZone: rules.timeZone, escalateAfterMin: String(rules.escalateAfterMin), "co.ppm": String(rules.co.ppm), "overcrowding.tolerance": String(rules.overcrowding.tolerance), "overcrowding.sustainMin": String(rules.overcrowding.sustainMin), "emptyPresence.sustainMin": String(rules.emptyPresence.sustainMin) };
    for (const band of rules.bands) Object.assign(out, { [`${band.band}.start`]: band.start, [`${band.band}.laeq`]: String(band.laeq), [`${band.band}.sustainMin`]: String(band.sustainMin), [`${band.band}.lmax`]: band.lmax == null ? "" : String(band.lmax) });
    for (const name of ["overcrowding", "emptyPresence", "offline", "smoke", "co", "tamper"] as const) if (rules[name].enabled) out[`${name}.enabled`] = "on";
    return out;
  };

  test("a preset's fields give back the preset; an empty Lmax is none; a comma is a decimal point", () => {
    const parsed = parseRulesForm(form(fields(INCIDENT_PRESETS.coliving.rules)));
    expect(parsed).toEqual({ ok: true, rules: INCIDENT_PRESETS.coliving.rules });
    expect(matchingPreset(INCIDENT_PRESETS.coliving.rules, "Europe/Madrid")).toBe("coliving");
    const decimal = parseRulesForm(form({ ...fields(DEFAULT_INCIDENT_RULES), "day.laeq": "70,5", "night.lmax": "" }));
    expect(decimal.ok && decimal.rules.bands[0]!.laeq).toBe(70.5);
    expect(decimal.ok && decimal.rules.bands[2]!.lmax).toBeNull();
    expect(decimal.ok && matchingPreset(decimal.rules, "Europe/Madrid")).toBe("custom");
  });

  test("unchecked boxes are off; wrong values are refused in Spanish with the field", () => {
    const off = fields(DEFAULT_INCIDENT_RULES);
    delete off["smoke.enabled"];
    const parsed = parseRulesForm(form(off));
    expect(parsed.ok && parsed.rules.smoke.enabled).toBe(false);
    expect(parseRulesForm(form({ ...fields(DEFAULT_INCIDENT_RULES), "day.sustainMin": "diez" }))).toEqual({ ok: false, error: "Día · Duración sostenida: indica un número válido." });
    expect(parseRulesForm(form({ ...fields(DEFAULT_INCIDENT_RULES), "day.sustainMin": "" }))).toEqual({ ok: false, error: "Día · Duración sostenida: Entre 1 y 60 minutos." });
    expect(parseRulesForm(form({ ...fields(DEFAULT_INCIDENT_RULES), "overcrowding.tolerance": "11" }))).toEqual({ ok: false, error: "Tolerancia: Entre 0 y 10 personas." });
    expect(parseRulesForm(form({ ...fields(DEFAULT_INCIDENT_RULES), "night.start": "25:00" }))).toEqual({ ok: false, error: "Noche · Hora de inicio: Indica la hora como HH:MM." });
  });

  test("a preset keeps the property's zone unless it is about a zone", () => {
    expect(presetRules("urban_flat", "Atlantic/Canary").timeZone).toBe("Atlantic/Canary");
    expect(presetRules("canarias", "Europe/Madrid").timeZone).toBe("Atlantic/Canary");
    expect(matchingPreset(presetRules("hotel_room", "Atlantic/Canary"), "Atlantic/Canary")).toBe("hotel_room");
  });
});

describe("report months", () => {
  test("real months up to the current one", () => {
    expect(parseReportMonth("2026-11", "2026-11")).toBe("2026-11");
    expect(parseReportMonth("2026-12", "2026-11")).toBeNull();
    expect(parseReportMonth("2026-13", "2026-11")).toBeNull();
    expect(parseReportMonth("2019-12", "2026-11")).toBeNull();
    expect(parseReportMonth(null, "2026-11")).toBeNull();
    expect(recentMonths("2026-02", 3)).toEqual(["2026-02", "2026-01", "2025-12"]);
  });
});
