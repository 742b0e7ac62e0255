import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildErtzaintzaPv, ErtzaintzaDocumentInputError, type ErtzaintzaPvInput } from "#app/modules/ertzaintza/ertzaintza-documents.ts";
import { buildEnvelope, buildEnvioFicheroXmlBody, classifyErtzaintzaAnswer, ERTZAINTZA_SOAP_ACTION, parseErtzaintzaResponse } from "#app/modules/ertzaintza/ertzaintza-soap.ts";
import { validateErtzaintzaPv } from "#app/modules/ertzaintza/ertzaintza-xsd.server.ts";
import { startFakeErtzaintza, type RunningFakeErtzaintza } from "#tests/fake-ertzaintza/fake-ertzaintza.ts";

// Ertzaintza A19 (issue 22 item 4, ADR 0018): the PV builder against the service's XSDs, and
// the fake service over real loopback HTTP. The WS-Security header sent here is a stand-in with
// the three parts the fake looks for: no signature is computed (xml-crypto is not installed),
// so the fake checks presence and the Timestamp, not the signature value.

const INPUT: ErtzaintzaPvInput = {
  establishmentCode: "480000",
  contract: { reference: "RES-A19-1", contractDate: "2026-12-01", checkIn: "2026-12-01", checkOut: "2026-12-04", rooms: 2, internetAvailable: true, paymentType: "TARJT" },
  persons: [
    {
      role: "TI",
      givenName: "Lucía",
      firstSurname: "Ejemplo",
      secondSurname: "Ficticia",
      documentType: "NIF",
      documentNumber: "12345678z",
      documentSupport: "ABC123456",
      birthDate: "1985-03-20",
      nationality: "ESP",
      sex: "M",
      address: { street: "Calle Inventada 1, 3º B", municipalityCode: "48020", postalCode: "48001", country: "ESP" },
      phone: "+34600000000",
      email: "lucia@example.com",
    },
    {
      role: "VI",
      givenName: "Pablo",
      firstSurname: "Ejemplo",
      secondSurname: "Ficticio",
      birthDate: "2017-05-09",
      nationality: "ESP",
      sex: "V",
      address: { street: "Calle Inventada 1, 3º B", municipalityCode: "48020", postalCode: "48001", country: "ESP" },
      phone: "+34600000000",
      kinship: "HJ",
    },
  ],
};
const withContract = (patch: Partial<ErtzaintzaPvInput["contract"]>): ErtzaintzaPvInput => ({ ...INPUT, contract: { ...INPUT.contract, ...patch } });

function security(now = Date.now(), token = "TUlJRi4uLg==") {
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  return (
    `<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" xmlns:wsu="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">` +
    `<wsse:BinarySecurityToken wsu:Id="X509-1">${token}</wsse:BinarySecurityToken>` +
    `<wsu:Timestamp wsu:Id="TS-1"><wsu:Created>${iso(now)}</wsu:Created><wsu:Expires>${iso(now + 300_000)}</wsu:Expires></wsu:Timestamp>` +
    `<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignatureValue>sin-firmar</ds:SignatureValue></ds:Signature></wsse:Security>`
  );
}

describe("the A19 PV document", () => {
  it("is valid against the service's XSD, local dates without offset, one TI", async () => {
    const xml = buildErtzaintzaPv(INPUT);
    expect(xml).toBe(buildErtzaintzaPv(INPUT));
    expect(xml).toContain('<alt:peticion xmlns:alt="http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV">');
    expect(xml).toContain("<fechaEntrada>2026-12-01T00:00:00</fechaEntrada>");
    expect(xml).toContain("<numeroDocumento>12345678Z</numeroDocumento>");
    expect(await validateErtzaintzaPv(xml)).toEqual({ valid: true, errors: [] });
    // The XSD is really applied: a default namespace and a date-only entry are refused.
    expect((await validateErtzaintzaPv(xml.replace('<alt:peticion xmlns:alt="', '<peticion xmlns="').replace("</alt:peticion>", "</peticion>"))).valid).toBe(false);
    expect((await validateErtzaintzaPv(xml.replace("2026-12-01T00:00:00", "2026-12-01"))).valid).toBe(false);
  });

  it("refuses in Spanish what the service answers with CTO05, CTO17, COM07/08, PER05, PER43", () => {
    const persons = INPUT.persons;
    const cases: [ErtzaintzaPvInput, RegExp][] = [
      [withContract({ paymentType: "DESTI" }), /Tipo de pago no admitido/],
      [withContract({ checkIn: "2026-12-03" }), /CTO17/],
      [{ ...INPUT, persons: persons.map((person) => ({ ...person, role: "VI" as const })) }, /exactamente un titular/],
      [{ ...INPUT, persons: [persons[0], { ...persons[0], role: "TI" as const }] }, /exactamente un titular/],
      [{ ...INPUT, persons: [{ ...persons[0], secondSurname: null }, persons[1]] }, /segundo apellido/],
      [{ ...INPUT, persons: [{ ...persons[0], phone: null, email: null }, persons[1]] }, /teléfono o un correo/],
      [{ ...INPUT, persons: [{ ...persons[0], email: `${"a".repeat(45)}@example.com` }, persons[1]] }, /máximo 50/],
      [{ ...INPUT, persons: [persons[0], { ...persons[1], kinship: null }] }, /parentesco/],
    ];
    for (const [input, message] of cases) expect(() => buildErtzaintzaPv(input)).toThrow(message);
    expect(() => buildErtzaintzaPv(withContract({ paymentType: "DESTI" }))).toThrow(ErtzaintzaDocumentInputError);
    // The day after the contract is allowed (CTO17).
    expect(() => buildErtzaintzaPv(withContract({ contractDate: "2026-11-30" }))).not.toThrow();
  });
});

