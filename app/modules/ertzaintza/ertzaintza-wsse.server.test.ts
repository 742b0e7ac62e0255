import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvioFicheroXmlBody } from "#app/modules/ertzaintza/ertzaintza-soap.ts";
import { newWsseIds, signEnvelope, type WsseSigningKey } from "#app/modules/ertzaintza/ertzaintza-wsse.server.ts";
import { verifyWsseEnvelope } from "#tests/fake-ertzaintza/verify-wsse.ts";
import { createSigningCertificates, type TestSigningCertificates } from "#tests/helpers/test-signing-certificates.ts";

// The WS-Security signature of envioFicheroXML (REGIONAL-POLICE.md §3.2): verified twice, by the
// fake's WSS4J-like checks (xml-crypto) and by an independent implementation, xmlsec1 (libxmlsec1
// over libxml2's own canonicaliser, Debian package `xmlsec1`, installed by .ci/run). A tampered
// Body, a foreign key, an expired Timestamp and a missing reference are all refused.

let certs: TestSigningCertificates;
let key: WsseSigningKey;
let dir: string;
beforeAll(() => {
  certs = createSigningCertificates();
  key = { certificatePem: certs.person.certificatePem, privateKeyPem: certs.person.privateKeyPem };
  dir = mkdtempSync(path.join(tmpdir(), "wsse-"));
});
afterAll(() => {
  certs?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

// Accents, markup-looking text and an ampersand inside the CDATA: the digest is over the
// canonical form, where CDATA becomes escaped text.
const DOCUMENT = '<?xml version="1.0" encoding="UTF-8"?>\n<alt:peticion xmlns:alt="http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV"><solicitud><nombre>Lucía &amp; Iñaki &lt;Ñ&gt;</nombre></solicitud></alt:peticion>';

function signed(now = new Date(), signingKey = key) {
  const ids = newWsseIds();
  const body = buildEnvioFicheroXmlBody({ aplicacion: "NidoSmart", codigoArrendador: "12345678Z", tipoComunicacion: "PV" }, DOCUMENT, ids.body);
  return { ids, xml: signEnvelope(body, signingKey, ids, { now }) };
}

/** xmlsec1's verdict with the given certificate; ids are found by the wsu:Id attribute. */
function xmlsec1(xml: string, certificatePem: string): { ok: boolean; output: string } {
  const name = `m-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(dir, `${name}.xml`), xml);
  writeFileSync(path.join(dir, `${name}.pem`), certificatePem);
  try {
    const output = execFileSync(
      "xmlsec1",
      ["--verify", "--pubkey-cert-pem", `${name}.pem`, "--id-attr:Id", "Body", "--id-attr:Id", "Timestamp", "--id-attr:Id", "BinarySecurityToken", `${name}.xml`],
      { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" },
    );
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe("the signed envioFicheroXML envelope", () => {
  it("has the policy's parts: token, Timestamp (300 s), exc-c14n + rsa-sha1, sha1 digests over Body, Timestamp and token, KeyInfo → token", () => {
    const now = new Date("2026-12-01T10:00:00.000Z");
    const { ids, xml } = signed(now);
    expect(xml).toContain('soapenv:mustUnderstand="1"');
    expect(xml).toContain(`<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>2026-12-01T10:00:00Z</wsu:Created><wsu:Expires>2026-12-01T10:05:00Z</wsu:Expires></wsu:Timestamp>`);
    expect(xml).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>');
    expect(xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    for (const id of [ids.body, ids.timestamp, ids.token]) expect(xml).toContain(`<ds:Reference URI="#${id}">`);
    expect(xml.match(/<ds:DigestMethod Algorithm="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#sha1"\/>/g)).toHaveLength(3);
    expect(xml).toContain(`<wsse:SecurityTokenReference><wsse:Reference URI="#${ids.token}" ValueType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3"/></wsse:SecurityTokenReference>`);
    // The document travels untouched in CDATA; no private key anywhere.
    expect(xml).toContain(`<![CDATA[${DOCUMENT.replace(/^<\?xml[^>]*\?>\s*/, "")}]]>`);
    expect(xml).not.toContain("PRIVATE KEY");
  });

  it("verifies with the embedded certificate (fake's checks, xml-crypto) and with xmlsec1", () => {
    const { xml, ids } = signed();
    const verdict = verifyWsseEnvelope(xml);
    expect(verdict).toMatchObject({ ok: true, bodyId: ids.body });
    const independent = xmlsec1(xml, certs.person.certificatePem);
    expect(independent.ok, independent.output).toBe(true);
  });

  it("a changed Body fails both verifiers", () => {
    const tampered = signed().xml.replace("Lucía", "Lucia");
    expect(verifyWsseEnvelope(tampered)).toMatchObject({ ok: false, faultcode: "wsse:FailedCheck" });
    expect(xmlsec1(tampered, certs.person.certificatePem).ok).toBe(false);
  });

  it("a signature by another key than the token's certificate fails both", () => {
    const { xml } = signed(new Date(), { certificatePem: certs.person.certificatePem, privateKeyPem: certs.stranger.privateKeyPem });
    expect(verifyWsseEnvelope(xml)).toMatchObject({ ok: false, faultcode: "wsse:FailedCheck" });
    expect(xmlsec1(xml, certs.person.certificatePem).ok).toBe(false);
  });

  it("an expired or future Timestamp, or one living over 300 s, is refused", () => {
    const old = signed(new Date(Date.now() - 301_000)).xml;
    expect(verifyWsseEnvelope(old)).toMatchObject({ ok: false, faultcode: "wsse:MessageExpired" });
    const future = signed(new Date(Date.now() + 120_000)).xml;
    expect(verifyWsseEnvelope(future)).toMatchObject({ ok: false, faultcode: "wsse:InvalidSecurity" });
    const ids = newWsseIds();
    const long = signEnvelope(buildEnvioFicheroXmlBody({ aplicacion: "a", codigoArrendador: "b", tipoComunicacion: "PV" }, DOCUMENT, ids.body), key, ids, { ttlSeconds: 3600 });
    expect(verifyWsseEnvelope(long)).toMatchObject({ ok: false, faultcode: "wsse:InvalidSecurity" });
  });

  it("a Timestamp changed after signing breaks the signature", () => {
    const { xml } = signed();
    const later = xml.replace(/<wsu:Expires>([^<]+)<\/wsu:Expires>/, (_, value: string) => `<wsu:Expires>${new Date(Date.parse(value) - 1000).toISOString().replace(/\.\d{3}Z$/, "Z")}</wsu:Expires>`);
    expect(verifyWsseEnvelope(later)).toMatchObject({ ok: false, faultcode: "wsse:FailedCheck" });
    expect(xmlsec1(later, certs.person.certificatePem).ok).toBe(false);
  });

  it("a signature missing the token's reference is refused", () => {
    const { xml, ids } = signed();
    const withoutToken = xml.replace(new RegExp(`<ds:Reference URI="#${ids.token}">.*?</ds:Reference>`), "");
    expect(verifyWsseEnvelope(withoutToken)).toMatchObject({ ok: false, faultcode: "wsse:FailedCheck" });
  });
});
