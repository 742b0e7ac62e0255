import { X509Certificate } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import {
  BASE64_ENCODING_TYPE,
  DSIG_NAMESPACE,
  EXC_C14N,
  RSA_SHA1,
  SHA1_DIGEST,
  SOAP_ENV_NAMESPACE,
  WSSE_NAMESPACE,
  WSSE_TIMESTAMP_TTL_SECONDS,
  X509V3_VALUE_TYPE,
} from "#app/modules/ertzaintza/ertzaintza-wsse.server.ts";
import { WSU_NAMESPACE } from "#app/modules/ertzaintza/ertzaintza-soap.ts";

// What the A19 service's WS-Security layer checks before anything else (REGIONAL-POLICE.md
// §3.2, §4.2), done the way a WSS4J stack does it: the Timestamp is there and current, the
// BinarySecurityToken is an X.509 v3 certificate, the Signature uses exclusive C14N and
// RSA-SHA1 with SHA-1 digests, references exactly the Body, the Timestamp and the token by their
// wsu:Id, points its KeyInfo at the token, and verifies with the token's certificate. The
// verification itself is xml-crypto's over the received bytes. A failure is a WS-Security
// fault (OASIS WSS 1.0 §12 codes), as the service's OSB would answer it.

export type WsseVerdict =
  | { ok: true; certificate: X509Certificate; bodyId: string }
  | { ok: false; faultcode: "wsse:InvalidSecurity" | "wsse:InvalidSecurityToken" | "wsse:FailedCheck" | "wsse:UnsupportedAlgorithm" | "wsse:MessageExpired" | "wsse:FailedAuthentication"; faultstring: string };

type El = Element;

const children = (parent: El | Document, namespace: string, localName: string): El[] =>
  Array.from(parent.childNodes as unknown as ArrayLike<Node>).filter(
    (node): node is El => node.nodeType === 1 && (node as El).localName === localName && (node as El).namespaceURI === namespace,
  );
const child = (parent: El | Document, namespace: string, localName: string): El | undefined => children(parent, namespace, localName)[0];
const wsuId = (element: El | undefined) => element?.getAttributeNS(WSU_NAMESPACE, "Id") ?? "";

