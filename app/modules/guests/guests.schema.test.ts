import { describe, expect, test } from "vitest";
import { guestMessages } from "#app/modules/guests/guest-i18n.ts";
import {
  GUEST_FIELD_INPUTS,
  createGuestsSubmissionSchema,
  emptyGuestFormValues,
  guestFullName,
  sanitizeText,
  truncateChars,
  validateGuests,
  type GuestFormValues,
  type GuestValidationOptions,
} from "#app/modules/guests/guests.schema.ts";

const CHECK_IN = "2025-08-01";
const TODAY = "2025-07-20";
const es: GuestValidationOptions = { lang: "es", checkInDate: CHECK_IN, today: TODAY };
const en: GuestValidationOptions = { lang: "en", checkInDate: CHECK_IN, today: TODAY };

function spanishAdult(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return {
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
    addressStreet: "Calle Inventada 1, 3º B",
    addressCountry: "ESP",
    addressProvince: "28",
    addressMunicipalityCode: "28079",
    addressPostalCode: "28001",
    signatureKind: "typed",
    signatureName: "Lucía Ejemplo",
    ...overrides,
  };
}

function foreignAdult(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return {
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
    ...overrides,
  };
}

function nieAdult(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return foreignAdult({
    nationality: "MAR",
    documentType: "NIE",
    documentNumber: "X1234567L",
    documentSupport: "E12345678",
    ...overrides,
  });
}

function minor(overrides: Partial<GuestFormValues> = {}): GuestFormValues {
  return spanishAdult({
    givenName: "Pablo",
    sex: "H",
    // 15 on check-in: a minor who signs for themselves (signature rules have their own tests).
    birthDate: "2010-05-09",
    documentType: "",
    documentNumber: "",
    documentSupport: "",
    email: "",
    kinship: "HJ",
    ...overrides,
  });
}

function messageFor(guest: Partial<GuestFormValues>, options: GuestValidationOptions = es): string {
  const result = validateGuests({ guests: [guest] }, options);
  if (result.ok) return "ok";
  return result.message;
}

function validGuest(guest: GuestFormValues, options: GuestValidationOptions = es) {
  const result = validateGuests({ guests: [guest] }, options);
  if (!result.ok) throw new Error(`expected a valid guest, got: ${result.message}`);
  return result.guests[0];
}

