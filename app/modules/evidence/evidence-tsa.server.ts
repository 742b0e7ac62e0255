import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

// RFC 3161 time-stamps (ADR 0022): the SHA-256 of a report file sent to the time-stamp authority
// of TSA_URL, whose signed token proves the file existed at its genTime. The ASN.1 is pkijs'
// (TimeStampReq, TimeStampResp, SignedData, TSTInfo), never hand-written. The token is checked
// here for what ties it to this file — status granted, our hash as its message imprint, our
// nonce, and the TSA's signature over it with the certificate the token carries; whether that
// certificate belongs to a trusted TSA is for whoever relies on it (openssl ts -verify with the
// TSA's CA, as the ZIP's LEEME.txt shows).

const SHA256_OID = "2.16.840.1.101.3.4.2.1";
export const TSA_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 256 * 1024;

export class TimestampError extends Error {
  override name = "TimestampError";
}

export type Timestamp = { token: Buffer; genTime: Date; serial: string };

function buildRequest(digest: Buffer, nonce: Buffer): ArrayBuffer {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce) }),
    certReq: true,
  });
  return request.toSchema().toBER(false);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && timingSafeEqual(a, b);

/** The token's TSTInfo, read from a DER ContentInfo (a stored token or a response's). */
export function readTimestampToken(token: Uint8Array): { tstInfo: pkijs.TSTInfo; signedData: pkijs.SignedData } {
  const asn = asn1js.fromBER(new Uint8Array(token));
  if (asn.offset === -1) throw new TimestampError("el sello de tiempo no es ASN.1 válido");
  const contentInfo = new pkijs.ContentInfo({ schema: asn.result });
  if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new TimestampError("el sello de tiempo no es un SignedData");
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) throw new TimestampError("el sello de tiempo no contiene TSTInfo");
  const tstAsn = asn1js.fromBER(eContent.getValue());
  if (tstAsn.offset === -1) throw new TimestampError("el TSTInfo no es ASN.1 válido");
  return { tstInfo: new pkijs.TSTInfo({ schema: tstAsn.result }), signedData };
}

/** Checks a token against a file (and a nonce when given); returns its time. */
export async function checkTimestampToken(token: Uint8Array, data: Uint8Array, nonce?: Buffer): Promise<{ genTime: Date; serial: string }> {
  const digest = createHash("sha256").update(data).digest();
  const { tstInfo, signedData } = readTimestampToken(token);
  if (tstInfo.messageImprint.hashAlgorithm.algorithmId !== SHA256_OID) throw new TimestampError("el sello de tiempo no usa SHA-256");
  const imprint = new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!sameBytes(imprint, digest)) throw new TimestampError("el sello de tiempo es de otro archivo");
  if (nonce) {
    const got = Buffer.from(tstInfo.nonce?.valueBlock.valueHexView ?? new Uint8Array());
    // An INTEGER drops leading zero bytes: compare the values.
    if (BigInt(`0x${got.toString("hex") || "0"}`) !== BigInt(`0x${nonce.toString("hex")}`)) throw new TimestampError("el sello de tiempo no responde a esta petición");
  }
  let signed = false;
  try {
    // pkijs checks the TSTInfo's imprint against the data itself, then the signature.
    signed = await signedData.verify({ signer: 0, checkChain: false, extendedMode: false, data: new Uint8Array(data).buffer as ArrayBuffer });
  } catch {
    signed = false;
  }
  if (!signed) throw new TimestampError("la firma del sello de tiempo no es válida");
  return { genTime: tstInfo.genTime, serial: Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString("hex") };
}

/** Asks the TSA at `url` to time-stamp a file (its SHA-256 is what is sent). */
export async function requestTimestamp(url: string, data: Uint8Array, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Promise<Timestamp> {
  const digest = createHash("sha256").update(data).digest();
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f; // a positive INTEGER
  if (nonce[0] === 0) nonce[0] = 1;
  const body = buildRequest(digest, nonce);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/timestamp-query", Accept: "application/timestamp-reply" },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? TSA_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    throw new TimestampError(`la autoridad de sellado no responde (${(error as Error).message})`);
  }
  if (!response.ok) throw new TimestampError(`la autoridad de sellado respondió ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_RESPONSE_BYTES) throw new TimestampError("la respuesta de la autoridad de sellado es demasiado grande");
  const asn = asn1js.fromBER(bytes);
  if (asn.offset === -1) throw new TimestampError("la respuesta de la autoridad de sellado no es ASN.1 válido");
  const reply = new pkijs.TimeStampResp({ schema: asn.result });
  const status = reply.status.status;
  if (status !== 0 && status !== 1) {
    const text = reply.status.statusStrings?.map((s) => s.valueBlock.value).join("; ");
    throw new TimestampError(`la autoridad de sellado rechazó la petición (estado ${status}${text ? `: ${text}` : ""})`);
  }
  if (!reply.timeStampToken) throw new TimestampError("la respuesta de la autoridad de sellado no trae sello");
  const token = Buffer.from(reply.timeStampToken.toSchema().toBER(false));
  const checked = await checkTimestampToken(token, data, nonce);
  return { token, ...checked };
}
