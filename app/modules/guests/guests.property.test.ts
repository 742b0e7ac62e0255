import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { guestMessages, type GuestLang } from "./guest-i18n.ts";
import {
  charLength,
  emptyGuestFormValues,
  GUEST_FORM_FIELDS,
  GUEST_LIMITS,
  MAX_GUESTS,
  removeInvalidXmlChars,
  sanitizeText,
  validateGuests,
  type GuestFormValues,
} from "./guests.schema.ts";

// Random input against the guest contract (the XML builder's own properties, validated by the
// ministry XSD, are in police-xml.test.ts). Whatever a request carries, validateGuests never
// throws, refuses with a message of the guest's language that names the guest and field, and
// accepts only text the XML file can carry: no control or non-XML characters, no markup,
// within the registry's character limits.

const NUM_RUNS = 250;

const hostile = fc.constantFrom(
  "<script>alert(1)</script>",
  "'; DROP TABLE guests; --",
  "\u0000",
  "\uD800x",
  "\uFFFE",
  "a\u0085b",
  "  spaced   out  ",
  "Ñúñez-Öztürk",
  "👩‍👩‍👧",
  "e\u0301",
);
const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }), fc.string({ maxLength: 1_200 }), hostile);

const validAdult: GuestFormValues = {
  ...emptyGuestFormValues(),
  givenName: "Lucía",
  firstSurname: "Ejemplo",
  secondSurname: "Ficticia",
  sex: "M",
  birthDate: "1985-03-20",
  nationality: "ESP",
  documentType: "DNI",
  documentNumber: "12345678Z",
  documentSupport: "ABC123456",
  phone: "+34 600 000 000",
  email: "lucia@example.com",
  addressStreet: "Calle Inventada 1",
  addressCountry: "ESP",
  addressProvince: "28",
  addressMunicipalityCode: "28079",
  addressPostalCode: "28001",
  signatureKind: "typed",
  signatureName: "Lucía Ejemplo",
};
const validForeigner: GuestFormValues = {
  ...emptyGuestFormValues(),
  givenName: "Tom",
  firstSurname: "Sample",
  sex: "H",
  birthDate: "1983-11-02",
  nationality: "IRL",
  documentType: "Pasaporte",
  documentNumber: "X0000000",
  email: "tom@example.com",
  addressStreet: "1 Example Street",
  addressCountry: "IRL",
  addressMunicipalityName: "Dublin",
  addressPostalCode: "D02 XY00",
  signatureKind: "typed",
  signatureName: "Tom Sample",
};

/** A valid guest with some fields replaced by random text: most fail, some free-text ones pass. */
const perturbedGuest = fc
  .tuple(
    fc.constantFrom(validAdult, validForeigner),
    fc.dictionary(fc.constantFrom(...GUEST_FORM_FIELDS), anyText, { maxKeys: 3 }),
  )
  .map(([base, changes]) => ({ ...base, ...changes }));

const options = (lang: GuestLang) => ({ lang, checkInDate: "2026-08-01", today: "2026-07-01", municipalityExists: (code: string) => code === "28079" });

function expectXmlSafe(value: string) {
  expect(removeInvalidXmlChars(value)).toBe(value);
  expect(value).not.toMatch(/[<>]/);
  expect(value).toBe(value.trim());
  expect(value.normalize("NFC")).toBe(value);
}

describe("guest validation under random input", () => {
  test("any value at all: never throws, refuses with a message of the chosen language", () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom<GuestLang>("es", "en"), (input, lang) => {
        const result = validateGuests(input, options(lang));
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test("near-valid submissions: accepted guests carry only XML-safe, capped text; refusals name guest and field", () => {
    // The unperturbed guests pass, so the property reaches its "accepted" branch.
    expect(validateGuests({ guests: [validAdult, validForeigner] }, options("es")).ok).toBe(true);
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(perturbedGuest, { minLength: 1, maxLength: 3 }), fc.constantFrom<GuestLang>("es", "en"), (list, lang) => {
        const result = validateGuests({ guests: list }, options(lang));
        if (!result.ok) {
          expect(result.position).toBeGreaterThanOrEqual(1);
          expect(result.position).toBeLessThanOrEqual(list.length);
          expect(result.message).toBe(guestMessages[lang].guestFieldError(result.position!, result.field!));
          // Every problem is reported, the first one first.
          expect(result.issues[0]).toMatchObject({ position: result.position, field: result.field });
          for (const issue of result.issues) expect(issue.position).toBeLessThanOrEqual(list.length);
          return;
        }
        accepted += 1;
        expect(result.guests).toHaveLength(list.length);
        for (const guest of result.guests) {
          for (const [field, value] of Object.entries(guest)) {
            if (typeof value !== "string") continue;
            expectXmlSafe(value);
            const limit = GUEST_LIMITS[field as keyof typeof GUEST_LIMITS];
            if (limit) expect(charLength(value), field).toBeLessThanOrEqual(limit);
          }
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  test("more than the maximum number of guests is refused with the count message", () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_GUESTS + 1, max: MAX_GUESTS + 5 }), fc.constantFrom<GuestLang>("es", "en"), (count, lang) => {
        const result = validateGuests({ guests: Array.from({ length: count }, () => validAdult) }, options(lang));
        expect(result).toEqual({ ok: false, message: guestMessages[lang].guestCountInvalid, issues: [] });
      }),
      { numRuns: 20 },
    );
  });
});

describe("sanitizeText under random input", () => {
  test("XML-safe and idempotent for any text", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const once = sanitizeText(value);
        expectXmlSafe(once);
        expect(once).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\u2060\uFEFF]/);
        expect(sanitizeText(once)).toBe(once);
      }),
      { numRuns: NUM_RUNS * 2 },
    );
  });
});
