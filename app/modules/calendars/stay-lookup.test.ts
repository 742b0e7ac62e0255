import { describe, expect, test } from "vitest";
import { isAirbnbCode, normaliseBookingCode, parseStayLookupForm, stayLookupPath } from "./stay-lookup.ts";

// The registration link's form, checked for its shape only (issue 28 item 6).

describe("the stay lookup form", () => {
  test("codes are trimmed and compared in capitals; an HM… code is Airbnb's", () => {
    expect(normaliseBookingCode("  hmabcd1234 ")).toBe("HMABCD1234");
    expect(normaliseBookingCode(null)).toBe("");
    expect(isAirbnbCode("HMABCD1234")).toBe(true);
    expect(isAirbnbCode("NS-0A1B2C3D4E5F")).toBe(false);
    expect(stayLookupPath("tok")).toBe("/registro/tok");
  });

  test("an Airbnb code asks for the phone's last 4 digits, anything else for the arrival date", () => {
    expect(parseStayLookupForm({ code: "hmabcd1234", phoneLast4: "12 34", checkInDate: "nonsense" })).toEqual({
      ok: true,
      input: { code: "HMABCD1234", phoneLast4: "1234", checkInDate: null },
    });
    expect(parseStayLookupForm({ code: " ns-0a1b2c3d4e5f", phoneLast4: "x", checkInDate: "2030-03-06" })).toEqual({
      ok: true,
      input: { code: "NS-0A1B2C3D4E5F", phoneLast4: null, checkInDate: "2030-03-06" },
    });
    expect(parseStayLookupForm({ code: "" })).toEqual({ ok: false, problem: "codeRequired", field: "code" });
    expect(parseStayLookupForm({ code: "HMABCD1234", phoneLast4: "123" })).toEqual({ ok: false, problem: "phoneLast4Invalid", field: "phoneLast4" });
    expect(parseStayLookupForm({ code: "NS-0A1B2C3D4E5F", checkInDate: "2030-02-30" })).toEqual({ ok: false, problem: "checkInDateInvalid", field: "checkInDate" });
  });

  test("a code longer than any stored one is kept one character too long, so it never matches a shorter one", () => {
    const parsed = parseStayLookupForm({ code: `HM${"A".repeat(60)}`, phoneLast4: "1234" });
    expect(parsed.ok && parsed.input.code.length).toBe(41);
  });
});
