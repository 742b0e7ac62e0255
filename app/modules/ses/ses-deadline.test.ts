import { describe, expect, test } from "vitest";
import { pvDueAt } from "#app/modules/ses/ses-outbox.server.ts";

// The PV is due 24 h after the stay starts (S §1.2); with no arrival hour stored, the start is
// check-in 00:00 at the property, in its own time zone (mainland or Canary Islands).

describe("pvDueAt", () => {
  test.each([
    ["mainland, winter (+01:00)", "2026-01-10", "Europe/Madrid", "2026-01-10T23:00:00.000Z"],
    ["mainland, summer (+02:00)", "2026-07-10", "Europe/Madrid", "2026-07-10T22:00:00.000Z"],
    ["mainland, the day clocks go forward", "2026-03-29", "Europe/Madrid", "2026-03-29T23:00:00.000Z"],
    ["Canary Islands, winter (+00:00)", "2026-01-10", "Atlantic/Canary", "2026-01-11T00:00:00.000Z"],
    ["Canary Islands, summer (+01:00)", "2026-07-10", "Atlantic/Canary", "2026-07-10T23:00:00.000Z"],
  ])("%s", (_case, checkIn, timeZone, due) => {
    expect(pvDueAt(checkIn, timeZone).toISOString()).toBe(due);
  });

  test("without a time zone, mainland time", () => {
    expect(pvDueAt("2026-01-10").toISOString()).toBe("2026-01-10T23:00:00.000Z");
  });
});