describe("the fake A19 service over HTTP", () => {
  let fake: RunningFakeErtzaintza;
  beforeAll(async () => {
    fake = await startFakeErtzaintza({ allowedTokens: ["TUlJRi4uLg=="] });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const post = async (envelope: string) => {
    const response = await fetch(fake.url, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${ERTZAINTZA_SOAP_ACTION}"` }, body: envelope });
    return parseErtzaintzaResponse(await response.text());
  };
  const send = (document: string, header = security()) => post(buildEnvelope(header, buildEnvioFicheroXmlBody({ aplicacion: "NidoSmart", codigoArrendador: "B00000000", tipoComunicacion: "PV" }, document)));

  it("accepts the PV; the same reference again is CTO01: data on a first send, done on a resend in doubt", async () => {
    const xml = buildErtzaintzaPv(INPUT);
    const first = await send(xml);
    expect(first).toMatchObject({ kind: "answer", errors: [], codigoEstadoComunicacion: "0" });
    expect(classifyErtzaintzaAnswer(first)).toBe("done");
    const again = await send(xml);
    expect(again).toMatchObject({ errors: [{ codigo: "C_1_CTO01", code: "CTO01", descripcion: "El contrato ya existe" }] });
    expect(classifyErtzaintzaAnswer(again)).toBe("data");
    expect(classifyErtzaintzaAnswer(again, { resendInDoubt: true })).toBe("done");
    expect(fake.control.filings()).toHaveLength(1);
  });

  it("a reply lost after storing: the resend meets CTO01 and is done; one filing", async () => {
    const xml = buildErtzaintzaPv(withContract({ reference: "RES-A19-LOST" }));
    fake.control.failNext("reply-lost");
    await expect(send(xml)).rejects.toThrow();
    expect(classifyErtzaintzaAnswer(await send(xml), { resendInDoubt: true })).toBe("done");
    expect(fake.control.filings().filter((filing) => filing.referencia === "RES-A19-LOST")).toHaveLength(1);
  });

  it("refusals come back with their codes and classes", async () => {
    const forged = await send(buildErtzaintzaPv(withContract({ reference: "RES-A19-403" })), security(Date.now(), "T1RSTw=="));
    expect(forged).toMatchObject({ errors: [{ code: "403" }] });
    expect(classifyErtzaintzaAnswer(forged)).toBe("credentials");
    const expired = await send(buildErtzaintzaPv(withContract({ reference: "RES-A19-OLD" })), security(Date.now() - 600_000));
    expect(classifyErtzaintzaAnswer(expired)).toBe("credentials");
    expect(await send("")).toMatchObject({ errors: [{ code: "PET07" }] });
    const invalid = await send(buildErtzaintzaPv(withContract({ reference: "RES-A19-109" })).replace("<numPersonas>2</numPersonas>", "<numPersonas>dos</numPersonas>"));
    expect(invalid).toMatchObject({ errors: [{ code: "109" }] });
    expect(classifyErtzaintzaAnswer(invalid)).toBe("data");
    const noContact = buildErtzaintzaPv(withContract({ reference: "RES-A19-PER43" })).replace("<telefono>+34600000000</telefono><correo>lucia@example.com</correo>", "");
    expect(await send(noContact)).toMatchObject({ errors: [{ codigo: "C_1|1_PER43_TI", code: "PER43" }] });
    fake.control.failNext("code-999");
    expect(classifyErtzaintzaAnswer(await send(buildErtzaintzaPv(withContract({ reference: "RES-A19-999" }))))).toBe("retry");
    fake.control.failNext("soap-fault");
    expect(classifyErtzaintzaAnswer(await send(buildErtzaintzaPv(withContract({ reference: "RES-A19-FAULT" }))))).toBe("retry");
  });
});
