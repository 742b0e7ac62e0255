import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES, readSigningCertificate, taxIdFromSubject } from "#app/modules/ertzaintza/ertzaintza-certificate.server.ts";
import { createSigningCertificates, P12_PASSWORD, type TestSigningCertificates } from "#tests/helpers/test-signing-certificates.ts";

// The owner's certificate as staff upload it (ADR 0018): the PKCS#12 files OpenSSL 3 and older
// browsers write, PEM with a clear or encrypted key; and every way it can be wrong, each with its
// Spanish message.

let certs: TestSigningCertificates;
beforeAll(() => {
  certs = createSigningCertificates();
});
afterAll(() => certs?.cleanup());

describe("reading the signing certificate", () => {
  it.each(["p12", "legacyP12", "pem", "encryptedPem"] as const)("reads %s: leaf, RSA key, subject, issuer, dates, tax id", (form) => {
    const password = form === "pem" ? "" : P12_PASSWORD;
    const read = readSigningCertificate(certs.person[form], password);
    expect(read.subject).toBe("CN=EJEMPLO FICTICIA LUCÍA - 12345678Z, GN=LUCÍA, SN=EJEMPLO FICTICIA, serialNumber=IDCES-12345678Z, C=ES");
    expect(read.issuer).toBe(read.subject);
    expect(read.taxId).toBe("12345678Z");
    expect(read.notAfter.getTime() - read.notBefore.getTime()).toBe(30 * 86_400_000);
    expect(read.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(read.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(read.certificatePem).toContain("-----BEGIN CERTIFICATE-----");
  });

  it("takes a company's CIF from organizationIdentifier", () => {
    expect(readSigningCertificate(certs.company.p12, P12_PASSWORD).taxId).toBe("B12345674");
    expect(taxIdFromSubject("C=ES\norganizationIdentifier=VATES-B12345674\nCN=X")).toBe("B12345674");
    expect(taxIdFromSubject("C=ES\nserialNumber=12345678Z\nCN=X")).toBe("12345678Z");
    expect(taxIdFromSubject("C=ES\nCN=X")).toBeNull();
  });

  it.each([
    ["a wrong password", () => readSigningCertificate(certs.person.p12, "otra"), CERTIFICATE_MESSAGES.wrongPassword],
    ["a wrong password (legacy file)", () => readSigningCertificate(certs.person.legacyP12, "otra"), CERTIFICATE_MESSAGES.wrongPassword],
    ["no password for a protected file", () => readSigningCertificate(certs.person.p12, ""), CERTIFICATE_MESSAGES.passwordNeeded],
    ["a wrong password (encrypted PEM key)", () => readSigningCertificate(certs.person.encryptedPem, "otra"), CERTIFICATE_MESSAGES.wrongPassword],
    ["a file that is not a certificate", () => readSigningCertificate(Buffer.from("%PDF-1.7 no es un certificado"), "x"), CERTIFICATE_MESSAGES.notCertificate],
    ["the certificate alone (.cer)", () => readSigningCertificate(certs.person.der, ""), CERTIFICATE_MESSAGES.noKey],
    ["the certificate alone (PEM)", () => readSigningCertificate(Buffer.from(certs.person.certificatePem), ""), CERTIFICATE_MESSAGES.noKey],
    ["a key that is not the certificate's", () => readSigningCertificate(Buffer.from(certs.person.certificatePem + certs.stranger.privateKeyPem), ""), CERTIFICATE_MESSAGES.keyMismatch],
    ["an EC key", () => readSigningCertificate(certs.ecP12, P12_PASSWORD), CERTIFICATE_MESSAGES.notRsa],
    ["an empty file", () => readSigningCertificate(Buffer.alloc(0), ""), CERTIFICATE_MESSAGES.empty],
    ["an oversized file", () => readSigningCertificate(Buffer.alloc(40_000, 1), ""), CERTIFICATE_MESSAGES.tooLarge],
  ])("refuses %s in Spanish", (_, read, message) => {
    expect(read).toThrow(message);
  });

  it("refuses an expired certificate, naming the day", () => {
    expect(() => readSigningCertificate(certs.expiredP12, P12_PASSWORD)).toThrow(/^El certificado caducó el \d{2}\/\d{2}\/\d{4}: renuévalo y súbelo de nuevo$/);
  });
});
