import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_TYPES } from "#app/modules/guests/ses-codes.ts";
import {
  buildAltaParteHospedaje,
  buildAltaReservaHospedaje,
  buildAnulacion,
  buildConsultaLotes,
  SesDocumentInputError,
  type AltaReservaHospedajeInput,
} from "#app/modules/ses/ses-documents.ts";
import { prepareSesDocuments, validateSesDocument, validateSesDocuments } from "#app/modules/ses/ses-xsd.server.ts";
import { sha256Hex } from "#app/modules/ses/ses-zip.ts";

const RH_INPUT: AltaReservaHospedajeInput = {
  establishmentCode: "0000012345",
  timeZone: "Europe/Madrid",
  contract: { reference: "aB3dE5fG7hJ9kL1mN3pQ5r", contractDate: "2025-06-15", checkIn: "2025-08-01", checkOut: "2025-08-04", guestCount: 3, rooms: 2, internetAvailable: true, paymentType: "PLATF" },
  holder: { givenName: "Lucía", firstSurname: "Ejemplo", secondSurname: "Ficticia", documentType: "DNI", documentNumber: "12345678z", email: "lucia@example.com", phone: "+34 600 000 000" },
};

describe("altaReservaHospedaje (RH)", () => {
  it("builds the documented shape, deterministically, and the official XSD accepts it", async () => {
    const xml = buildAltaReservaHospedaje(RH_INPUT);
    expect(xml).toBe(buildAltaReservaHospedaje(RH_INPUT));
    expect(xml).toContain('<rh:peticion xmlns:rh="http://www.neg.hospedajes.mir.es/altaReservaHospedaje">');
    expect(xml).toContain("<fechaEntrada>2025-08-01T00:00:00</fechaEntrada>");
    expect(xml).toContain("<numPersonas>3</numPersonas>");
    expect(xml).toMatch(/<persona>\s*<rol>TI<\/rol>\s*<nombre>Lucía<\/nombre>/);
    expect(xml).toContain("<tipoDocumento>NIF</tipoDocumento>");
    expect(xml).toContain("<numeroDocumento>12345678Z</numeroDocumento>");
    expect(await validateSesDocument("RH", xml)).toEqual({ valid: true, errors: [] });
  });

  it("refuses what the ministry would reject, in Spanish", () => {
    const holder = (patch: Partial<AltaReservaHospedajeInput["holder"]>) => ({ ...RH_INPUT, holder: { ...RH_INPUT.holder, ...patch } });
    expect(() => buildAltaReservaHospedaje(holder({ email: null, phone: " " }))).toThrow("Titular de la reserva: falta un teléfono o un email");
    expect(() => buildAltaReservaHospedaje(holder({ documentNumber: "12345678A" }))).toThrow("el número de documento no es válido");
    expect(() => buildAltaReservaHospedaje(holder({ givenName: "" }))).toThrow(SesDocumentInputError);
    expect(() => buildAltaReservaHospedaje({ ...RH_INPUT, establishmentCode: "12345678901" })).toThrow("código de establecimiento");
    expect(() => buildAltaReservaHospedaje({ ...RH_INPUT, contract: { ...RH_INPUT.contract, guestCount: 0 } })).toThrow("número de huéspedes");
    expect(() => buildAltaReservaHospedaje({ ...RH_INPUT, contract: { ...RH_INPUT.contract, paymentType: "CARD" } })).toThrow("Tipo de pago desconocido");
  });

  it("the XSD rejects a bad RH: default namespace, a PV-only element, a date without time", async () => {
    const good = buildAltaReservaHospedaje(RH_INPUT);
    const bad = [
      good.replace('<rh:peticion xmlns:rh="', '<peticion xmlns="').replace("</rh:peticion>", "</peticion>"),
      good.replace("</numeroDocumento>", "</numeroDocumento>\n      <soporteDocumento>ABC123456</soporteDocumento>"),
      good.replace("2025-08-01T00:00:00", "2025-08-01"),
    ];
    const results = await validateSesDocuments(bad.map((xml) => ({ kind: "RH" as const, xml })));
    expect(results.map((result) => result.valid)).toEqual([false, false, false]);
    for (const result of results) expect(result.errors.join("\n")).toMatch(/Schemas validity error|Element/);
  });

  it("property: every RH built from any acceptable input validates (one libxml2 run per batch)", async () => {
    const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim() !== "");
    const input = fc.record({
      code: fc.stringMatching(/^[0-9A-Z]{1,10}$/),
      reference: text(60),
      contractDate: fc.date({ min: new Date("2024-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }),
      nights: fc.integer({ min: 0, max: 40 }),
      guestCount: fc.integer({ min: 1, max: 20 }),
      rooms: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      internet: fc.option(fc.boolean(), { nil: null }),
      payment: fc.constantFrom(...PAYMENT_TYPES.map((type) => type.code)),
      zone: fc.constantFrom("Europe/Madrid" as const, "Atlantic/Canary" as const),
      givenName: text(80),
      firstSurname: text(80),
      secondSurname: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
      contact: fc.oneof(
        fc.record({ email: fc.constant("x@example.com"), phone: fc.constant(null) }),
        fc.record({ email: fc.constant(null), phone: fc.stringMatching(/^\+?[0-9 ]{3,25}$/) }),
      ),
      document: fc.constantFrom(
        { documentType: null, documentNumber: null },
        { documentType: "Pasaporte", documentNumber: "X0000000" },
        { documentType: "NIE", documentNumber: "X1234567L" },
        { documentType: "OTRO", documentNumber: "ab-123 456" },
      ),
    });
    const samples = fc.sample(input, { numRuns: 120, seed: 20261124 });
    const xmls: string[] = [];
    for (const sample of samples) {
      const checkIn = new Date(sample.contractDate.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
      const checkOut = new Date(new Date(checkIn).getTime() + sample.nights * 86_400_000).toISOString().slice(0, 10);
      try {
        xmls.push(
          buildAltaReservaHospedaje({
            establishmentCode: sample.code,
            timeZone: sample.zone,
            contract: { reference: sample.reference, contractDate: sample.contractDate.toISOString().slice(0, 10), checkIn, checkOut, guestCount: sample.guestCount, rooms: sample.rooms, internetAvailable: sample.internet, paymentType: sample.payment },
            holder: { givenName: sample.givenName, firstSurname: sample.firstSurname, secondSurname: sample.secondSurname, ...sample.contact, ...sample.document },
          }),
        );
      } catch (error) {
        // Names made only of characters XML cannot carry are refused, never written.
        expect(error).toBeInstanceOf(SesDocumentInputError);
      }
    }
    expect(xmls.length).toBeGreaterThan(100);
    const results = await validateSesDocuments(xmls.map((xml) => ({ kind: "RH" as const, xml })));
    const failures = results.flatMap((result, index) => (result.valid ? [] : [{ xml: xmls[index], errors: result.errors }]));
    expect(failures).toEqual([]);
  });
});

describe("B, C and PV documents", () => {
  const code = "3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11";

  it("anulación and consulta are qualified and validate; bad ids are refused before any XML", async () => {
    const b = buildAnulacion([code, "0b6e4d2c-1a3f-4e5d-8c7b-2f1e0d9c8b7a"]);
    expect(b).toContain(`<anul:codigoComunicacion>${code}</anul:codigoComunicacion>`);
    const c = buildConsultaLotes([code]);
    expect(c).toContain(`<con:lote>${code}</con:lote>`);
    const unqualified = b.replace(/<anul:codigoComunicacion>/g, "<codigoComunicacion>").replace(/<\/anul:codigoComunicacion>/g, "</codigoComunicacion>");
    const results = await validateSesDocuments([
      { kind: "B", xml: b },
      { kind: "C", xml: c },
      { kind: "B", xml: unqualified },
    ]);
    expect(results.map((result) => result.valid)).toEqual([true, true, false]);
    expect(() => buildAnulacion([])).toThrow(SesDocumentInputError);
    expect(() => buildAnulacion(["RES-1"])).toThrow("Código no válido");
    expect(() => buildConsultaLotes(Array.from({ length: 11 }, () => code))).toThrow("Como máximo 10");
  });

  it("prepareSesDocuments stores the verdict and the sha256 of the exact bytes, mixing kinds", async () => {
    const pv = buildAltaParteHospedaje({
      property: { name: "Ático", establishmentCode: "0000012345", internetAvailable: true, timeZone: "Europe/Madrid" },
      reservation: { reference: "REF-1", contractDate: "2025-06-15", checkIn: "2025-08-01", checkOut: "2025-08-04", rooms: 1, paymentType: "EFECT" },
      guests: [
        { givenName: "Tom", firstSurname: "Sample", birthDate: "1983-11-02", documentType: "Pasaporte", documentNumber: "X0000000", addressStreet: "1 Example Street", addressCountry: "IRL", addressMunicipalityName: "Dublin", addressPostalCode: "D02", email: "tom@example.com" },
      ],
    });
    const rh = buildAltaReservaHospedaje(RH_INPUT);
    const prepared = await prepareSesDocuments([
      { kind: "PV", xml: pv },
      { kind: "RH", xml: rh },
      { kind: "PV", xml: rh },
    ]);
    expect(prepared.map((document) => document.ok)).toEqual([true, true, false]);
    expect(prepared[1].sha256).toBe(sha256Hex(rh));
    expect(prepared[2].ok ? [] : prepared[2].errors.length).toBeGreaterThan(0);
  });
});
