import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { buildAltaParteHospedaje } from "#app/modules/guests/police-xml.ts";
import { signatureDataUrl } from "#tests/helpers/signature-png.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { buildSignedRegisterPdf, describeRegistryValue, readPoliceXml, type SignedRegisterInput } from "./signed-register-pdf.ts";

// The PDF is built from the PV XML itself; these check the reading of that XML and that any
// name a guest can type ends up in the PDF without breaking it.

const DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

function xmlFor(givenName: string, firstSurname: string): string {
  return buildAltaParteHospedaje({
    property: { name: "Casa <Azul> & Co", establishmentCode: "0000012345", internetAvailable: true, timeZone: "Atlantic/Canary" },
    reservation: { reference: "REF123", contractDate: "2026-01-10", checkIn: "2026-01-15", checkOut: "2026-01-20", rooms: 1, paymentType: "EFECT" },
    guests: [
      {
        givenName,
        firstSurname,
        sex: "H",
        birthDate: "1990-01-01",
        nationality: "POL",
        documentType: "Pasaporte",
        documentNumber: "AB1234567",
        email: "guest@example.com",
        addressStreet: "ul. Długa 1 & 2",
        addressCountry: "POL",
        addressMunicipalityName: "Gdańsk",
        addressPostalCode: "80-001",
      },
    ],
  });
}

describe("signed register PDF", () => {
  test("reads our own XML back: values unescaped, structure kept", () => {
    const document = readPoliceXml(xmlFor("Zoë", "O'Brien <x>"));
    const persona = document.children[0].children[0].children[1].children.find((child) => child.name === "persona")!;
    expect(persona.children.find((child) => child.name === "apellido1")?.text).toBe("O'Brien <x>");
    expect(document.children[0].name).toBe("peticion");
  });

  test("codes are followed by their Spanish names; unknown codes stay raw", () => {
    expect(describeRegistryValue("tipoDocumento", "PAS")).toBe("PAS (Pasaporte)");
    expect(describeRegistryValue("pais", "POL")).toBe("POL (Polonia)");
    expect(describeRegistryValue("sexo", "X")).toBe("X");
    expect(describeRegistryValue("internet", "true")).toBe("Sí");
  });

  const input = (unicodeFont: Uint8Array | null): SignedRegisterInput => ({
      xml: xmlFor("Łukasz Δημήτρης", "Nguyễn"),
      property: { name: "Casa <Azul> & Co", address: "Calle 1" },
      signatures: [{ kind: "drawn", image: signatureDataUrl(4), typedName: null, signedByPosition: null, signedAt: new Date("2026-01-15T10:00:00Z") }],
      registeredAt: new Date("2026-01-15T10:00:00Z"),
      generatedAt: new Date("2026-01-16T09:00:00Z"),
      unicodeFont,
  });

  // Debian's fonts-dejavu-core comes with Chromium, which the test machines need anyway.
  test("with a Unicode font every guest's name is written exactly", async () => {
    const pdf = await readPdf(await buildSignedRegisterPdf(input(new Uint8Array(fs.readFileSync(DEJAVU)))));
    expect(pdf.lines).toContain("Nombre: Łukasz Δημήτρης");
    expect(pdf.lines).toContain("Primer apellido: Nguyễn");
    expect(pdf.lines).toContain("Municipio: Gdańsk");
    expect(pdf.lines).toContain("Dirección: ul. Długa 1 & 2");
    expect(pdf.lines).toContain("Entrada: 2026-01-15T00:00:00+00:00");
    expect(pdf.images).toBe(1);
  });

  test("without one, letters outside Latin-1 lose their marks or become '?', never fatal", async () => {
    const pdf = await readPdf(await buildSignedRegisterPdf(input(null)));
    expect(pdf.lines).toContain("Nombre: ?ukasz ????????");
    expect(pdf.lines).toContain("Primer apellido: Nguyen");
    expect(pdf.lines).toContain("Municipio: Gdansk");
    expect(pdf.images).toBe(1);
  });
});
