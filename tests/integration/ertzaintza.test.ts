import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildErtzaintzaPv, ErtzaintzaDocumentInputError, type ErtzaintzaPvInput } from "#app/modules/ertzaintza/ertzaintza-documents.ts";
import { createErtzaintzaClient, type ErtzaintzaClient } from "#app/modules/ertzaintza/ertzaintza-client.server.ts";
import { buildEnvioFicheroXmlBody, ERTZAINTZA_SOAP_ACTION } from "#app/modules/ertzaintza/ertzaintza-soap.ts";
import { validateErtzaintzaPv } from "#app/modules/ertzaintza/ertzaintza-xsd.server.ts";
import { newWsseIds, signEnvelope } from "#app/modules/ertzaintza/ertzaintza-wsse.server.ts";
import { startFakeErtzaintza, type RunningFakeErtzaintza } from "#tests/fake-ertzaintza/fake-ertzaintza.ts";
import { createSigningCertificates, type SigningIdentity, type TestSigningCertificates } from "#tests/helpers/test-signing-certificates.ts";
import { createTestPki, type TestPki } from "#tests/helpers/test-pki.ts";

// Ertzaintza A19 (issue 22 item 4, ADR 0018): the PV builder against the service's XSDs, and the
// signing client against the fake service over real loopback HTTP(S). Every request is signed for
// real (xml-crypto) and the fake verifies the signature against the certificate it carries,
// checks the Timestamp, the "LDAP group" (tax id allow-list), the XSD and the service's codes.

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

// One set of throwaway certificates for the client and the TLS tests: openssl takes seconds to make them.
let certs: TestSigningCertificates;
beforeAll(() => {
  certs = createSigningCertificates();
});
afterAll(() => certs?.cleanup());

