import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";

// Throwaway signing certificates shaped like a Spanish qualified one (FNMT puts the holder's NIF
// in serialNumber as IDCES-<NIF>; a company's certificate has organizationIdentifier VATES-<CIF>),
// made with the openssl CLI, as the owner's browser or the FNMT would hand them over: a PKCS#12
// as OpenSSL 3 writes it (AES-256, PBKDF2), a legacy one (RC2-40 and 3DES, as older browsers and
// Windows export), and PEM. The expired one is made with node-forge, since openssl cannot
// backdate a certificate. Keys live in a 0700 temp directory removed by cleanup().

export const P12_PASSWORD = "clave-del-certificado";

export type SigningIdentity = {
  taxId: string;
  certificatePem: string;
  privateKeyPem: string;
  /** OpenSSL 3's default PKCS#12 (AES-256-CBC, PBKDF2-HMAC-SHA256, SHA-256 MAC). */
  p12: Buffer;
  /** -legacy: RC2-40 certificates, 3DES key, SHA-1 MAC. */
  legacyP12: Buffer;
  /** Certificate and unencrypted key in one PEM file. */
  pem: Buffer;
  /** Certificate and the key encrypted (PKCS#8, AES-256) with P12_PASSWORD. */
  encryptedPem: Buffer;
  /** The certificate alone, DER (.cer): no key. */
  der: Buffer;
};

export type TestSigningCertificates = {
  /** A person: serialNumber=IDCES-12345678Z. */
  person: SigningIdentity;
  /** A company: organizationIdentifier=VATES-B12345674. */
  company: SigningIdentity;
  /** Someone the fake's "LDAP group" does not know. */
  stranger: SigningIdentity;
  /** Expired yesterday (PKCS#12, P12_PASSWORD). */
  expiredP12: Buffer;
  /** An EC key's certificate (PKCS#12, P12_PASSWORD): the service signs with RSA only. */
  ecP12: Buffer;
  dir: string;
  cleanup(): void;
};

export function createSigningCertificates(): TestSigningCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), "ertzaintza-certs-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });

  function identity(name: string, subject: string, taxId: string): SigningIdentity {
    openssl("req", "-utf8", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", file(`${name}.key`), "-out", file(`${name}.pem`), "-days", "30", "-subj", subject, "-addext", "keyUsage=critical,digitalSignature,nonRepudiation");
    openssl("pkcs12", "-export", "-inkey", file(`${name}.key`), "-in", file(`${name}.pem`), "-out", file(`${name}.p12`), "-passout", `pass:${P12_PASSWORD}`);
    openssl("pkcs12", "-export", "-legacy", "-inkey", file(`${name}.key`), "-in", file(`${name}.pem`), "-out", file(`${name}-legacy.p12`), "-passout", `pass:${P12_PASSWORD}`);
    openssl("pkcs8", "-topk8", "-v2", "aes-256-cbc", "-in", file(`${name}.key`), "-out", file(`${name}-encrypted.key`), "-passout", `pass:${P12_PASSWORD}`);
    openssl("x509", "-in", file(`${name}.pem`), "-outform", "DER", "-out", file(`${name}.der`));
    const certificatePem = readFileSync(file(`${name}.pem`), "utf8");
    const privateKeyPem = readFileSync(file(`${name}.key`), "utf8");
    return {
      taxId,
      certificatePem,
      privateKeyPem,
      p12: readFileSync(file(`${name}.p12`)),
      legacyP12: readFileSync(file(`${name}-legacy.p12`)),
      pem: Buffer.from(`${certificatePem}${privateKeyPem}`),
      encryptedPem: Buffer.from(`${certificatePem}${readFileSync(file(`${name}-encrypted.key`), "utf8")}`),
      der: readFileSync(file(`${name}.der`)),
    };
  }

  const person = identity("person", "/C=ES/serialNumber=IDCES-12345678Z/SN=EJEMPLO FICTICIA/GN=LUCÍA/CN=EJEMPLO FICTICIA LUCÍA - 12345678Z", "12345678Z");
  const company = identity("company", "/C=ES/organizationIdentifier=VATES-B12345674/O=EJEMPLO SL/CN=EJEMPLO SL - B12345674", "B12345674");
  const stranger = identity("stranger", "/C=ES/serialNumber=IDCES-00000000T/CN=DESCONOCIDO - 00000000T", "00000000T");

  // Expired: node-forge lets the dates be set freely.
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  certificate.serialNumber = "01";
  certificate.validity.notBefore = new Date(Date.now() - 400 * 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() - 86_400_000);
  const attributes = [{ shortName: "C", value: "ES" }, { name: "serialNumber", value: "IDCES-12345678Z" }, { shortName: "CN", value: "CADUCADO - 12345678Z" }];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  certificate.sign(forgeKey, forge.md.sha256.create());
  const expiredP12 = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(forgeKey, [certificate], P12_PASSWORD, { algorithm: "3des" })).getBytes(), "binary");

  openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", file("ec.key"), "-out", file("ec.pem"), "-days", "30", "-subj", "/C=ES/serialNumber=IDCES-12345678Z/CN=EC");
  openssl("pkcs12", "-export", "-inkey", file("ec.key"), "-in", file("ec.pem"), "-out", file("ec.p12"), "-passout", `pass:${P12_PASSWORD}`);
  const ecP12 = readFileSync(file("ec.p12"));
  writeFileSync(file("README"), "Throwaway test certificates; removed after the test.\n");

  return { person, company, stranger, expiredP12, ecP12, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