describe("rule order", () => {
  // Each step fixes the field the previous message pointed at; the sequence of messages is
  // the order of the rules. An empty guest starts with nothing right.
  const steps: [Partial<GuestFormValues>, string, string][] = [
    [{}, "Nombre", "First name"],
    [{ givenName: "Lucía" }, "Primer apellido", "First surname"],
    [{ firstSurname: "Ejemplo", documentType: "DNI" }, "Segundo apellido", "Second surname"],
    [{ secondSurname: "Ficticia" }, "Sexo", "Sex"],
    [{ sex: "M", documentType: "" }, "Tipo de documento", "Document type"],
    [{ documentType: "DNI" }, "Número de documento", "Document number"],
    [{ documentNumber: "12345678A" }, "Número de documento", "Document number"],
    [{ documentNumber: "12345678Z" }, "Fecha de nacimiento", "Date of birth"],
    [{ birthDate: "1985-02-30" }, "Fecha de nacimiento", "Date of birth"],
    [{ birthDate: "1985-03-20" }, "Nacionalidad", "Nationality"],
    [{ nationality: "ESP" }, "Número de soporte", "Document serial number (número de soporte)"],
    [{ documentSupport: "ABC123456" }, "Teléfono o email", "Phone or email"],
    [{ phone: "12" }, "Teléfono", "Phone"],
    [{ phone: "+34 600 000 000", email: "lucia@localhost" }, "Email", "Email"],
    [{ email: "lucia@example.com" }, "Dirección", "Address"],
    [{ addressStreet: "Calle Inventada 1" }, "País", "Country"],
    [{ addressCountry: "ESP" }, "Provincia", "Province"],
    [{ addressProvince: "28" }, "Municipio", "Municipality"],
    [{ addressMunicipalityCode: "28079" }, "Código postal", "Postal code"],
    [{ addressPostalCode: "28001" }, "Firma", "Signature"],
    [{ signatureKind: "typed" }, "Firma", "Signature"],
    [{ signatureName: "Lucía Ejemplo" }, "ok", "ok"],
  ];

  test.each([
    ["es", es, "Huésped"],
    ["en", en, "Guest"],
  ] as const)("follows the spec's order in %s", (lang, options, prefix) => {
    let guest: Partial<GuestFormValues> = {};
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [fix, esLabel, enLabel] of steps) {
      guest = { ...guest, ...fix };
      const label = lang === "es" ? esLabel : enLabel;
      expected.push(label === "ok" ? "ok" : `${prefix} 1: ${label} *`);
      seen.push(messageFor(guest, options));
    }
    expect(seen).toEqual(expected);
  });

  test("a minor's relationship comes last", () => {
    expect(messageFor(minor({ kinship: "" }))).toBe("Huésped 1: Parentesco *");
    expect(messageFor(minor({ kinship: "", addressPostalCode: "" }))).toBe(
      "Huésped 1: Código postal *",
    );
    expect(messageFor(minor({ kinship: "" }), en)).toBe("Guest 1: Relationship *");
  });

  test("a foreign address asks for the city where a Spanish one asks for the municipality", () => {
    expect(messageFor(foreignAdult({ addressMunicipalityName: "", addressPostalCode: "" }))).toBe(
      "Huésped 1: Ciudad *",
    );
    expect(messageFor(foreignAdult({ addressMunicipalityName: "" }), en)).toBe(
      "Guest 1: Town / city *",
    );
  });

  test("reports every failing rule of every guest at once, the first one as the message", () => {
    const result = validateGuests(
      {
        guests: [
          spanishAdult(),
          foreignAdult({ email: "", phone: "" }),
          spanishAdult({ givenName: "", documentNumber: "12345678A", birthDate: "2099-01-01", addressPostalCode: "280" }),
        ],
      },
      es,
    );
    expect(result).toEqual({
      ok: false,
      message: "Huésped 2: Teléfono o email *",
      position: 2,
      field: "phoneOrEmail",
      issues: [
        { position: 2, field: "phoneOrEmail", code: "required" },
        { position: 3, field: "givenName", code: "required" },
        { position: 3, field: "documentNumber", code: "checkLetter" },
        { position: 3, field: "birthDate", code: "futureDate" },
        { position: 3, field: "addressPostalCode", code: "postalCodeDigits" },
      ],
    });
  });

  test("a group of three with several mistakes each gets them all in one answer", () => {
    const result = validateGuests(
      {
        guests: [
          spanishAdult({ documentNumber: "12345678A", documentSupport: "" }),
          nieAdult({ firstSurname: "", documentNumber: "X12", email: "not-an-email" }),
          foreignAdult({ givenName: "x".repeat(70), addressMunicipalityName: "", sex: "" }),
        ],
      },
      es,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => `${issue.position}:${issue.field}:${issue.code}`)).toEqual([
      "1:documentNumber:checkLetter",
      "1:documentSupport:required",
      "2:firstSurname:required",
      "2:documentNumber:invalid",
      "2:email:invalid",
      "3:givenName:tooLong",
      "3:sex:required",
      "3:addressCity:required",
    ]);
  });

  test("every reported field points at a form input", () => {
    const result = validateGuests({ guests: [foreignAdult({ addressMunicipalityName: "" })] }, es);
    expect(result.ok).toBe(false);
    if (!result.ok && result.field)
      expect(GUEST_FIELD_INPUTS[result.field]).toBe("addressMunicipalityName");
  });
});

