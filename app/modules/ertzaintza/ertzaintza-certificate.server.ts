import { createPrivateKey, X509Certificate, type KeyObject } from "node:crypto";
import forge from "node-forge";
import { formatDate } from "#app/lib/dates.ts";

// Reading the owner's signing certificate for the Ertzaintza's A19 service (ADR 0018). What
// staff have is usually the file their browser or the FNMT exports: a PKCS#12 (.p12/.pfx)
// protected by a password, holding the certificate, its private key and often the issuer
// chain. A PEM (certificate plus key, the key optionally encrypted) is accepted too, for those
// who converted it with openssl. PKCS#12 is read with node-forge because Node's crypto cannot
// open one (tls can use a pfx, but never hands out its key), and because the files browsers
// and older Windows export still use RC2-40/3DES, which OpenSSL 3 refuses without its legacy
// provider; node-forge reads those and the AES/PBKDF2 ones OpenSSL 3 writes.
//
// The result is normalised to PEM (leaf first, then the chain; the key as unencrypted PKCS#8)
// only to be encrypted at once by the caller: it never reaches a log, a page or the disk in
// clear. The file's password is used here and forgotten.

export const MAX_CERTIFICATE_FILE_BYTES = 32 * 1024;

export const CERTIFICATE_MESSAGES = {
  empty: "Elige el archivo del certificado (.p12, .pfx o .pem)",
  tooLarge: "El archivo es demasiado grande para ser un certificado (máximo 32 KB)",
  notCertificate:
    "El archivo no es un certificado: sube el .p12 o .pfx exportado con su clave privada, o un .pem con el certificado y la clave",
  passwordNeeded: "El certificado está protegido con contraseña: escríbela",
  wrongPassword: "La contraseña del certificado no es correcta",
  noKey: "El archivo no incluye la clave privada: expórtalo de nuevo marcando «exportar la clave privada» (archivo .p12 o .pfx)",
  noCertificate: "El archivo solo tiene una clave privada: falta el certificado",
  keyMismatch: "La clave privada del archivo no corresponde a ninguno de sus certificados",
  notRsa: "El certificado debe tener una clave RSA: el servicio de la Ertzaintza solo admite firmas RSA-SHA1",
} as const;

export const certificateExpiredMessage = (notAfter: Date) => `El certificado caducó el ${formatDate(notAfter)}: renuévalo y súbelo de nuevo`;
export const certificateNotYetValidMessage = (notBefore: Date) => `El certificado aún no es válido: lo será a partir del ${formatDate(notBefore)}`;

export class ErtzaintzaCertificateError extends Error {
  override name = "ErtzaintzaCertificateError";
}

export interface SigningCertificate {
  /** The leaf first, then the chain the file carried. */
  certificatePem: string;
  /** Unencrypted PKCS#8. */
  privateKeyPem: string;
  /** "CN=…, serialNumber=…, C=ES" (most specific first, as people read them). */
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 of the DER, "AB:CD:…". */
  fingerprint: string;
  /** The holder's CIF/NIF as the certificate states it, when it does. */
  taxId: string | null;
}

const fail = (message: string): never => {
  throw new ErtzaintzaCertificateError(message);
};

/** Node prints a name one attribute a line, from the country down; people read it the other way. */
function readableName(name: string): string {
  return name
    .split("\n")
    .filter((line) => line.trim() !== "")
    .reverse()
    .join(", ");
}

/**
 * The tax id in a Spanish qualified certificate: a company's `organizationIdentifier`
 * (VATES-B12345678, the lessor when the certificate is a company's or its representative's),
 * else the person's `serialNumber` (IDCES-12345678Z, or the bare NIF in older FNMT ones).
 */
export function taxIdFromSubject(subject: string): string | null {
  const attribute = (name: string) => new RegExp(`^${name}=(.+)$`, "m").exec(subject)?.[1]?.trim().replace(/^"|"$/g, "") ?? null;
  const organization = attribute("organizationIdentifier") ?? attribute("2\\.5\\.4\\.97");
  const vat = organization ? /^VAT[A-Z]{2}-?([A-Z0-9]{8,12})$/.exec(organization)?.[1] : undefined;
  if (vat) return vat;
  const serial = attribute("serialNumber");
  const personal = serial ? /^(?:IDC[A-Z]{2}-|PAS[A-Z]{2}-)?([A-Z0-9]{8,12})$/.exec(serial)?.[1] : undefined;
  return personal ?? null;
}

const isPem = (bytes: Buffer) => /^\s*-----BEGIN /.test(bytes.subarray(0, 200).toString("latin1").replace(/^\uFEFF/, ""));

function rsaKeyOf(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== "rsa") fail(CERTIFICATE_MESSAGES.notRsa);
  return key;
}

