import { randomUUID, X509Certificate } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { WSU_NAMESPACE } from "#app/modules/ertzaintza/ertzaintza-soap.ts";

// The WS-Security signature the A19 service requires (REGIONAL-POLICE.md §3.2, ADR 0018): policy
// `wss10_x509_token_with_message_protection` — a BinarySecurityToken with the signer's X.509
// certificate (Base64 DER), a Timestamp, and an XML-DSig Signature over the SOAP Body, the
// Timestamp and the token, each by its wsu:Id, with exclusive C14N, RSA-SHA1 and SHA-1 digests,
// KeyInfo a SecurityTokenReference to the token (direct reference). SHA-1 is what the service
// demands (Basic128 suite, a recipe a third party saw accepted by PRE), not our choice.
//
// Canonicalisation and signing are xml-crypto's (with @xmldom/xmldom): the digests are over the
// elements as they sit in the final envelope, namespace context included, which a hand-written
// canonicaliser would get subtly wrong. The envelope is signed once serialised and never
// re-serialised afterwards: the returned string is what goes on the wire.

export const SOAP_ENV_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
export const WSSE_NAMESPACE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
export const DSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
export const X509V3_VALUE_TYPE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3";
export const BASE64_ENCODING_TYPE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary";
export const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
export const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";
export const SHA1_DIGEST = "http://www.w3.org/2000/09/xmldsig#sha1";

/**
 * Time to live of the Timestamp. The Ertzaintza's own SoapUI project uses 60 s; PRE accepted
 * 300 s. 300 s leaves room for a clock a little off without making a captured message useful
 * for long.
 */
export const WSSE_TIMESTAMP_TTL_SECONDS = 300;

export interface WsseSigningKey {
  /** The signer's certificate (leaf) as PEM. */
  certificatePem: string;
  /** Its private key as PEM (PKCS#8 or PKCS#1), unencrypted: it only ever lives in memory. */
  privateKeyPem: string;
}

export interface WsseIds {
  body: string;
  timestamp: string;
  token: string;
}

/** wsu:Id values, unique per message (as WSS4J makes them). */
export function newWsseIds(): WsseIds {
  const id = randomUUID().replace(/-/g, "");
  return { body: `Body-${id}`, timestamp: `TS-${id}`, token: `X509-${id}` };
}

/** `2026-12-01T10:00:00Z`: whole seconds in UTC, as the WS-Security utility schema examples. */
const utcSeconds = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, "Z");

const byName = (namespace: string, localName: string) => `//*[local-name(.)='${localName}' and namespace-uri(.)='${namespace}']`;

/**
 * The signed envelope around a Body built by `buildEnvioFicheroXmlBody` with `ids.body` as its
 * wsu:Id. `now` and `ttlSeconds` set the Timestamp.
 */
export function signEnvelope(body: string, key: WsseSigningKey, ids: WsseIds, options: { now?: Date; ttlSeconds?: number } = {}): string {
  const now = options.now ?? new Date();
  const ttl = options.ttlSeconds ?? WSSE_TIMESTAMP_TTL_SECONDS;
  if (!body.includes(`wsu:Id="${ids.body}"`)) throw new RangeError("the Body does not carry the wsu:Id to sign");
  const der = new X509Certificate(key.certificatePem).raw.toString("base64");
  const unsigned =
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NAMESPACE}"><soapenv:Header>` +
    `<wsse:Security xmlns:wsse="${WSSE_NAMESPACE}" xmlns:wsu="${WSU_NAMESPACE}" soapenv:mustUnderstand="1">` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64_ENCODING_TYPE}" ValueType="${X509V3_VALUE_TYPE}" wsu:Id="${ids.token}">${der}</wsse:BinarySecurityToken>` +
    `<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>${utcSeconds(now)}</wsu:Created>` +
    `<wsu:Expires>${utcSeconds(new Date(now.getTime() + ttl * 1000))}</wsu:Expires></wsu:Timestamp>` +
    `</wsse:Security></soapenv:Header>${body}</soapenv:Envelope>`;

  const signature = new SignedXml({
    privateKey: key.privateKeyPem,
    idMode: "wssecurity",
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: RSA_SHA1,
    // KeyInfo: a direct reference to the token, as the policy's WssX509V3Token10 expects.
    getKeyInfoContent: () => `<wsse:SecurityTokenReference><wsse:Reference URI="#${ids.token}" ValueType="${X509V3_VALUE_TYPE}"/></wsse:SecurityTokenReference>`,
  });
  for (const xpath of [byName(SOAP_ENV_NAMESPACE, "Body"), byName(WSU_NAMESPACE, "Timestamp"), byName(WSSE_NAMESPACE, "BinarySecurityToken")]) {
    signature.addReference({ xpath, transforms: [EXC_C14N], digestAlgorithm: SHA1_DIGEST });
  }
  signature.computeSignature(unsigned, {
    prefix: "ds",
    location: { reference: byName(WSSE_NAMESPACE, "Security"), action: "append" },
    existingPrefixes: { wsse: WSSE_NAMESPACE, wsu: WSU_NAMESPACE },
  });
  return signature.getSignedXml();
}