describe("submission shape", () => {
  test("accepts 1 to 10 guests", () => {
    expect(validateGuests({ guests: [spanishAdult()] }, es).ok).toBe(true);
    const ten = Array.from({ length: 10 }, () => spanishAdult());
    expect(validateGuests({ guests: ten }, es).ok).toBe(true);
  });

  test("refuses no guests and more than 10", () => {
    expect(messageFor2({ guests: [] }, es)).toBe(guestMessages.es.guestCountInvalid);
    const eleven = Array.from({ length: 11 }, () => spanishAdult());
    expect(messageFor2({ guests: eleven }, en)).toBe(guestMessages.en.guestCountInvalid);
  });

  test("refuses something that is not a submission", () => {
    expect(messageFor2(null, es)).toBe(guestMessages.es.invalidSubmission);
    expect(messageFor2("guests", es)).toBe(guestMessages.es.invalidSubmission);
    expect(messageFor2({ guests: "x" }, en)).toBe(guestMessages.en.invalidSubmission);
  });

  test("treats a guest that is not an object as an empty guest", () => {
    expect(messageFor2({ guests: [spanishAdult(), 42] }, es)).toBe("Huésped 2: Nombre *");
  });

  test("reads numbers sent by a JSON client and drops unknown keys", () => {
    const result = validateGuests(
      {
        guests: [{ ...spanishAdult(), phone: 600000000, addressPostalCode: 28001, isAdmin: true }],
      },
      es,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.guests[0].phone).toBe("600000000");
      expect(result.guests[0]).not.toHaveProperty("isAdmin");
    }
  });

  test("refuses a malformed check-in date as a programming error", () => {
    expect(() =>
      validateGuests({ guests: [spanishAdult()] }, { lang: "es", checkInDate: "01/08/2025" }),
    ).toThrow(RangeError);
  });

  test("the zod schema gives one issue per problem, with the spec's text, path and code", () => {
    const schema = createGuestsSubmissionSchema(es);
    const parsed = schema.safeParse({ guests: [spanishAdult({ sex: "X" }), spanishAdult({ givenName: "" })] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.issues).toHaveLength(2);
      expect(parsed.error.issues[0].message).toBe("Huésped 1: Sexo *");
      expect(parsed.error.issues[0].path).toEqual(["guests", 0, "sex"]);
      expect(parsed.error.issues[1]).toMatchObject({ message: "Huésped 2: Nombre *", path: ["guests", 1, "givenName"] });
    }
    const ok = schema.parse({ guests: [spanishAdult()] });
    expect(ok.guests[0].documentNumber).toBe("12345678Z");
  });
});

function messageFor2(input: unknown, options: GuestValidationOptions): string {
  const result = validateGuests(input, options);
  return result.ok ? "ok" : result.message;
}

describe("names", () => {
  test("are trimmed, stripped of markup and collapsed", () => {
    const guest = validGuest(
      spanishAdult({
        givenName: "  <b>María</b>\n\t José <script>alert(1)</script> ",
        firstSurname: "O'Brien & <i>Hijos</i>",
        secondSurname: "a > b < c",
      }),
    );
    // One sanitiser for every form (app/lib/text.ts): script content goes with its tags.
    expect(guest.givenName).toBe("María José");
    expect(guest.firstSurname).toBe("O'Brien & Hijos");
    expect(guest.secondSurname).toBe("a b c");
  });

  test("longer than the registry's 50 are refused as too long, never cut in silence", () => {
    // The ministry's XSD (tiposGenerales.xsd, string50Type) allows 50 for nombre, apellido1, apellido2.
    const surname = "Fernández de Córdoba y Pérez de Guzmán Ponce de León Aguilar"; // 61
    const result = validateGuests({ guests: [spanishAdult({ firstSurname: surname, secondSurname: "s".repeat(70) })] }, es);
    expect(result).toMatchObject({
      ok: false,
      message: "Huésped 1: Primer apellido *",
      issues: [
        { position: 1, field: "firstSurname", code: "tooLong", max: 50 },
        { position: 1, field: "secondSurname", code: "tooLong", max: 50 },
      ],
    });
    // Counted in characters, one outside the BMP (U+20BB7, a Japanese surname's 𠮷) as one:
    // exactly 50 passes untouched.
    const fifty = `${"𠮷".repeat(48)}ab`;
    expect(validGuest(spanishAdult({ givenName: fifty })).givenName).toBe(fifty);
    expect(validateGuests({ guests: [spanishAdult({ givenName: `${fifty}c` })] }, es)).toMatchObject({
      issues: [{ field: "givenName", code: "tooLong", max: 50 }],
    });
  });

  test("a name the signed register cannot print asks for the machine-readable zone's spelling", () => {
    // Greek, Cyrillic, Arabic, Hebrew and Chinese print (ADR 0013); Thai and Devanagari do not.
    // A Persian name keeps its zero-width non-joiner (U+200C) and still prints.
    for (const givenName of ["Αθηνά", "Анна", "فاطمة", "שרה", "王芳", "مهر\u200Cنوش"]) {
      expect(validGuest(spanishAdult({ givenName })).givenName).toBe(givenName);
    }
    const result = validateGuests({ guests: [spanishAdult({ givenName: "สมชาย", firstSurname: "शर्मा" })] }, es);
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { position: 1, field: "givenName", code: "scriptNotPrintable" },
        { position: 1, field: "firstSurname", code: "scriptNotPrintable" },
      ],
    });
    expect(guestMessages.es.issueText({ field: "givenName", code: "scriptNotPrintable" })).toContain("zona de lectura mecánica");
    // A typed signature is printed on the register too.
    expect(validGuest(spanishAdult({ signatureKind: "typed", signatureName: "王芳" })).signature).toMatchObject({ kind: "typed", name: "王芳" });
    expect(validateGuests({ guests: [spanishAdult({ signatureKind: "typed", signatureName: "สมชาย ใจดี" })] }, es)).toMatchObject({
      ok: false,
      issues: [{ position: 1, field: "signature", code: "scriptNotPrintable" }],
    });
  });

  test("bidirectional and zero-width characters never reach the stored name or signature", () => {
    const guest = validGuest(
      spanishAdult({
        givenName: "Lu​cía‮",
        firstSurname: "⁦Ejemplo⁩",
        secondSurname: "Fic‏ticia﻿",
        signatureKind: "typed",
        signatureName: "‮Lucía‍ Ejemplo",
      }),
    );
    expect([guest.givenName, guest.firstSurname, guest.secondSurname]).toEqual(["Lucía", "Ejemplo", "Ficticia"]);
    expect(guest.signature).toMatchObject({ kind: "typed", name: "Lucía Ejemplo" });
  });

  test("a name made only of markup is missing", () => {
    expect(messageFor(spanishAdult({ givenName: "<b></b>" }))).toBe("Huésped 1: Nombre *");
  });

  test("the second surname is optional except with a DNI", () => {
    expect(validGuest(foreignAdult()).secondSurname).toBeNull();
    expect(messageFor(spanishAdult({ secondSurname: "  " }))).toBe("Huésped 1: Segundo apellido *");
    const nie = validGuest(
      spanishAdult({ documentType: "NIE", documentNumber: "X1234567L", secondSurname: "" }),
    );
    expect(nie.secondSurname).toBeNull();
  });

  test("full name joins the parts that exist", () => {
    expect(
      guestFullName({ givenName: "Lucía", firstSurname: "Ejemplo", secondSurname: "Ficticia" }),
    ).toBe("Lucía Ejemplo Ficticia");
    expect(guestFullName({ givenName: "Tom", firstSurname: "Sample", secondSurname: null })).toBe(
      "Tom Sample",
    );
  });
});