describe("the signing client against the fake A19 service over HTTP", () => {
  let fake: RunningFakeErtzaintza;
  const clientFor = (who: SigningIdentity, options: { endpoint?: string; ca?: string; lessorCode?: string; privateKeyPem?: string } = {}): ErtzaintzaClient =>
    createErtzaintzaClient({
      endpoint: options.endpoint ?? fake.url,
      lessorCode: options.lessorCode ?? who.taxId,
      aplicacion: "NidoSmart 1.0",
      signingKey: { certificatePem: who.certificatePem, privateKeyPem: options.privateKeyPem ?? who.privateKeyPem },
      timeoutMs: 5_000,
      ...(options.ca ? { ca: options.ca } : {}),
    });

  beforeAll(async () => {
    fake = await startFakeErtzaintza({ authorisedTaxIds: [certs.person.taxId, certs.company.taxId], establishments: { "12345678Z": ["480000"], B12345674: ["480000"] } });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("files the PV (signature verified by the fake); the same reference again is CTO01: data on a first send, done on a resend in doubt", async () => {
    const client = clientFor(certs.person);
    const xml = buildErtzaintzaPv(INPUT);
    const first = await client.send("PV", xml);
    expect(first).toMatchObject({ outcome: "done", code: "0", alreadyFiled: false });
    expect(first.peticion).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.control.filings()).toEqual([expect.objectContaining({ referencia: "RES-A19-1", establecimiento: "480000", codigoArrendador: "12345678Z", peticion: first.peticion })]);
    const again = await client.send("PV", xml);
    expect(again).toMatchObject({ outcome: "data", code: "CTO01", message: "La Ertzaintza rechazó el parte: El contrato ya existe (C_1_CTO01)" });
    const inDoubt = await client.send("PV", xml, { resendInDoubt: true });
    expect(inDoubt).toMatchObject({ outcome: "done", code: "CTO01", alreadyFiled: true });
    expect(fake.control.filings()).toHaveLength(1);
    // The exchange is what went on the wire: signed, with the certificate, never the key.
    expect(first.exchange.request.body).toContain("<ds:SignatureValue>");
    expect(first.exchange.request.body).not.toContain("PRIVATE KEY");
    expect(first.exchange.request.headers.SOAPAction).toBe(`"${ERTZAINTZA_SOAP_ACTION}"`);
  });

  it("a reply lost after storing: a retry that may have arrived; the resend in doubt meets CTO01 and is done; one filing", async () => {
    const client = clientFor(certs.person);
    const xml = buildErtzaintzaPv(withContract({ reference: "RES-A19-LOST" }));
    fake.control.failNext("reply-lost");
    expect(await client.send("PV", xml)).toMatchObject({ outcome: "retry", code: "network", mayHaveArrived: true });
    expect(await client.send("PV", xml, { resendInDoubt: true })).toMatchObject({ outcome: "done", alreadyFiled: true });
    expect(fake.control.filings().filter((filing) => filing.referencia === "RES-A19-LOST")).toHaveLength(1);
  });

  it("a data error comes back in Spanish with the service's text and the person it names", async () => {
    const noContact = buildErtzaintzaPv(withContract({ reference: "RES-A19-PER43" })).replace("<telefono>+34600000000</telefono><correo>lucia@example.com</correo>", "");
    expect(await clientFor(certs.person).send("PV", noContact)).toMatchObject({
      outcome: "data",
      code: "PER43",
      message: "La Ertzaintza rechazó el parte: Es obligatorio al menos un teléfono o un correo (C_1|1_PER43_TI)",
    });
    const invalid = buildErtzaintzaPv(withContract({ reference: "RES-A19-109" })).replace("<numPersonas>2</numPersonas>", "<numPersonas>dos</numPersonas>");
    const refused = await clientFor(certs.person).send("PV", invalid);
    expect(refused).toMatchObject({ outcome: "data", code: "109" });
    expect(refused.message).toMatch(/^La Ertzaintza rechazó el parte: El XML no cumple el esquema: .*numPersonas/);
  });

  it("credentials: a certificate outside the LDAP group is 403, a signature by the wrong key a WS-Security fault, a foreign establishment PET10", async () => {
    const stranger = await clientFor(certs.stranger).send("PV", buildErtzaintzaPv(withContract({ reference: "RES-A19-403" })));
    expect(stranger).toMatchObject({ outcome: "credentials", code: "403" });
    expect(stranger.message).toContain("La Ertzaintza no autoriza este certificado");
    const forged = await clientFor(certs.person, { privateKeyPem: certs.stranger.privateKeyPem }).send("PV", buildErtzaintzaPv(withContract({ reference: "RES-A19-SIG" })));
    expect(forged).toMatchObject({ outcome: "credentials", code: "wsse-fault", mayHaveArrived: false });
    expect(forged.message).toBe("La Ertzaintza rechazó la firma WS-Security del mensaje: The signature or decryption was invalid (wsse:FailedCheck)");
    const foreign = await clientFor(certs.person).send("PV", buildErtzaintzaPv({ ...INPUT, establishmentCode: "489999", contract: { ...INPUT.contract, reference: "RES-A19-PET10" } }));
    expect(foreign).toMatchObject({ outcome: "credentials", code: "PET10" });
    expect(fake.control.filings().map((filing) => filing.referencia)).not.toContain("RES-A19-403");
  });

  it("transient failures are retries; a SOAP Client fault is bounded", async () => {
    const client = clientFor(certs.company);
    const send = (reference: string) => client.send("PV", buildErtzaintzaPv(withContract({ reference })));
    fake.control.failNext("code-999");
    expect(await send("RES-A19-999")).toMatchObject({ outcome: "retry", code: "999", mayHaveArrived: false });
    fake.control.failNext("code-INT01");
    expect(await send("RES-A19-INT01")).toMatchObject({ outcome: "retry", code: "INT01" });
    fake.control.failNext("soap-fault");
    expect(await send("RES-A19-FAULT")).toMatchObject({ outcome: "retry", code: "soap-fault", mayHaveArrived: true });
    fake.control.failNext("html-502");
    expect(await send("RES-A19-502")).toMatchObject({ outcome: "retry", code: "http-502", mayHaveArrived: true });
    fake.control.failNext("soap-client-fault");
    expect(await send("RES-A19-CLIENT")).toMatchObject({ outcome: "retry", code: "soap-client-fault", maxTries: 3 });
    // The company's CIF goes as codigoArrendador, taken from organizationIdentifier.
    expect(await send("RES-A19-B")).toMatchObject({ outcome: "done" });
    expect(fake.control.filings().find((filing) => filing.referencia === "RES-A19-B")?.codigoArrendador).toBe("B12345674");
  });

  it("Probar conexión: an empty solicitud answers PET07 once signature and user pass (done, nothing filed); a stranger gets 403", async () => {
    const before = fake.control.filings().length;
    expect(await clientFor(certs.person).probe()).toMatchObject({ outcome: "done", code: "PET07" });
    expect(await clientFor(certs.stranger).probe()).toMatchObject({ outcome: "credentials", code: "403" });
    expect(fake.control.filings()).toHaveLength(before);
  });

  it("answers in the PRE captures' namespace read the same", async () => {
    const pre = await startFakeErtzaintza({ responseStyle: "pre" });
    try {
      const client = clientFor(certs.person, { endpoint: pre.url });
      expect(await client.send("PV", buildErtzaintzaPv(withContract({ reference: "RES-A19-PRE" })))).toMatchObject({ outcome: "done", code: "0" });
      expect(await client.send("PV", buildErtzaintzaPv(withContract({ reference: "RES-A19-PRE" })))).toMatchObject({ outcome: "data", code: "CTO01" });
    } finally {
      await pre.close();
    }
  });

  it("a hand-made envelope with an unsigned header is refused with a WS-Security fault", async () => {
    const ids = newWsseIds();
    const body = buildEnvioFicheroXmlBody({ aplicacion: "NidoSmart", codigoArrendador: "12345678Z", tipoComunicacion: "PV" }, buildErtzaintzaPv(withContract({ reference: "RES-A19-RAW" })), ids.body);
    const signedXml = signEnvelope(body, { certificatePem: certs.person.certificatePem, privateKeyPem: certs.person.privateKeyPem }, ids);
    const unsigned = signedXml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "");
    const response = await fetch(fake.url, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${ERTZAINTZA_SOAP_ACTION}"` }, body: unsigned });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("<faultcode>wsse:InvalidSecurity</faultcode>");
  });
});

describe("TLS as pre-production serves it (an internal CA's chain)", () => {
  let pki: TestPki;
  let fake: RunningFakeErtzaintza;
  beforeAll(async () => {
    pki = createTestPki();
    fake = await startFakeErtzaintza({ tls: { key: pki.leafKey, cert: pki.leafPem } });
  });
  afterAll(async () => {
    await fake?.close();
    pki?.cleanup();
  });
  const client = (ca?: string) =>
    createErtzaintzaClient({
      endpoint: fake.url,
      lessorCode: certs.person.taxId,
      aplicacion: "NidoSmart",
      signingKey: { certificatePem: certs.person.certificatePem, privateKeyPem: certs.person.privateKeyPem },
      timeoutMs: 5_000,
      ...(ca ? { ca } : {}),
    });

  it("works with ERTZAINTZA_CA_FILE's CAs for this client; without them it stops with words, never a retry", async () => {
    expect(await client(`${pki.intermediatePem}${pki.rootPem}`).probe()).toMatchObject({ outcome: "done", code: "PET07" });
    const refused = await client().probe();
    expect(refused).toMatchObject({ outcome: "credentials", code: "tls", mayHaveArrived: false });
    expect(refused.message).toMatch(/^El certificado del servidor de la Ertzaintza no se pudo verificar: revise ERTZAINTZA_CA_FILE .*\(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/);
  });
});
