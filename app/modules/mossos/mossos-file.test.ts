import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { PoliceXmlGuest } from "#app/modules/guests/police-xml.ts";
import { DEFAULT_MOSSOS_OPTIONS, ineControlDigit, type MossosOptions } from "#app/modules/mossos/mossos-codes.ts";
import { buildMossosFile, MossosFileError, nextMossosSequence, type MossosFileInput } from "#app/modules/mossos/mossos-file.ts";
import { MossosParseError, parseMossosFile, TRAVELLER_FIELDS } from "#app/modules/mossos/mossos-parser.ts";

// The research's example (REGIONAL-POLICE.md §2.7), byte for byte: ISO-8859-1, CRLF, no CRLF at the end.
const EXAMPLE = readFileSync(path.resolve("tests/fixtures/mossos/EX00000001.001.txt"));

const street = "Calle Inventada 1, 3º B";
const lucia: PoliceXmlGuest = {
  givenName: "Lucía",
  firstSurname: "Ejemplo",
  secondSurname: "Ficticia",
  sex: "M",
  birthDate: "1985-03-20",
  nationality: "ESP",
  documentType: "DNI",
  documentNumber: "12345678Z",
  documentSupport: "ABC123456",
  phone: "+34600000000",
  email: "lucia@example.com",
  addressStreet: street,
  addressCountry: "ESP",
  addressMunicipalityCode: "08019",
  addressPostalCode: "08001",
};
const tom: PoliceXmlGuest = {
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
};
const pablo: PoliceXmlGuest = {
  givenName: "Pablo",
  firstSurname: "Ejemplo",
  secondSurname: "Ficticio",
  sex: "H",
  birthDate: "2017-05-09",
  nationality: "ESP",
  phone: "+34600000000",
  kinship: "HJ",
  addressStreet: street,
  addressCountry: "ESP",
  addressMunicipalityCode: "08019",
  addressPostalCode: "08001",
};

const exampleInput: MossosFileInput = {
  establishment: { code: "EX00000001", name: "Apartament Exemple" },
  sequence: 1,
  createdDate: "2025-08-01",
  createdTime: "1830",
  stays: [
    {
      reference: "RES-2025-0042",
      contractDate: "2025-06-15",
      checkIn: "2025-08-01",
      checkOut: "2025-08-04",
      rooms: 2,
      internetAvailable: true,
      paymentType: "TARJT",
      label: "Apartament Exemple · 2025-08-01",
      guests: [lucia, tom, pablo],
    },
  ],
};

const TODAY = "2025-08-01";