describe("sex", () => {
  test("takes H, M or O in any case", () => {
    expect(validGuest(spanishAdult({ sex: "o" })).sex).toBe("O");
    expect(messageFor(spanishAdult({ sex: "X" }))).toBe("Huésped 1: Sexo *");
    expect(messageFor(spanishAdult({ sex: "" }), en)).toBe("Guest 1: Sex *");
  });
});

describe("documents", () => {
  test("map the offered types case-insensitively and refuse others", () => {
    expect(validGuest(foreignAdult({ documentType: "pasaporte" })).documentType).toBe("Pasaporte");
    expect(messageFor(foreignAdult({ documentType: "PASSPORT" }))).toBe(
      "Huésped 1: Tipo de documento *",
    );
    expect(
      validGuest(foreignAdult({ documentType: "Otro", documentNumber: "id-123 456" }))
        .documentNumber,
    ).toBe("ID123456");
  });

  test("a DNI is only for Spanish nationals", () => {
    expect(messageFor(spanishAdult({ nationality: "FRA" }))).toBe("Huésped 1: Tipo de documento *");
    expect(messageFor(spanishAdult({ nationality: "FRA" }), en)).toBe("Guest 1: Document type *");
    const french = { nationality: "FRA", documentType: "Otro", documentNumber: "FR1234567" };
    expect(validGuest(spanishAdult(french)).documentType).toBe("Otro");
    // An unknown nationality is reported at its own rule, after the document.
    expect(messageFor(spanishAdult({ nationality: "" }))).toBe("Huésped 1: Nacionalidad *");
  });

  test("DNI and NIE numbers need their check letter", () => {
    expect(validGuest(spanishAdult({ documentNumber: "12345678-z" })).documentNumber).toBe(
      "12345678Z",
    );
    expect(messageFor(spanishAdult({ documentNumber: "12345679Z" }))).toBe(
      "Huésped 1: Número de documento *",
    );
    expect(messageFor(spanishAdult({ documentNumber: "X1234567L" }))).toBe(
      "Huésped 1: Número de documento *",
    );
    const nie = { documentType: "NIE", documentNumber: "Y0000000Z" };
    expect(validGuest(spanishAdult(nie)).documentNumber).toBe("Y0000000Z");
    expect(messageFor(spanishAdult({ ...nie, documentNumber: "Y0000000T" }))).toBe(
      "Huésped 1: Número de documento *",
    );
  });

  test("passports and other documents take 3 to 15 letters and digits", () => {
    expect(messageFor(foreignAdult({ documentNumber: "AB" }))).toBe(
      "Huésped 1: Número de documento *",
    );
    expect(validGuest(foreignAdult({ documentNumber: "AB1234567890123" })).documentNumber).toBe(
      "AB1234567890123",
    );
    expect(messageFor(foreignAdult({ documentNumber: "AB12345678901234" }))).toBe(
      "Huésped 1: Número de documento *",
    );
    expect(messageFor(foreignAdult({ documentNumber: "AB/123" }))).toBe(
      "Huésped 1: Número de documento *",
    );
  });

  test("support number is required for DNI and NIE, at most 9 letters and digits", () => {
    expect(messageFor(spanishAdult({ documentSupport: "" }))).toBe(
      "Huésped 1: Número de soporte *",
    );
    expect(messageFor(spanishAdult({ documentSupport: "ABC1234567" }), en)).toBe(
      "Guest 1: Document serial number (número de soporte) *",
    );
    expect(validGuest(spanishAdult({ documentSupport: "abc-123 456" })).documentSupport).toBe(
      "ABC123456",
    );
    expect(
      messageFor(
        spanishAdult({ documentType: "NIE", documentNumber: "X1234567L", documentSupport: "" }),
      ),
    ).toBe("Huésped 1: Número de soporte *");
  });

  test("support number is dropped for passports", () => {
    expect(validGuest(foreignAdult({ documentSupport: "E12345678" })).documentSupport).toBeNull();
  });

  test("adults need a document on the check-in date; minors may go without", () => {
    // 18 on the day of check-in: adult.
    expect(messageFor(minor({ birthDate: "2007-08-01" }))).toBe("Huésped 1: Tipo de documento *");
    // 18 the day after check-in: still a minor.
    const child = validGuest(minor({ birthDate: "2007-08-02" }));
    expect(child).toMatchObject({
      documentType: null,
      documentNumber: null,
      documentSupport: null,
    });
  });

  test("without a valid birth date the guest is treated as an adult", () => {
    expect(messageFor(minor({ birthDate: "" }))).toBe("Huésped 1: Tipo de documento *");
  });

  test("a number without a type is refused, even for a minor", () => {
    expect(messageFor(minor({ documentNumber: "X0000000" }))).toBe(
      "Huésped 1: Tipo de documento *",
    );
  });

  test("a minor who gives a document is checked like anyone else", () => {
    expect(messageFor(minor({ documentType: "DNI", documentNumber: "12345678Z" }))).toBe(
      "Huésped 1: Número de soporte *",
    );
  });
});

