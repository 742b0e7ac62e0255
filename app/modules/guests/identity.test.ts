import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ageOn,
  isIsoDate,
  isValidDni,
  isValidNie,
  normalizeDocumentNumber,
  todayIn,
} from "#app/modules/guests/identity.ts";

const LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

describe("normalizeDocumentNumber", () => {
  test("trims, removes spaces and dashes, upper-cases", () => {
    expect(normalizeDocumentNumber("  12 345 678-z ")).toBe("12345678Z");
    expect(normalizeDocumentNumber("x-1234567-l")).toBe("X1234567L");
    expect(normalizeDocumentNumber("ab\t12--34")).toBe("AB1234");
  });

  test("keeps other punctuation, which the format checks then refuse", () => {
    expect(normalizeDocumentNumber("12.345.678-Z")).toBe("12.345.678Z");
  });
});

describe("isValidDni", () => {
  test("accepts known-good numbers", () => {
    expect(isValidDni("12345678Z")).toBe(true);
    expect(isValidDni("00000000T")).toBe(true);
    expect(isValidDni("99999999R")).toBe(true);
  });

  test("uses the remainder of 23 for every letter of the table", () => {
    for (let remainder = 0; remainder < 23; remainder += 1) {
      const digits = String(remainder).padStart(8, "0");
      expect(isValidDni(`${digits}${LETTERS[remainder]}`)).toBe(true);
      const wrong = LETTERS[(remainder + 1) % 23];
      expect(isValidDni(`${digits}${wrong}`)).toBe(false);
    }
  });

  test("normalises before checking", () => {
    expect(isValidDni(" 12345678-z ")).toBe(true);
  });

  test("refuses wrong letters and shapes", () => {
    expect(isValidDni("12345678A")).toBe(false);
    expect(isValidDni("1234567Z")).toBe(false);
    expect(isValidDni("123456789Z")).toBe(false);
    expect(isValidDni("12.345.678-Z")).toBe(false);
    expect(isValidDni("X1234567L")).toBe(false);
    expect(isValidDni("")).toBe(false);
  });

  test("exactly one letter is valid for any 8 digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (number) => {
        const digits = String(number).padStart(8, "0");
        const valid = [...LETTERS].filter((letter) => isValidDni(digits + letter));
        expect(valid).toEqual([LETTERS[number % 23]]);
        // I, Ñ, O and U are never check letters.
        for (const letter of "IÑOU") expect(isValidDni(digits + letter)).toBe(false);
      }),
    );
  });
});

describe("isValidNie", () => {
  test("reads X, Y and Z as 0, 1 and 2", () => {
    expect(isValidNie("X1234567L")).toBe(true);
    expect(isValidNie("X0000000T")).toBe(true);
    // 10000000 % 23 = 14 → Z; 20000000 % 23 = 5 → M
    expect(isValidNie("Y0000000Z")).toBe(true);
    expect(isValidNie("Z0000000M")).toBe(true);
  });

  test("refuses wrong letters, prefixes and shapes", () => {
    expect(isValidNie("X1234567A")).toBe(false);
    expect(isValidNie("Y0000000T")).toBe(false);
    expect(isValidNie("W1234567L")).toBe(false);
    expect(isValidNie("X123456L")).toBe(false);
    expect(isValidNie("12345678Z")).toBe(false);
  });

  test("normalises before checking", () => {
    expect(isValidNie("x-1234567-l")).toBe(true);
  });

  test("matches the DNI rule on the prefixed number", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("X", "Y", "Z"),
        fc.integer({ min: 0, max: 9_999_999 }),
        (prefix, number) => {
          const digits = String(number).padStart(7, "0");
          const asDni = String("XYZ".indexOf(prefix)) + digits;
          const letter = LETTERS[Number(asDni) % 23];
          expect(isValidNie(prefix + digits + letter)).toBe(true);
          expect(isValidDni(asDni + letter)).toBe(true);
          expect(isValidNie(prefix + digits + LETTERS[(Number(asDni) + 1) % 23])).toBe(false);
        },
      ),
    );
  });
});

describe("isIsoDate", () => {
  test("accepts real calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-1-01")).toBe(false);
    expect(isIsoDate("01/02/2025")).toBe(false);
    expect(isIsoDate("2025-01-01T00:00:00")).toBe(false);
  });
});

describe("ageOn", () => {
  test("counts completed years", () => {
    expect(ageOn("2007-08-01", "2025-08-01")).toBe(18);
    expect(ageOn("2007-08-02", "2025-08-01")).toBe(17);
    expect(ageOn("2007-07-31", "2025-08-01")).toBe(18);
    expect(ageOn("1985-03-20", "2025-03-19")).toBe(39);
    expect(ageOn("2025-08-01", "2025-08-01")).toBe(0);
  });

  test("someone born on 29 February gains a year on 1 March in common years", () => {
    expect(ageOn("2004-02-29", "2022-02-28")).toBe(17);
    expect(ageOn("2004-02-29", "2022-03-01")).toBe(18);
    expect(ageOn("2004-02-29", "2024-02-29")).toBe(20);
  });

  test("refuses malformed dates instead of guessing", () => {
    expect(() => ageOn("20/03/1985", "2025-01-01")).toThrow(RangeError);
    expect(() => ageOn("1985-03-20", "2025-02-30")).toThrow(RangeError);
  });
});

describe("todayIn", () => {
  test("gives the calendar date of the zone, not of the server", () => {
    const lateEvening = new Date("2025-01-15T23:30:00Z");
    expect(todayIn("Europe/Madrid", lateEvening)).toBe("2025-01-16");
    expect(todayIn("Atlantic/Canary", lateEvening)).toBe("2025-01-15");
    expect(todayIn("America/New_York", lateEvening)).toBe("2025-01-15");
  });
});