describe("the Mossos V24 file", () => {
  test("the research's example parses with the reader written from the layout", () => {
    const parsed = parseMossosFile(EXAMPLE, { encoding: "latin1", fileName: "EX00000001.001.txt" });
    expect(parsed.establishment).toEqual({
      recordType: "1",
      identificador: "EX00000001",
      name: "APARTAMENT EXEMPLE",
      fileDate: "20250801",
      fileTime: "1830",
      travellerCount: "3",
      format: "V24",
    });
    expect(parsed.travellers).toHaveLength(3);
    expect(parsed.travellers[0].givenName).toBe("LUCÍA");
    expect(parsed.travellers[2].kinship).toBe("HJ");
    expect(parsed.trailingSeparator).toEqual([true, true, true]);
  });

  test("built from the same stay, our file is the example byte for byte and field by field", () => {
    const built = buildMossosFile(exampleInput, DEFAULT_MOSSOS_OPTIONS, TODAY);
    expect(built.fileName).toBe("EX00000001.001.txt");
    const ours = parseMossosFile(built.bytes, { encoding: "latin1", fileName: built.fileName });
    const theirs = parseMossosFile(EXAMPLE, { encoding: "latin1" });
    expect(ours.establishment).toEqual(theirs.establishment);
    for (const [i, traveller] of theirs.travellers.entries()) {
      for (const field of TRAVELLER_FIELDS) expect({ line: i + 2, field, value: ours.travellers[i][field] }).toEqual({ line: i + 2, field, value: traveller[field] });
    }
    expect(built.bytes.equals(EXAMPLE)).toBe(true);
  });

  test("UTF-8 and the other code readings are one switch each", () => {
    const options: MossosOptions = { sexCodes: "vikbooking", documentCodes: "vikbooking", municipalityDigits: 5, encoding: "utf8" };
    const built = buildMossosFile(exampleInput, options, TODAY);
    expect(built.bytes.includes(Buffer.from("LUCÍA", "utf8"))).toBe(true);
    const [first, second] = parseMossosFile(built.bytes, { encoding: "utf8" }).travellers;
    expect([first.sex, first.documentType, first.municipality]).toEqual(["M", "NIF", "08019"]);
    expect([second.sex, second.documentType]).toEqual(["H", "PAS"]);
  });

  test("INE control digits: Barcelona 080193, Madrid 280796, Girona 170792", () => {
    expect(ineControlDigit("08019")).toBe(3);
    expect(ineControlDigit("28079")).toBe(6);
    expect(ineControlDigit("17079")).toBe(2);
  });

  test("a file the portal would refuse is never made: every problem is named", () => {
    const broken: MossosFileInput = {
      ...exampleInput,
      stays: [
        {
          ...exampleInput.stays[0],
          guests: [
            { ...lucia, documentSupport: "ABC12", secondSurname: null },
            { ...tom, documentType: null, documentNumber: null },
            { ...pablo, kinship: null },
            { ...tom, givenName: "Иван" },
          ],
        },
      ],
    };
    let error: unknown;
    try {
      buildMossosFile(broken, DEFAULT_MOSSOS_OPTIONS, TODAY);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MossosFileError);
    const problems = (error as MossosFileError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "Apartament Exemple · 2025-08-01, huésped 1: el número de soporte de un DNI o NIE tiene 9 caracteres.",
        "Apartament Exemple · 2025-08-01, huésped 1: falta el segundo apellido (obligatorio con DNI).",
        "Apartament Exemple · 2025-08-01, huésped 2: un adulto necesita tipo y número de documento.",
        "Apartament Exemple · 2025-08-01, huésped 3: un menor necesita el parentesco con el adulto que lo acompaña.",
      ]),
    );
    expect(problems.some((p) => p.startsWith("Apartament Exemple · 2025-08-01, huésped 4: el carácter «И»"))).toBe(true);
  });

  test("accents outside Latin-1 are dropped, separators and line breaks never reach a field", () => {
    const built = buildMossosFile(
      { ...exampleInput, stays: [{ ...exampleInput.stays[0], guests: [{ ...tom, givenName: "Zoë|Ő\r\nx", firstSurname: "Dvořák" }] }] },
      DEFAULT_MOSSOS_OPTIONS,
      TODAY,
    );
    expect(() => buildMossosFile({ ...exampleInput, stays: [{ ...exampleInput.stays[0], guests: [{ ...tom, firstSurname: "Łoś" }] }] }, DEFAULT_MOSSOS_OPTIONS, TODAY)).toThrow(MossosFileError);
    const [traveller] = parseMossosFile(built.bytes, { encoding: "latin1" }).travellers;
    expect(traveller.givenName).toBe("ZOË O X");
    expect(traveller.firstSurname).toBe("DVORÁK");
  });

  test("the reader refuses what the layout forbids", () => {
    const text = EXAMPLE.toString("latin1");
    expect(() => parseMossosFile(Buffer.from(`${text}\r\n`, "latin1"), { encoding: "latin1" })).toThrow(MossosParseError);
    expect(() => parseMossosFile(Buffer.from(text.replaceAll("\r\n", "\n"), "latin1"), { encoding: "latin1" })).toThrow(MossosParseError);
    expect(() => parseMossosFile(Buffer.from(text.replace("|3|V24", "|2|V24"), "latin1"), { encoding: "latin1" })).toThrow(MossosParseError);
    expect(() => parseMossosFile(EXAMPLE, { encoding: "latin1", fileName: "EX1.001.txt" })).toThrow(MossosParseError);
  });

  test("the sequence runs 001..999 and starts again", () => {
    expect([nextMossosSequence(null), nextMossosSequence(1), nextMossosSequence(998), nextMossosSequence(999)]).toEqual([1, 2, 999, 1]);
  });
});