describe("birth date", () => {
  test("must be a real date between 1900-01-01 and today", () => {
    expect(validGuest(spanishAdult({ birthDate: "1900-01-01" })).birthDate).toBe("1900-01-01");
    expect(messageFor(spanishAdult({ birthDate: "1899-12-31" }))).toBe(
      "Huésped 1: Fecha de nacimiento *",
    );
    const born = validateGuests({ guests: [spanishAdult(), minor({ birthDate: TODAY, signedBy: "1" })] }, es);
    expect(born.ok && born.guests[1].birthDate).toBe(TODAY);
    expect(messageFor(spanishAdult({ birthDate: "2025-07-21" }))).toBe(
      "Huésped 1: Fecha de nacimiento *",
    );
    expect(messageFor(spanishAdult({ birthDate: "20/03/1985" }))).toBe(
      "Huésped 1: Fecha de nacimiento *",
    );
  });

  test("today defaults to Spain's calendar date", () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const result = validateGuests(
      { guests: [spanishAdult({ birthDate: tomorrow })] },
      { lang: "es", checkInDate: CHECK_IN },
    );
    expect(result).toMatchObject({ ok: false, message: "Huésped 1: Fecha de nacimiento *" });
  });
});

describe("nationality and countries", () => {
  test("take ISO alpha-3 codes from the list, in any case", () => {
    expect(validGuest(foreignAdult({ nationality: "fra" })).nationality).toBe("FRA");
    expect(messageFor(spanishAdult({ nationality: "XKX" }))).toBe("Huésped 1: Nacionalidad *");
    expect(messageFor(spanishAdult({ nationality: "ES" }))).toBe("Huésped 1: Nacionalidad *");
    expect(messageFor(foreignAdult({ addressCountry: "UK" }))).toBe("Huésped 1: País *");
  });
});

