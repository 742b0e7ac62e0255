import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { cleanLine, sanitizeUnicode } from "#app/lib/text.ts";
import { canPrintName, scriptOf } from "#app/modules/guests/pdf-scripts.ts";
import { validateGuests, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import {
  ALTA_PARTE_HOSPEDAJE_NAMESPACE,
  PoliceXmlInputError,
  buildAltaParteHospedaje,
  canExportPoliceXml,
  policeXmlFileName,
  registryDateTime,
  utcOffsetAt,
  type AltaParteHospedajeInput,
  type PoliceXmlGuest,
  type PoliceXmlProperty,
  type PoliceXmlReservation,
} from "#app/modules/guests/police-xml.ts";
import { COUNTRIES, KINSHIP_CODES, PAYMENT_TYPES } from "#app/modules/guests/ses-codes.ts";
import {
  validateAgainstXsd,
  validateManyAgainstXsd,
} from "#app/modules/guests/xsd-validate.server.ts";

// ---------------------------------------------------------------- fixtures

const property: PoliceXmlProperty = {
  name: "Ático Sol & Mar",
  establishmentCode: "0000012345",
  internetAvailable: true,
  timeZone: "Europe/Madrid",
};

const reservation: PoliceXmlReservation = {
  reference: "aB3dE5fG7hJ9kL1mN3pQ5r",
  contractDate: "2025-06-15",
  checkIn: "2025-08-01",
  checkOut: "2025-08-04",
  rooms: 2,
  paymentType: "TARJT",
};

const dniAdult: PoliceXmlGuest = {
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
  addressMunicipalityCode: "28079",
  addressMunicipalityName: "Madrid",
  addressPostalCode: "28001",
  kinship: null,
};

const nieAdult: PoliceXmlGuest = {
  ...dniAdult,
  givenName: "Ana",
  firstSurname: "Popescu",
  secondSurname: null,
  nationality: "ROU",
  documentType: "NIE",
  documentNumber: "X1234567L",
  documentSupport: "E12345678",
  email: null,
};

const passportForeign: PoliceXmlGuest = {
  givenName: "Tom",
  firstSurname: "Sample",
  secondSurname: null,
  sex: "H",
  birthDate: "1983-11-02",
  nationality: "IRL",
  documentType: "Pasaporte",
  documentNumber: "X0000000",
  documentSupport: null,
  phone: null,
  email: "tom@example.com",
  addressStreet: "1 Example Street",
  addressCountry: "IRL",
  addressMunicipalityCode: null,
  addressMunicipalityName: "Dublin",
  addressPostalCode: "D02 XY00",
  kinship: null,
};

const otherDocumentForeign: PoliceXmlGuest = {
  ...passportForeign,
  givenName: "Jeanne",
  firstSurname: "Exemple",
  sex: "O",
  nationality: "FRA",
  documentType: "Otro",
  documentNumber: "FR1234567",
  addressStreet: "12 rue de l'Exemple",
  addressCountry: "FRA",
  addressMunicipalityName: "Lyon",
  addressPostalCode: "69001",
};

const minorWithKinship: PoliceXmlGuest = {
  ...dniAdult,
  givenName: "Pablo",
  sex: "H",
  birthDate: "2017-05-09",
  documentType: null,
  documentNumber: null,
  documentSupport: null,
  email: null,
  kinship: "HJ",
};

function build(guests: PoliceXmlGuest[], overrides: Partial<AltaParteHospedajeInput> = {}): string {
  return buildAltaParteHospedaje({ property, reservation, guests, ...overrides });
}

function elementText(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((match) => match[1]);
}

function personaBlocks(xml: string): string[] {
  return [...xml.matchAll(/<persona>[\s\S]*?<\/persona>/g)].map((match) => match[0]);
}

function tagSequence(fragment: string): string[] {
  return [...fragment.matchAll(/<([A-Za-z0-9]+)>/g)].map((match) => match[1]);
}

function unescapeXml(value: string): string {
  const entities: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
  return value.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => entities[name]);
}

// ---------------------------------------------------------------- time zones