export function verifyWsseEnvelope(xml: string, now = new Date(), maxSkewMs = 60_000): WsseVerdict {
  const fail = (faultcode: Extract<WsseVerdict, { ok: false }>["faultcode"], faultstring: string): WsseVerdict => ({ ok: false, faultcode, faultstring });
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level: string, message: string) => (level !== "warning" ? errors.push(message) : undefined) }).parseFromString(xml, "text/xml");
  const envelope = doc.documentElement;
  if (errors.length > 0 || !envelope || envelope.localName !== "Envelope" || envelope.namespaceURI !== SOAP_ENV_NAMESPACE) return fail("wsse:InvalidSecurity", "Mensaje SOAP no válido");
  const header = child(envelope, SOAP_ENV_NAMESPACE, "Header");
  const body = child(envelope, SOAP_ENV_NAMESPACE, "Body");
  const security = header ? child(header, WSSE_NAMESPACE, "Security") : undefined;
  if (!security || !body) return fail("wsse:InvalidSecurity", "Falta la cabecera wsse:Security");

  // Timestamp: present, not expired, not from the future, a lifetime no longer than allowed.
  const timestamp = child(security, WSU_NAMESPACE, "Timestamp");
  const created = Date.parse(timestamp ? (child(timestamp, WSU_NAMESPACE, "Created")?.textContent ?? "") : "");
  const expires = Date.parse(timestamp ? (child(timestamp, WSU_NAMESPACE, "Expires")?.textContent ?? "") : "");
  if (!timestamp || !Number.isFinite(created) || !Number.isFinite(expires)) return fail("wsse:InvalidSecurity", "Falta wsu:Timestamp con Created y Expires");
  if (expires <= now.getTime()) return fail("wsse:MessageExpired", "The message has expired");
  if (created > now.getTime() + maxSkewMs) return fail("wsse:InvalidSecurity", "Timestamp Created en el futuro");
  if (expires - created > WSSE_TIMESTAMP_TTL_SECONDS * 1000) return fail("wsse:InvalidSecurity", "Timestamp con una vida mayor de la admitida");

  // The token: an X.509 v3 certificate in Base64 DER.
  const token = child(security, WSSE_NAMESPACE, "BinarySecurityToken");
  if (!token) return fail("wsse:InvalidSecurityToken", "Falta wsse:BinarySecurityToken");
  if (token.getAttribute("ValueType") !== X509V3_VALUE_TYPE || token.getAttribute("EncodingType") !== BASE64_ENCODING_TYPE) {
    return fail("wsse:InvalidSecurityToken", "BinarySecurityToken no es un certificado X509v3 en Base64");
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from((token.textContent ?? "").replace(/\s+/g, ""), "base64"));
  } catch {
    return fail("wsse:InvalidSecurityToken", "El BinarySecurityToken no contiene un certificado");
  }

  // The Signature's algorithms and exactly the three references the policy requires.
  const signature = child(security, DSIG_NAMESPACE, "Signature");
  const signedInfo = signature ? child(signature, DSIG_NAMESPACE, "SignedInfo") : undefined;
  if (!signature || !signedInfo) return fail("wsse:InvalidSecurity", "Falta ds:Signature");
  if (child(signedInfo, DSIG_NAMESPACE, "CanonicalizationMethod")?.getAttribute("Algorithm") !== EXC_C14N) return fail("wsse:UnsupportedAlgorithm", "Se requiere C14N exclusiva");
  if (child(signedInfo, DSIG_NAMESPACE, "SignatureMethod")?.getAttribute("Algorithm") !== RSA_SHA1) return fail("wsse:UnsupportedAlgorithm", "Se requiere rsa-sha1");
  const references = children(signedInfo, DSIG_NAMESPACE, "Reference");
  for (const reference of references) {
    if (child(reference, DSIG_NAMESPACE, "DigestMethod")?.getAttribute("Algorithm") !== SHA1_DIGEST) return fail("wsse:UnsupportedAlgorithm", "Se requiere el resumen sha1");
    const transforms = child(reference, DSIG_NAMESPACE, "Transforms");
    const algorithms = transforms ? children(transforms, DSIG_NAMESPACE, "Transform").map((transform) => transform.getAttribute("Algorithm")) : [];
    if (algorithms.length !== 1 || algorithms[0] !== EXC_C14N) return fail("wsse:UnsupportedAlgorithm", "Cada referencia debe transformarse con C14N exclusiva");
  }
  const uris = references.map((reference) => reference.getAttribute("URI") ?? "").sort();
  const required = [wsuId(body), wsuId(timestamp), wsuId(token)];
  if (required.some((id) => id === "") || uris.join(" ") !== required.map((id) => `#${id}`).sort().join(" ")) {
    return fail("wsse:FailedCheck", "La firma debe cubrir el Body, el Timestamp y el BinarySecurityToken");
  }
  const keyInfo = child(signature, DSIG_NAMESPACE, "KeyInfo");
  const tokenReference = keyInfo ? child(keyInfo, WSSE_NAMESPACE, "SecurityTokenReference") : undefined;
  const direct = tokenReference ? child(tokenReference, WSSE_NAMESPACE, "Reference") : undefined;
  if (direct?.getAttribute("URI") !== `#${wsuId(token)}`) return fail("wsse:InvalidSecurityToken", "KeyInfo debe referenciar el BinarySecurityToken");

  // The cryptographic check, with the token's own certificate.
  const verifier = new SignedXml({ publicCert: certificate.toString(), idMode: "wssecurity", getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signature as unknown as Node);
    if (!verifier.checkSignature(xml)) return fail("wsse:FailedCheck", "The signature or decryption was invalid");
  } catch {
    // xml-crypto throws for a wrong value; WSS4J's text is the same for every failed check.
    return fail("wsse:FailedCheck", "The signature or decryption was invalid");
  }
  const validFrom = Date.parse(certificate.validFrom);
  const validTo = Date.parse(certificate.validTo);
  if (now.getTime() < validFrom || now.getTime() > validTo) return fail("wsse:FailedAuthentication", "Certificado fuera de su periodo de validez");
  return { ok: true, certificate, bodyId: wsuId(body) };
}