describe("contact", () => {
  test("either phone or email is enough", () => {
    const phoneOnly = validGuest(spanishAdult({ email: "" }));
    expect(phoneOnly).toMatchObject({ phone: "+34 600 000 000", email: null });
    const emailOnly = validGuest(spanishAdult({ phone: "" }));
    expect(emailOnly).toMatchObject({ phone: null, email: "lucia@example.com" });
    expect(messageFor(spanishAdult({ phone: " ", email: "" }), en)).toBe(
      "Guest 1: Phone or email *",
    );
  });

  test("phone: 6 to 20 characters of digits, spaces, + - ( )", () => {
    expect(validGuest(spanishAdult({ phone: "+34 (600) 000-000" })).phone).toBe(
      "+34 (600) 000-000",
    );
    expect(validGuest(spanishAdult({ phone: "600  000\t000" })).phone).toBe("600 000 000");
    expect(messageFor(spanishAdult({ phone: "12345" }))).toBe("Huésped 1: Teléfono *");
    expect(messageFor(spanishAdult({ phone: "+34 600 000 000 00000" }))).toBe(
      "Huésped 1: Teléfono *",
    );
    expect(messageFor(spanishAdult({ phone: "tel 600000000" }))).toBe("Huésped 1: Teléfono *");
    expect(messageFor(spanishAdult({ phone: "+ (1) - 2" }))).toBe("Huésped 1: Teléfono *");
  });

  test("email must be valid for the registry too, and is lower-cased", () => {
    expect(validGuest(spanishAdult({ email: " Lucia.O'Neil@Example.COM " })).email).toBe(
      "lucia.o'neil@example.com",
    );
    expect(messageFor(spanishAdult({ email: "lucia@localhost" }))).toBe("Huésped 1: Email *");
    expect(messageFor(spanishAdult({ email: "<lucia@example.com>" }))).toBe("Huésped 1: Email *");
    expect(messageFor(spanishAdult({ email: `${"a".repeat(240)}@example.com` }))).toBe(
      "Huésped 1: Email *",
    );
  });
});

describe("Spanish address", () => {
  test("needs province, municipality of that province and a 5-digit postal code", () => {
    expect(messageFor(spanishAdult({ addressStreet: "<br>" }))).toBe("Huésped 1: Dirección *");
    expect(messageFor(spanishAdult({ addressProvince: "53" }))).toBe("Huésped 1: Provincia *");
    expect(messageFor(spanishAdult({ addressProvince: "8" }))).toBe("Huésped 1: Provincia *");
    expect(messageFor(spanishAdult({ addressMunicipalityCode: "2807" }))).toBe(
      "Huésped 1: Municipio *",
    );
    expect(messageFor(spanishAdult({ addressMunicipalityCode: "08019" }))).toBe(
      "Huésped 1: Municipio *",
    );
    expect(messageFor(spanishAdult({ addressPostalCode: "2800" }))).toBe(
      "Huésped 1: Código postal *",
    );
    expect(messageFor(spanishAdult({ addressPostalCode: "28001-A" }))).toBe(
      "Huésped 1: Código postal *",
    );
  });

  test("does not require the postal code to share the province prefix", () => {
    // Condado de Treviño (Burgos, 09) uses Álava's postal codes.
    const trevino = validGuest(
      spanishAdult({
        addressProvince: "09",
        addressMunicipalityCode: "09109",
        addressPostalCode: "01 118",
      }),
    );
    expect(trevino).toMatchObject({ addressPostalCode: "01118", addressProvince: "09" });
  });

  test("asks the caller whether the municipality exists, in rule order", () => {
    const known = new Set(["28079"]);
    const options = { ...es, municipalityExists: (code: string) => known.has(code) };
    expect(messageFor(spanishAdult(), options)).toBe("ok");
    expect(messageFor(spanishAdult({ addressMunicipalityCode: "28999" }), options)).toBe(
      "Huésped 1: Municipio *",
    );
    expect(
      messageFor(
        spanishAdult({ addressMunicipalityCode: "28999", addressPostalCode: "" }),
        options,
      ),
    ).toBe("Huésped 1: Municipio *");
  });

  test("keeps the codes and leaves the name to the INE lookup", () => {
    const guest = validGuest(spanishAdult({ addressMunicipalityName: "Anything typed" }));
    expect(guest).toMatchObject({
      addressCountry: "ESP",
      addressProvince: "28",
      addressMunicipalityCode: "28079",
      addressMunicipalityName: null,
      addressPostalCode: "28001",
    });
  });
});

