import { describe, expect, test } from "vitest";
import { resolveVisitEnd, stateAt, stayWindow, type StateContext } from "./vigilance-state.ts";

// The armed state's rules (ADR 0021), pure.

const zone = "Europe/Madrid";
const at = (iso: string) => Date.parse(iso);
const settings = { checkoutTime: "11:00", graceMinutes: 120 };
const stay = stayWindow({ reservationId: "r1", reference: "NS-AAA", checkIn: "2026-11-20", checkOut: "2026-11-23" }, settings, zone);
const ctx = (over: Partial<StateContext> = {}): StateContext => ({ autoArm: true, autoArmSince: at("2026-01-01T00:00:00Z"), manual: [], stays: [stay], visits: [], ...over });

describe("stateAt", () => {
  test("a stay runs from 00:00 of check-in to check-out time + grace, in the property's zone", () => {
    expect(stay.start).toBe(at("2026-11-19T23:00:00Z")); // 00:00 Madrid (UTC+1)
    expect(stay.end).toBe(at("2026-11-23T12:00:00Z")); // 11:00 + 2 h Madrid
    expect(stateAt(at("2026-11-21T12:00:00Z"), ctx())).toMatchObject({ armed: false, reason: { kind: "stay", reference: "NS-AAA" } });
    const after = stateAt(at("2026-11-23T12:00:00Z"), ctx());
    expect(after).toMatchObject({ armed: true, since: "2026-11-23T12:00:00.000Z", reason: { kind: "vacant", reservationReference: "NS-AAA" } });
  });

  test("a manual action holds until the next automatic change", () => {
    const disarmed = ctx({ manual: [{ state: "disarmed", at: at("2026-11-24T09:00:00Z"), byName: "Ana" }] });
    expect(stateAt(at("2026-11-25T09:00:00Z"), disarmed)).toMatchObject({ armed: false, reason: { kind: "manual-disarmed", by: "Ana" } });
    const next = stayWindow({ reservationId: "r2", reference: "NS-BBB", checkIn: "2026-11-26", checkOut: "2026-11-27" }, settings, zone);
    const withNext = ctx({ stays: [stay, next], manual: disarmed.manual });
    // The next stay starts (disarmed anyway) and ends: armed again by itself.
    expect(stateAt(at("2026-11-27T13:00:00Z"), withNext)).toMatchObject({ armed: true, reason: { kind: "vacant", reservationReference: "NS-BBB" } });
    // Armed by hand during a stay (the guests left early): armed until the stay's own end, then vacant.
    const early = ctx({ manual: [{ state: "armed", at: at("2026-11-21T10:00:00Z"), byName: "Ana" }] });
    expect(stateAt(at("2026-11-22T10:00:00Z"), early)).toMatchObject({ armed: true, reason: { kind: "manual-armed" } });
  });

  test("auto-arming off: disarmed unless armed by hand", () => {
    expect(stateAt(at("2026-11-25T09:00:00Z"), ctx({ autoArm: false, autoArmSince: null }))).toMatchObject({ armed: false, reason: { kind: "auto-off" } });
  });

  test("a visit pauses an armed flat from 2 minutes before the command to its end", () => {
    const visits = [{ id: "v1", kind: "staff" as const, label: "Ana", startedAt: at("2026-11-25T10:00:00Z"), endedAt: at("2026-11-25T11:30:00Z") }];
    expect(stateAt(at("2026-11-25T09:58:30Z"), ctx({ visits }))).toMatchObject({ armed: false, reason: { kind: "visit", visitKind: "staff" } });
    expect(stateAt(at("2026-11-25T11:29:59Z"), ctx({ visits })).armed).toBe(false);
    expect(stateAt(at("2026-11-25T11:30:00Z"), ctx({ visits })).armed).toBe(true);
    // A visit with no known end lasts at most 8 hours.
    const open = [{ ...visits[0], endedAt: null }];
    expect(stateAt(at("2026-11-25T17:59:00Z"), ctx({ visits: open })).armed).toBe(false);
    expect(stateAt(at("2026-11-25T18:00:00Z"), ctx({ visits: open })).armed).toBe(true);
  });
});

describe("resolveVisitEnd", () => {
  const start = at("2026-11-25T10:00:00Z");
  const minutes = (from: number, count: number, active: boolean) => Array.from({ length: count }, (_, i) => ({ bucket: from + i * 60_000, active }));

  test("2 minutes after the last activity, once 15 reported minutes without any followed", () => {
    const list = [...minutes(start, 30, true), ...minutes(start + 30 * 60_000, 15, false)];
    expect(resolveVisitEnd(start, list, start + 45 * 60_000)).toBe(start + 32 * 60_000);
    // 14 quiet minutes: still going on.
    expect(resolveVisitEnd(start, list.slice(0, 44), start + 44 * 60_000)).toBeNull();
  });

  test("a minute the device did not report breaks the quiet run (a cut device is not an empty flat)", () => {
    const list = [...minutes(start, 10, true), ...minutes(start + 10 * 60_000, 8, false), ...minutes(start + 19 * 60_000, 8, false)];
    expect(resolveVisitEnd(start, list, start + 27 * 60_000)).toBeNull();
  });

  test("at most 8 hours", () => {
    expect(resolveVisitEnd(start, minutes(start, 10, true), start + 8 * 3_600_000)).toBe(start + 8 * 3_600_000);
  });
});