describe("UTC offsets", () => {
  test("are the real offsets of mainland Spain and the Canaries", () => {
    expect(utcOffsetAt("2025-01-15", "00:00:00", "Europe/Madrid")).toBe("+01:00");
    expect(utcOffsetAt("2025-07-15", "00:00:00", "Europe/Madrid")).toBe("+02:00");
    expect(utcOffsetAt("2025-01-15", "00:00:00", "Atlantic/Canary")).toBe("+00:00");
    expect(utcOffsetAt("2025-07-15", "00:00:00", "Atlantic/Canary")).toBe("+01:00");
  });

  test("follow the change days (last Sunday of March and of October)", () => {
    expect(utcOffsetAt("2025-03-30", "00:00:00", "Europe/Madrid")).toBe("+01:00");
    expect(utcOffsetAt("2025-03-30", "12:00:00", "Europe/Madrid")).toBe("+02:00");
    expect(utcOffsetAt("2025-03-31", "00:00:00", "Europe/Madrid")).toBe("+02:00");
    expect(utcOffsetAt("2025-10-26", "00:00:00", "Europe/Madrid")).toBe("+02:00");
    expect(utcOffsetAt("2025-10-26", "12:00:00", "Europe/Madrid")).toBe("+01:00");
    expect(utcOffsetAt("2025-10-27", "00:00:00", "Atlantic/Canary")).toBe("+00:00");
    expect(utcOffsetAt("2026-03-29", "12:00:00", "Atlantic/Canary")).toBe("+01:00");
  });

  test("come from the time-zone database, not from a Spanish table", () => {
    expect(utcOffsetAt("2025-01-15", "00:00:00", "America/New_York")).toBe("-05:00");
    expect(utcOffsetAt("2025-01-15", "00:00:00", "Asia/Kolkata")).toBe("+05:30");
  });

  test("stay dates are sent at the start of the local day without an offset, as production clients do", () => {
    expect(registryDateTime("2025-08-01")).toBe("2025-08-01T00:00:00");
    expect(registryDateTime("2025-12-20")).toBe("2025-12-20T00:00:00");
    expect(() => registryDateTime("2025-8-1")).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------- document structure

describe("buildAltaParteHospedaje", () => {
  const family = build([
    dniAdult,
    nieAdult,
    passportForeign,
    minorWithKinship,
    otherDocumentForeign,
  ]);

  test("prefixes only the root and declares UTF-8", () => {
    expect(family.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(family).toContain(`<alt:peticion xmlns:alt="${ALTA_PARTE_HOSPEDAJE_NAMESPACE}">`);
    expect(family.trimEnd().endsWith("</alt:peticion>")).toBe(true);
    expect(family).not.toMatch(/xmlns="/);
    expect(family.match(/<\w+:/g)).toEqual(["<alt:"]);
  });

  test("writes the contract in schema order, counting the persons it sends", () => {
    const contract = /<contrato>[\s\S]*<\/contrato>/.exec(family)?.[0] ?? "";
    expect(tagSequence(contract)).toEqual([
      "contrato",
      "referencia",
      "fechaContrato",
      "fechaEntrada",
      "fechaSalida",
      "numPersonas",
      "numHabitaciones",
      "internet",
      "pago",
      "tipoPago",
    ]);
    expect(elementText(family, "codigoEstablecimiento")).toEqual(["0000012345"]);
    expect(elementText(family, "referencia")).toEqual(["aB3dE5fG7hJ9kL1mN3pQ5r"]);
    expect(elementText(family, "fechaContrato")).toEqual(["2025-06-15"]);
    expect(elementText(family, "fechaEntrada")).toEqual(["2025-08-01T00:00:00"]);
    expect(elementText(family, "fechaSalida")).toEqual(["2025-08-04T00:00:00"]);
    expect(elementText(family, "numPersonas")).toEqual(["5"]);
    expect(personaBlocks(family)).toHaveLength(5);
    expect(elementText(family, "numHabitaciones")).toEqual(["2"]);
    expect(elementText(family, "internet")).toEqual(["true"]);
    expect(elementText(family, "tipoPago")).toEqual(["TARJT"]);
    expect(build([dniAdult], { property: { ...property, internetAvailable: false } })).toContain(
      "<internet>false</internet>",
    );
  });

  test("writes a full person in schema order", () => {
    expect(tagSequence(personaBlocks(family)[0])).toEqual([
      "persona",
      "rol",
      "nombre",
      "apellido1",
      "apellido2",
      "tipoDocumento",
      "numeroDocumento",
      "soporteDocumento",
      "fechaNacimiento",
      "nacionalidad",
      "sexo",
      "direccion",
      "direccion",
      "codigoMunicipio",
      "codigoPostal",
      "pais",
      "telefono",
      "correo",
    ]);
  });

  test("every person is a traveller with the real sex", () => {
    expect(elementText(family, "rol")).toEqual(["VI", "VI", "VI", "VI", "VI"]);
    expect(elementText(family, "sexo")).toEqual(["M", "M", "H", "H", "O"]);
  });

  test("maps documents to the official codes", () => {
    expect(elementText(family, "tipoDocumento")).toEqual(["NIF", "NIE", "PAS", "OTRO"]);
    expect(elementText(family, "numeroDocumento")).toEqual([
      "12345678Z",
      "X1234567L",
      "X0000000",
      "FR1234567",
    ]);
    expect(elementText(family, "soporteDocumento")).toEqual(["ABC123456", "E12345678"]);
  });

  test("leaves out what a person does not have, never writing empty elements", () => {
    const [, nie, passport, child] = personaBlocks(family);
    expect(nie).not.toContain("<apellido2>");
    expect(nie).not.toContain("<correo>");
    expect(passport).not.toContain("<soporteDocumento>");
    expect(passport).not.toContain("<telefono>");
    expect(child).not.toContain("<tipoDocumento>");
    expect(child).not.toContain("<numeroDocumento>");
    expect(family).not.toMatch(/<(\w+)><\/\1>/);
    expect(family).not.toMatch(/<\w+\/>/);
  });

  test("uses the INE code in Spain and the city name elsewhere", () => {
    const [spanish, , foreign] = personaBlocks(family);
    expect(elementText(spanish, "codigoMunicipio")).toEqual(["28079"]);
    expect(spanish).not.toContain("<nombreMunicipio>");
    expect(elementText(foreign, "nombreMunicipio")).toEqual(["Dublin"]);
    expect(foreign).not.toContain("<codigoMunicipio>");
    expect(elementText(foreign, "pais")).toEqual(["IRL"]);
  });

  test("sends the relationship for minors only", () => {
    expect(elementText(family, "parentesco")).toEqual(["HJ"]);
    expect(personaBlocks(family)[3]).toContain("<parentesco>HJ</parentesco>");
    const adultWithKinship = build([{ ...dniAdult, kinship: "PM" }]);
    expect(adultWithKinship).not.toContain("<parentesco>");
  });

  test("escapes the five XML special characters", () => {
    const xml = build([
      {
        ...dniAdult,
        givenName: `Ana "la" <Jefa>`,
        firstSurname: "O'Brien & Co",
        addressStreet: "Calle <Mayor> & 'Sol'",
      },
    ]);
    expect(elementText(xml, "nombre")).toEqual(["Ana &quot;la&quot; &lt;Jefa&gt;"]);
    expect(elementText(xml, "apellido1")).toEqual(["O&apos;Brien &amp; Co"]);
    expect(xml).toContain("<direccion>Calle &lt;Mayor&gt; &amp; &apos;Sol&apos;</direccion>");
  });

  test("collapses whitespace, then cuts to the schema limits", () => {
    const xml = build([
      {
        ...passportForeign,
        givenName: `  ${"Ñ".repeat(30)}   \n\t ${"😀".repeat(30)}  `,
        addressStreet: "x".repeat(150),
        addressMunicipalityName: "y  ".repeat(60),
        addressPostalCode: "1234567890 1234567890 123",
        phone: "+44 20 0000 0000 0000 0000",
      },
    ]);
    const [nombre] = elementText(xml, "nombre");
    expect(Array.from(nombre)).toHaveLength(50);
    expect(nombre).toBe(`${"Ñ".repeat(30)} ${"😀".repeat(19)}`);
    expect(elementText(xml, "direccion")[0]).toHaveLength(100);
    expect(elementText(xml, "nombreMunicipio")[0]).toBe("y ".repeat(50).trimEnd());
    expect(elementText(xml, "codigoPostal")[0]).toBe("1234567890 123456789");
    expect(elementText(xml, "telefono")[0]).toBe("+44 20 0000 0000 000");
  });

  test("drops characters XML cannot carry", () => {
    const xml = build([{ ...dniAdult, givenName: "Lu\u0000cí\u0007a\uD800" }]);
    expect(elementText(xml, "nombre")).toEqual(["Lucía"]);
  });

  test("drops bidirectional and zero-width characters a row stored before the form sanitiser may hold", () => {
    const xml = build([{ ...dniAdult, givenName: "Lu\u202Ecía\u200B", firstSurname: "\u2066Ejemplo\u2069\u200F" }]);
    expect(elementText(xml, "nombre")).toEqual(["Lucía"]);
    expect(elementText(xml, "apellido1")).toEqual(["Ejemplo"]);
  });

  test("is deterministic", () => {
    expect(build([dniAdult, minorWithKinship])).toBe(build([dniAdult, minorWithKinship]));
  });
});

describe("buildAltaParteHospedaje refuses data the registry would reject", () => {
  const cases: [string, () => string, RegExp][] = [
    ["no guests", () => build([]), /No hay huéspedes/],
    [
      "an adult without document",
      () => build([{ ...dniAdult, documentType: null, documentNumber: null }]),
      /Huésped 1: falta el documento/,
    ],
    [
      "an unknown document type",
      () => build([{ ...dniAdult, documentType: "PASSPORT" }]),
      /tipo de documento desconocido/,
    ],
    [
      "a DNI with a wrong letter",
      () => build([{ ...dniAdult, documentNumber: "12345678A" }]),
      /número de documento/,
    ],
    [
      "a passport number over 15",
      () => build([{ ...passportForeign, documentNumber: "A".repeat(16) }]),
      /número de documento/,
    ],
    [
      "a DNI without support number",
      () => build([{ ...dniAdult, documentSupport: null }]),
      /soporte/,
    ],
    [
      "a NIE with a 10-character support",
      () => build([{ ...nieAdult, documentSupport: "E123456789" }]),
      /soporte/,
    ],
    [
      "a DNI without second surname",
      () => build([{ ...dniAdult, secondSurname: " " }]),
      /segundo apellido/,
    ],
    ["a missing given name", () => build([{ ...dniAdult, givenName: " \n " }]), /nombre/],
    [
      "a Spanish address without INE code",
      () => build([{ ...dniAdult, addressMunicipalityCode: "" }]),
      /INE/,
    ],
    [
      "a 6-digit INE code (never cut to 5)",
      () => build([{ ...dniAdult, addressMunicipalityCode: "280791" }]),
      /INE/,
    ],
    [
      "a foreign address without city",
      () => build([{ ...passportForeign, addressMunicipalityName: null }]),
      /ciudad/,
    ],
    ["a two-letter country", () => build([{ ...passportForeign, addressCountry: "IE" }]), /país/],
    [
      "no phone and no email",
      () => build([{ ...dniAdult, phone: null, email: " " }]),
      /teléfono o un email/,
    ],
    ["an email the schema refuses", () => build([{ ...dniAdult, email: "a@localhost" }]), /email/],
    [
      "a minor without relationship",
      () => build([{ ...minorWithKinship, kinship: null }]),
      /parentesco/,
    ],
    [
      "a minor with an unofficial relationship",
      () => build([{ ...minorWithKinship, kinship: "HIJO" }]),
      /parentesco/,
    ],
    ["an unknown sex", () => build([{ ...dniAdult, sex: "X" }]), /sexo/],
    [
      "a malformed birth date",
      () => build([{ ...dniAdult, birthDate: "20/03/1985" }]),
      /fecha de nacimiento/,
    ],
    [
      "an establishment code over 10",
      () => build([dniAdult], { property: { ...property, establishmentCode: "12345678901" } }),
      /establecimiento/,
    ],
    [
      "an empty establishment code",
      () => build([dniAdult], { property: { ...property, establishmentCode: " " } }),
      /establecimiento/,
    ],
    [
      "an unsupported time zone",
      () =>
        build([dniAdult], {
          property: { ...property, timeZone: "Europe/London" as "Europe/Madrid" },
        }),
      /Zona horaria/,
    ],
    [
      "check-out before check-in",
      () => build([dniAdult], { reservation: { ...reservation, checkOut: "2025-07-31" } }),
      /salida/,
    ],
    [
      "zero rooms",
      () => build([dniAdult], { reservation: { ...reservation, rooms: 0 } }),
      /habitaciones/,
    ],
    [
      "an unofficial payment type",
      () => build([dniAdult], { reservation: { ...reservation, paymentType: "CARD" } }),
      /Tipo de pago/,
    ],
  ];

  test.each(cases)("%s", (_, run, message) => {
    expect(run).toThrow(PoliceXmlInputError);
    expect(run).toThrow(message);
  });

  test("names the guest at fault", () => {
    expect(() => build([dniAdult, passportForeign, { ...dniAdult, documentSupport: "" }])).toThrow(
      /^Huésped 3:/,
    );
  });
});

// ---------------------------------------------------------------- against the official XSD

describe("official XSD", () => {
  test.each([
    ["a Spanish adult with DNI", () => build([dniAdult])],
    ["a NIE holder without second surname or email", () => build([nieAdult])],
    ["a passport holder", () => build([passportForeign])],
    ["a minor with relationship and an adult", () => build([dniAdult, minorWithKinship])],
    ["a foreign address with another document", () => build([otherDocumentForeign])],
    [
      "the whole family",
      () => build([dniAdult, nieAdult, passportForeign, minorWithKinship, otherDocumentForeign]),
    ],
  ])("accepts %s", async (_, make) => {
    const result = await validateAgainstXsd(make());
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test("a winter stay in the Canaries and on the mainland, and a summer one, all carry the local day without offset", async () => {
    const winter = {
      ...reservation,
      contractDate: "2025-11-02",
      checkIn: "2025-12-20",
      checkOut: "2026-01-03",
    };
    const canary = build([dniAdult], {
      property: { ...property, timeZone: "Atlantic/Canary" },
      reservation: winter,
    });
    const madrid = build([dniAdult], { reservation: winter });
    expect(elementText(canary, "fechaEntrada")).toEqual(["2025-12-20T00:00:00"]);
    expect(elementText(canary, "fechaSalida")).toEqual(["2026-01-03T00:00:00"]);
    expect(elementText(madrid, "fechaEntrada")).toEqual(["2025-12-20T00:00:00"]);
    const summerMadrid = build([dniAdult]);
    expect(elementText(summerMadrid, "fechaEntrada")).toEqual(["2025-08-01T00:00:00"]);
    const results = await validateManyAgainstXsd([canary, madrid, summerMadrid]);
    expect(results.map((r) => r.valid)).toEqual([true, true, true]);
  });

  test("rejects the classic mistakes, so a pass above means something", async () => {
    const good = build([dniAdult, passportForeign]);
    const broken = [
      // default namespace: every child becomes namespaced
      good
        .replace(
          `<alt:peticion xmlns:alt="${ALTA_PARTE_HOSPEDAJE_NAMESPACE}">`,
          `<peticion xmlns="${ALTA_PARTE_HOSPEDAJE_NAMESPACE}">`,
        )
        .replace("</alt:peticion>", "</peticion>"),
      // date without time in an xs:dateTime
      good.replace("2025-08-01T00:00:00", "2025-08-01"),
      // element order swapped
      good.replace(
        "<nacionalidad>ESP</nacionalidad>\n        <sexo>M</sexo>",
        "<sexo>M</sexo>\n        <nacionalidad>ESP</nacionalidad>",
      ),
      // two-letter country
      good.replace("<pais>IRL</pais>", "<pais>IE</pais>"),
      // 10-character support number
      good.replace(
        "<soporteDocumento>ABC123456</soporteDocumento>",
        "<soporteDocumento>ABC1234567</soporteDocumento>",
      ),
      // not even well-formed
      good.replace("</nombre>", "</nombr>"),
    ];
    for (const [index, xml] of broken.entries())
      expect(xml, `variant ${index} must differ`).not.toBe(good);
    const results = await validateManyAgainstXsd([good, ...broken]);
    expect(results.map((r) => r.valid)).toEqual([true, false, false, false, false, false, false]);
    expect(results[1].errors.join("\n")).toMatch(/solicitud/);
    expect(results[6].errors.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------- property tests

const LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const dniArb = fc
  .integer({ min: 0, max: 99_999_999 })
  .map((n) => String(n).padStart(8, "0") + LETTERS[n % 23]);
const nieArb = fc
  .tuple(fc.constantFrom("X", "Y", "Z"), fc.integer({ min: 0, max: 9_999_999 }))
  .map(([prefix, n]) => {
    const digits = String(n).padStart(7, "0");
    return prefix + digits + LETTERS[Number(String("XYZ".indexOf(prefix)) + digits) % 23];
  });
const alnumArb = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"),
    minLength: min,
    maxLength: max,
  });

const TRICKY = [
  "&",
  "<",
  ">",
  '"',
  "'",
  "<b>",
  "</i>",
  "&amp;",
  "]]>",
  "\u0000",
  "\u0007",
  "\uD800",
  "\uDC00",
  "😀",
  "Ñ",
  "e\u0301",
  "\u00A0",
  "\t",
  "\n",
  "  ",
  "中文",
  "\uFFFE",
  "\u202E",
  "\u0085",
  "\r\n",
  "👨‍👩‍👧",
];
const trickyText = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.constantFrom(...TRICKY),
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(""));
// What a guest may type: at most 16 code points, so even if NFC triples some of them the value
// stays within the registry's 50, which the rules refuse to exceed rather than cut (ADR 0014).
const formText = trickyText.map((text) => Array.from(text).slice(0, 16).join(""));
// A leading letter guarantees something survives clean-up, as a real name would.
const requiredText = formText.map((text) => `a${text}`);
// A name keeps only what the signed register prints (ADR 0013) or what clean-up strips anyway
// (controls, bidi, zero-width): the rules refuse other scripts and ask for the document's
// machine-readable spelling, so a generator of valid guests must not produce them. Judged on the
// cleaned value, as the rules judge it (NFC can change a character's script: Greek U+1FEE becomes
// the script-less U+0385); what still does not print falls back to a plain name.
const nameText = requiredText.map((text) => {
  const kept = Array.from(text.normalize("NFC"))
    .filter((char) => scriptOf(char) !== null || sanitizeUnicode(char) === "")
    .join("");
  return canPrintName(cleanLine(kept)) ? kept : "a";
});
const shortCode = fc
  .string({ unit: fc.constantFrom(..."0123456789ABC &<>'\"ñ-"), maxLength: 15 })
  .map((s) => `1${s}`);
const emailArb = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."abc019'_+-."), maxLength: 8 }),
    alnumArb(1, 8),
    fc.constantFrom("com", "es", "co.uk"),
  )
  .map(
    ([local, domain, tld]) =>
      `a${local.replace(/\.+/g, ".").replace(/\.$/, "")}z@${domain.toLowerCase()}.${tld}`,
  );
const phoneArb = fc
  .tuple(
    fc.constantFrom("", "+34 ", "+1 (", "00 "),
    fc.integer({ min: 100_000, max: 999_999_999_999 }),
  )
  .map(([prefix, n]) => `${prefix}${n}`);
const countryArb = fc.constantFrom(...COUNTRIES.map((c) => c.code));
const foreignCountryArb = fc.constantFrom(
  ...COUNTRIES.map((c) => c.code).filter((c) => c !== "ESP"),
);
const spanishPlaceArb = fc.constantFrom(
  ["28", "28079"],
  ["08", "08019"],
  ["35", "35016"],
  ["01", "01059"],
  ["38", "38038"],
  ["09", "09109"],
);
const isoDate = (fromYear: number, toYear: number) =>
  fc
    .date({
      min: new Date(Date.UTC(fromYear, 0, 1)),
      max: new Date(Date.UTC(toYear, 11, 31)),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

/** Raw form values a guest could type, tricky characters included, that the rules accept. */
function formGuestArb(checkInYear: number, adultOnly = false): fc.Arbitrary<GuestFormValues> {
  type DocumentFields = {
    nationality: string;
    documentType: string;
    documentNumber: string;
    documentSupport: string;
  };
  // Only Spaniards hold a DNI; everyone else may carry any other document.
  const documentArb: fc.Arbitrary<DocumentFields> = fc.oneof(
    fc.record({
      nationality: fc.constant("ESP"),
      documentType: fc.constant("DNI"),
      documentNumber: dniArb,
      documentSupport: alnumArb(1, 9),
    }),
    fc.record({
      nationality: countryArb,
      documentType: fc.constant("NIE"),
      documentNumber: nieArb,
      documentSupport: alnumArb(1, 9),
    }),
    fc.record({
      nationality: countryArb,
      documentType: fc.constantFrom("Pasaporte", "Otro"),
      documentNumber: alnumArb(3, 15),
      documentSupport: fc.constant(""),
    }),
  );
  const adultArb = fc.tuple(isoDate(1900, checkInYear - 19), documentArb, fc.constant(""));
  const personArb: fc.Arbitrary<[birthDate: string, document: DocumentFields, kinship: string]> = adultOnly
    ? adultArb
    : fc.oneof(
      fc.tuple(isoDate(1900, checkInYear - 19), documentArb, fc.constant("")),
      fc.tuple(
        isoDate(checkInYear - 17, checkInYear - 1),
        fc.oneof(
          documentArb,
          fc.record({
            nationality: countryArb,
            documentType: fc.constant(""),
            documentNumber: fc.constant(""),
            documentSupport: fc.constant(""),
          }),
        ),
        fc.constantFrom(...KINSHIP_CODES.map((k) => k.code)),
      ),
    );
  const contactArb = fc.oneof(
    fc.record({ phone: phoneArb, email: fc.constant("") }),
    fc.record({ phone: fc.constant(""), email: emailArb }),
    fc.record({ phone: phoneArb, email: emailArb }),
  );
  const addressArb = fc.oneof(
    fc
      .tuple(spanishPlaceArb, fc.integer({ min: 0, max: 99_999 }))
      .map(([[province, municipality], postal]) => ({
        addressCountry: "ESP",
        addressProvince: province,
        addressMunicipalityCode: municipality,
        addressMunicipalityName: "",
        addressPostalCode: String(postal).padStart(5, "0"),
      })),
    fc.record({
      addressCountry: foreignCountryArb,
      addressProvince: formText,
      addressMunicipalityCode: fc.constant(""),
      addressMunicipalityName: requiredText,
      addressPostalCode: shortCode,
    }),
  );
  return fc
    .record({
      givenName: nameText,
      firstSurname: nameText,
      secondSurname: nameText,
      sex: fc.constantFrom("H", "M", "O"),
      person: personArb,
      contact: contactArb,
      addressStreet: requiredText,
      address: addressArb,
    })
    .map(({ person: [birthDate, document, kinship], contact, address, ...rest }) => ({
      ...rest,
      birthDate,
      ...document,
      ...contact,
      ...address,
      kinship,
      // The first guest of every generated group is an adult, who signs for any child under 14.
      // A typed signature holds at most 100 characters: the given name (≤ 50) always fits, where
      // "given name + surname" could reach 101 and be refused (which CI once found, at random).
      signatureKind: "typed",
      signatureImage: "",
      signatureName: rest.givenName,
      signedBy: "1",
    }));
}

const stayArb = fc
  .record({
    checkIn: isoDate(2024, 2027),
    nights: fc.integer({ min: 0, max: 30 }),
    timeZone: fc.constantFrom<PoliceXmlProperty["timeZone"]>("Europe/Madrid", "Atlantic/Canary"),
    paymentType: fc.constantFrom(...PAYMENT_TYPES.map((p) => p.code)),
    rooms: fc.integer({ min: 1, max: 20 }),
    internetAvailable: fc.boolean(),
    propertyName: trickyText,
    establishmentCode: alnumArb(1, 10),
    reference: fc.string({ unit: fc.constantFrom(..."abcXYZ0189"), minLength: 22, maxLength: 50 }),
  })
  .map((stay) => {
    const checkOut = new Date(Date.parse(`${stay.checkIn}T00:00:00Z`) + stay.nights * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return { ...stay, checkOut };
  });

describe("property: whatever valid guests type, the XSD accepts the file", () => {
  test("guests that pass the form rules always give a schema-valid parte with their exact text", async () => {
    const submissionArb = stayArb.chain((stay) =>
      fc.record({
        stay: fc.constant(stay),
        guests: fc
          .tuple(
            formGuestArb(Number(stay.checkIn.slice(0, 4)), true),
            fc.array(formGuestArb(Number(stay.checkIn.slice(0, 4))), { maxLength: 3 }),
          )
          .map(([adult, others]) => [adult, ...others]),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(submissionArb, { minLength: 1, maxLength: 12 }),
        async (submissions) => {
          const documents = submissions.map(({ stay, guests }) => {
            const validated = validateGuests(
              { guests },
              { lang: "es", checkInDate: stay.checkIn, today: stay.checkIn },
            );
            if (!validated.ok)
              throw new Error(`generator produced an invalid guest: ${validated.message}`);
            const xml = buildAltaParteHospedaje({
              property: {
                name: stay.propertyName,
                establishmentCode: stay.establishmentCode,
                internetAvailable: stay.internetAvailable,
                timeZone: stay.timeZone,
              },
              reservation: {
                reference: stay.reference,
                contractDate: stay.checkIn,
                checkIn: stay.checkIn,
                checkOut: stay.checkOut,
                rooms: stay.rooms,
                paymentType: stay.paymentType,
              },
              guests: validated.guests,
            });
            // Escaping must round-trip: what the guest's name became is what the XML says.
            expect(elementText(xml, "nombre").map(unescapeXml)).toEqual(
              validated.guests.map((g) => g.givenName),
            );
            expect(elementText(xml, "numPersonas")).toEqual([String(guests.length)]);
            return xml;
          });
          const results = await validateManyAgainstXsd(documents);
          for (const [index, result] of results.entries()) {
            expect(result.errors, documents[index]).toEqual([]);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  test("stored records with raw, unsanitised text still give a schema-valid parte", async () => {
    const storedGuestArb: fc.Arbitrary<PoliceXmlGuest> = fc.record({
      givenName: nameText,
      firstSurname: nameText,
      secondSurname: fc.option(trickyText, { nil: null }),
      sex: fc.option(fc.constantFrom("H", "M", "O"), { nil: null }),
      birthDate: isoDate(1900, 2000),
      nationality: fc.option(countryArb, { nil: null }),
      documentType: fc.constantFrom("Pasaporte", "Otro"),
      documentNumber: fc
        .string({ unit: fc.constantFrom(..."AB12&<>'\"ñ\u0000"), minLength: 0, maxLength: 14 })
        .map((s) => `X${s}`),
      documentSupport: fc.option(trickyText, { nil: null }),
      phone: requiredText,
      email: fc.option(emailArb, { nil: null }),
      addressStreet: requiredText,
      addressCountry: foreignCountryArb,
      addressMunicipalityCode: fc.constant(null),
      addressMunicipalityName: requiredText,
      addressPostalCode: requiredText,
      kinship: fc.option(trickyText, { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(storedGuestArb, { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (stays) => {
          const documents = stays.map((guests) => build(guests));
          const results = await validateManyAgainstXsd(documents);
          for (const [index, result] of results.entries()) {
            expect(result.errors, documents[index]).toEqual([]);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});

// ---------------------------------------------------------------- file name and export guard

describe("policeXmlFileName", () => {
  test("follows the spec's pattern with a safe slug of the property", () => {
    expect(policeXmlFileName("Ático Sol & Mar", "2025-08-01")).toBe(
      "registro-huespedes-atico-sol-mar-2025-08-01.xml",
    );
    expect(policeXmlFileName("  Casa Peñón / 2ºB ", "2025-12-20")).toBe(
      "registro-huespedes-casa-penon-2-b-2025-12-20.xml",
    );
    expect(policeXmlFileName("../../etc/passwd", "2025-08-01")).toBe(
      "registro-huespedes-etc-passwd-2025-08-01.xml",
    );
  });

  test("falls back to 'vivienda' and caps long names", () => {
    expect(policeXmlFileName("中文 ***", "2025-08-01")).toBe(
      "registro-huespedes-vivienda-2025-08-01.xml",
    );
    const long = policeXmlFileName(`${"apartamento ".repeat(10)}final`, "2025-08-01");
    const slug = long.slice("registro-huespedes-".length, -"-2025-08-01.xml".length);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("refuses a malformed date", () => {
    expect(() => policeXmlFileName("Casa", "01/08/2025")).toThrow(RangeError);
  });
});

describe("canExportPoliceXml", () => {
  const ready = {
    reservationStatus: "completed",
    registeredGuests: 2,
    establishmentCode: "0000012345",
  };

  test("allows a completed reservation with guests and an establishment code", () => {
    expect(canExportPoliceXml(ready)).toEqual({ ok: true });
  });

  test("gives the spec's messages, in order: completion, guests, establishment code", () => {
    expect(
      canExportPoliceXml({
        reservationStatus: "pending",
        registeredGuests: 0,
        establishmentCode: null,
      }),
    ).toEqual({
      ok: false,
      message: "Solo se pueden exportar reservas completadas",
    });
    expect(canExportPoliceXml({ ...ready, registeredGuests: 0, establishmentCode: "" })).toEqual({
      ok: false,
      message: "No hay huéspedes registrados para exportar",
    });
    expect(canExportPoliceXml({ ...ready, establishmentCode: "   " })).toEqual({
      ok: false,
      message: "Esta vivienda no tiene código de establecimiento asignado",
    });
    expect(canExportPoliceXml({ ...ready, establishmentCode: undefined })).toMatchObject({
      ok: false,
    });
  });
});