describe("foreign address", () => {
  test("takes a free city, optional region and any short postal code", () => {
    const guest = validGuest(
      foreignAdult({
        addressProvince: " County <b>Dublin</b> ",
        addressMunicipalityCode: "28079",
        addressPostalCode: "d02 xy00",
      }),
    );
    expect(guest).toMatchObject({
      addressProvince: "County Dublin",
      addressMunicipalityCode: null,
      addressMunicipalityName: "Dublin",
      addressPostalCode: "D02 XY00",
    });
    expect(validGuest(foreignAdult({ addressProvince: "" })).addressProvince).toBeNull();
  });

  test("postal code is required and at most 20 characters", () => {
    expect(messageFor(foreignAdult({ addressPostalCode: " " }))).toBe("Huésped 1: Código postal *");
    expect(messageFor(foreignAdult({ addressPostalCode: "1".repeat(21) }))).toBe(
      "Huésped 1: Código postal *",
    );
    expect(
      validGuest(foreignAdult({ addressPostalCode: "1".repeat(20) })).addressPostalCode,
    ).toHaveLength(20);
  });

  test("street and city over 100 characters are refused as too long", () => {
    const result = validateGuests(
      { guests: [foreignAdult({ addressStreet: "s".repeat(150), addressMunicipalityName: "c".repeat(101) })] },
      es,
    );
    expect(result).toMatchObject({
      issues: [
        { field: "addressStreet", code: "tooLong", max: 100 },
        { field: "addressCity", code: "tooLong", max: 100 },
      ],
    });
    expect(validGuest(foreignAdult({ addressStreet: "s".repeat(100) })).addressStreet).toHaveLength(100);
  });
});

describe("kinship", () => {
  test("is required for minors and must be one of the 15 codes", () => {
    expect(validGuest(minor({ kinship: "hj" })).kinship).toBe("HJ");
    expect(messageFor(minor({ kinship: "HIJO" }))).toBe("Huésped 1: Parentesco *");
    expect(messageFor(minor({ kinship: "CU" }))).toBe("Huésped 1: Parentesco *");
  });

  test("is not stored for adults", () => {
    expect(validGuest(spanishAdult({ kinship: "PM" })).kinship).toBeNull();
  });
});

describe("what each message says is wrong", () => {
  const codeOf = (guest: Partial<GuestFormValues>, field: string) => {
    const result = validateGuests({ guests: [guest] }, es);
    return result.ok ? "ok" : result.issues.find((issue) => issue.field === field)?.code;
  };
  test("DNI and NIE: missing, malformed, or a check letter that does not match the number", () => {
    expect(codeOf(spanishAdult({ documentNumber: "" }), "documentNumber")).toBe("required");
    expect(codeOf(spanishAdult({ documentNumber: "1234" }), "documentNumber")).toBe("invalid");
    expect(codeOf(spanishAdult({ documentNumber: "12345678A" }), "documentNumber")).toBe("checkLetter");
    expect(codeOf(nieAdult({ documentNumber: "X1234567A" }), "documentNumber")).toBe("checkLetter");
    expect(codeOf(spanishAdult({ nationality: "FRA" }), "documentType")).toBe("dniNotSpanish");
  });
  test("dates, support number, postal code, signer", () => {
    expect(codeOf(spanishAdult({ birthDate: "" }), "birthDate")).toBe("required");
    expect(codeOf(spanishAdult({ birthDate: "1985-02-30" }), "birthDate")).toBe("invalid");
    expect(codeOf(spanishAdult({ birthDate: "2025-07-21" }), "birthDate")).toBe("futureDate");
    expect(codeOf(spanishAdult({ birthDate: "1899-12-31" }), "birthDate")).toBe("tooOld");
    expect(codeOf(spanishAdult({ documentSupport: "" }), "documentSupport")).toBe("required");
    expect(codeOf(spanishAdult({ documentSupport: "ABC-12/3" }), "documentSupport")).toBe("invalid");
    expect(codeOf(spanishAdult({ documentSupport: "ABC1234567" }), "documentSupport")).toBe("tooLong");
    expect(codeOf(spanishAdult({ addressPostalCode: "2800" }), "addressPostalCode")).toBe("postalCodeDigits");
    expect(codeOf(spanishAdult({ addressProvince: "08" }), "addressMunicipality")).toBe("municipalityNotInProvince");
  });
});