function readPem(text: string, password: string): { certificates: X509Certificate[]; key: KeyObject } {
  const certificates = (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((block) => {
    try {
      return new X509Certificate(block);
    } catch {
      return fail(CERTIFICATE_MESSAGES.notCertificate);
    }
  });
  const keyBlock = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.exec(text)?.[0];
  if (!keyBlock) return fail(certificates.length > 0 ? CERTIFICATE_MESSAGES.noKey : CERTIFICATE_MESSAGES.notCertificate);
  if (certificates.length === 0) fail(CERTIFICATE_MESSAGES.noCertificate);
  const encrypted = /ENCRYPTED|Proc-Type: 4,ENCRYPTED/.test(keyBlock);
  if (encrypted && password === "") fail(CERTIFICATE_MESSAGES.passwordNeeded);
  let key: KeyObject;
  try {
    key = createPrivateKey(encrypted ? { key: keyBlock, format: "pem", passphrase: password } : { key: keyBlock, format: "pem" });
  } catch {
    return fail(encrypted ? CERTIFICATE_MESSAGES.wrongPassword : CERTIFICATE_MESSAGES.notCertificate);
  }
  return { certificates, key: rsaKeyOf(key) };
}

function readPkcs12(bytes: Buffer, password: string): { certificates: X509Certificate[]; key: KeyObject } {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(bytes.toString("binary"));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (/MAC could not be verified|wrong password|Invalid password/i.test(message)) {
        return fail(password === "" ? CERTIFICATE_MESSAGES.passwordNeeded : CERTIFICATE_MESSAGES.wrongPassword);
      }
      // A bare DER certificate (.cer/.crt) is no PKCS#12: it has no key.
      try {
        new X509Certificate(bytes);
        return fail(CERTIFICATE_MESSAGES.noKey);
      } catch (inner) {
        if (inner instanceof ErtzaintzaCertificateError) throw inner;
      }
      return fail(CERTIFICATE_MESSAGES.notCertificate);
    }
  } catch (error) {
    if (error instanceof ErtzaintzaCertificateError) throw error;
    return fail(CERTIFICATE_MESSAGES.notCertificate);
  }
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
  const certificates: X509Certificate[] = [];
  for (const bag of p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []) {
    // node-forge leaves certificates it cannot model (an EC issuer, say) as raw ASN.1.
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (!asn1) continue;
    try {
      certificates.push(new X509Certificate(der(asn1)));
    } catch {
      fail(CERTIFICATE_MESSAGES.notCertificate);
    }
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const keys = keyBags.map((bag) => {
    // RSA keys come decoded; any other kind stays as its PrivateKeyInfo.
    const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey)) : bag.asn1;
    if (!info) return null;
    try {
      return createPrivateKey({ key: der(info), format: "der", type: "pkcs8" });
    } catch {
      return null;
    }
  });
  const key = keys.find((candidate): candidate is KeyObject => candidate !== null);
  if (!key) return fail(certificates.length > 0 ? CERTIFICATE_MESSAGES.noKey : CERTIFICATE_MESSAGES.notCertificate);
  if (certificates.length === 0) fail(CERTIFICATE_MESSAGES.noCertificate);
  return { certificates, key: rsaKeyOf(key) };
}

/**
 * The signing certificate in a .p12/.pfx (DER) or PEM file. Throws ErtzaintzaCertificateError
 * with a message for staff: not a certificate, a wrong or missing password, no key, a key that
 * is not the certificate's, not RSA, expired or not yet valid at `now`.
 */
export function readSigningCertificate(bytes: Buffer, password: string, now = new Date()): SigningCertificate {
  if (bytes.length === 0) fail(CERTIFICATE_MESSAGES.empty);
  if (bytes.length > MAX_CERTIFICATE_FILE_BYTES) fail(CERTIFICATE_MESSAGES.tooLarge);
  const { certificates, key } = isPem(bytes) ? readPem(bytes.toString("utf8"), password) : readPkcs12(bytes, password);
  const leaf = certificates.find((certificate) => certificate.checkPrivateKey(key));
  if (!leaf) return fail(CERTIFICATE_MESSAGES.keyMismatch);
  const notBefore = new Date(leaf.validFrom);
  const notAfter = new Date(leaf.validTo);
  if (notAfter.getTime() <= now.getTime()) fail(certificateExpiredMessage(notAfter));
  if (notBefore.getTime() > now.getTime()) fail(certificateNotYetValidMessage(notBefore));
  const chain = certificates.filter((certificate) => certificate !== leaf && certificate.fingerprint256 !== leaf.fingerprint256);
  return {
    certificatePem: [leaf, ...chain].map((certificate) => certificate.toString().trim()).join("\n") + "\n",
    privateKeyPem: key.export({ type: "pkcs8", format: "pem" }).toString(),
    subject: readableName(leaf.subject),
    issuer: readableName(leaf.issuer),
    notBefore,
    notAfter,
    fingerprint: leaf.fingerprint256,
    taxId: taxIdFromSubject(leaf.subject),
  };
}