describe("text helpers", () => {
  test("sanitizeText removes characters XML cannot carry", () => {
    expect(sanitizeText("a\u0000b\u0007c\uFFFEd\uD800e")).toBe("abcde");
    expect(sanitizeText("x\uD83D\uDE00y")).toBe("x😀y");
  });

  test("sanitizeText composes accents so limits count letters", () => {
    expect(sanitizeText("Jose\u0301")).toBe("José");
    expect(Array.from(sanitizeText("Jose\u0301"))).toHaveLength(4);
  });

  test("truncateChars never splits a surrogate pair and trims the cut", () => {
    expect(truncateChars("ab😀c", 3)).toBe("ab😀");
    expect(truncateChars("abc def", 4)).toBe("abc");
  });
});

describe("signature (RD 933/2021)", () => {
  // 1x1 transparent PNG.
  const PNG =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

  test("a guest of 14 or more signs, drawn or typed; nothing else counts", () => {
    expect(messageFor(spanishAdult({ signatureKind: "", signatureName: "" }))).toBe("Huésped 1: Firma *");
    expect(messageFor(spanishAdult({ signatureKind: "typed", signatureName: "  " }))).toBe("Huésped 1: Firma *");
    expect(messageFor(spanishAdult({ signatureKind: "drawn", signatureImage: "" }))).toBe("Huésped 1: Firma *");
    expect(messageFor(spanishAdult({ signatureKind: "scanned", signatureImage: PNG }))).toBe("Huésped 1: Firma *");
    expect(messageFor(spanishAdult({ signatureKind: "" }), en)).toBe("Guest 1: Signature *");
    expect(validGuest(spanishAdult({ signatureKind: "drawn", signatureImage: PNG })).signature).toEqual({
      kind: "drawn",
      image: PNG,
      signedBy: null,
    });
    expect(validGuest(spanishAdult({ signatureName: " Lucía  <b>Ejemplo</b> " })).signature).toEqual({
      kind: "typed",
      name: "Lucía Ejemplo",
      signedBy: null,
    });
  });

  test("a drawn signature must be a PNG data URL within the size cap", () => {
    const gif = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
    const notPng = `data:image/png;base64,${btoa("not a png at all, just text padding it out")}`;
    const huge = `data:image/png;base64,${PNG.slice(22)}${"A".repeat(200_000)}`;
    for (const image of [gif, notPng, huge, "data:image/png;base64,%%%", "javascript:alert(1)"]) {
      expect(messageFor(spanishAdult({ signatureKind: "drawn", signatureImage: image }))).toBe("Huésped 1: Firma *");
    }
  });

  test("a guest under 14 is signed for by an adult of the group, never by themselves or another child", () => {
    const child = minor({ birthDate: "2017-05-09" });
    const group = (...guests: GuestFormValues[]) => validateGuests({ guests }, es);
    expect(group(spanishAdult(), child)).toMatchObject({ ok: false, message: "Huésped 2: Adulto que firma *" });
    expect(group(spanishAdult(), { ...child, signedBy: "2" })).toMatchObject({ ok: false, message: "Huésped 2: Adulto que firma *" });
    expect(group(spanishAdult(), { ...child, signedBy: "3" }, { ...child, signedBy: "1" })).toMatchObject({
      ok: false,
      message: "Huésped 2: Adulto que firma *",
    });
    // 15 years old: a minor, but not an adult who may sign for someone else.
    expect(group(minor(), { ...child, signedBy: "1" })).toMatchObject({ ok: false, message: "Huésped 2: Adulto que firma *" });
    expect(validateGuests({ guests: [spanishAdult(), child] }, en)).toMatchObject({ message: "Guest 2: Signing adult *" });
    const signed = group(spanishAdult(), { ...child, signedBy: "1", signatureName: "Lucía Ejemplo" });
    expect(signed.ok && signed.guests[1].signature).toEqual({ kind: "typed", name: "Lucía Ejemplo", signedBy: 1 });
    // Still a signature is needed: the adult's, on the child's line.
    expect(group(spanishAdult(), { ...child, signedBy: "1", signatureKind: "" })).toMatchObject({ message: "Huésped 2: Firma *" });
  });

  test("guests of 14 to 17 sign for themselves, and signedBy is ignored for them", () => {
    const teen = validateGuests({ guests: [spanishAdult(), minor({ birthDate: "2011-08-01", signedBy: "1" })] }, es);
    expect(teen.ok && teen.guests[1].signature.signedBy).toBeNull();
  });
});
