import type http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { SOAP_CLIENT_FAULT_TRIES } from "#app/modules/ses/ses-classify.ts";
import { decodeSesResponse, NOT_SENT_CODES, postOnce, TLS_CHAIN_CODES, TLS_OTHER_CODES, type SesExchange } from "#app/modules/ses/ses-client.server.ts";
import {
  buildEnvioFicheroXmlBody,
  classifyErtzaintzaAnswer,
  ERTZAINTZA_SOAP_ACTION,
  parseErtzaintzaResponse,
  type ErtzaintzaAnswer,
} from "#app/modules/ertzaintza/ertzaintza-soap.ts";
import { newWsseIds, signEnvelope, type WsseSigningKey } from "#app/modules/ertzaintza/ertzaintza-wsse.server.ts";

// The client of the Ertzaintza's A19 service for one landlord account (ADR 0018): it signs each
// request (a fresh Timestamp every time, so the envelope is new on every attempt while the
// document inside is the stored one) and says what the answer means for the outbox. Like the
// SES client it does not retry, store or log; the exchange it returns carries the signed
// envelope, which holds the certificate (public) and the signature, never the key.

export interface ErtzaintzaClientOptions {
  endpoint: string;
  /** cabecera/codigoArrendador: the lessor's CIF/NIF. */
  lessorCode: string;
  aplicacion: string;
  signingKey: WsseSigningKey;
  timeoutMs: number;
  /** Extra trust anchors (PEM) for this client only: PRE's chain is an internal CA. */
  ca?: string;
}

/** done · retry · credentials (stop this account's Ertzaintza queue) · data (show the text). */
export type ErtzaintzaSendOutcome = "done" | "retry" | "credentials" | "data";

export interface ErtzaintzaSendResult {
  outcome: ErtzaintzaSendOutcome;
  /** "0", the service's family code (CTO01, PER05, 403…) or a transport code (timeout, tls…). */
  code: string;
  /** For staff, in Spanish: the service's own text when it gave one. */
  message: string;
  /** The service's request id (respuesta/peticion), the receipt of an accepted filing. */
  peticion: string | null;
  /** The request may have reached the service without an answer we read: a later resend of the
   *  same document is "in doubt", and CTO01 then means "already filed". */
  mayHaveArrived: boolean;
  /** Every error was CTO01 on a resend in doubt: filed before, by the attempt whose reply was lost. */
  alreadyFiled: boolean;
  /** A retry-class failure that must stop after this many tries (a SOAP Client fault). */
  maxTries?: number;
  exchange: SesExchange;
}

export interface ErtzaintzaClient {
  /** Files one stored document (PV or RH): exactly `document`, signed now. */
  send(tipo: "PV" | "RH", document: string, options?: { resendInDoubt?: boolean }): Promise<ErtzaintzaSendResult>;
  /**
   * "Probar conexión": a signed request with an empty `solicitud`. Once the signature and the
   * user are accepted the service answers PET07 ("the XML is mandatory") and files nothing
   * (REGIONAL-POLICE.md §3.2), so PET07 is `done` here.
   */
  probe(): Promise<ErtzaintzaSendResult>;
}

export const ERTZAINTZA_MESSAGES = {
  rejectedPrefix: "La Ertzaintza rechazó el parte",
  notAuthorised:
    "La Ertzaintza no autoriza este certificado: compruebe que está dado de alta en el Departamento de Seguridad para el Registro Hostelero y que el CIF del arrendador es el suyo",
  signatureRefused: "La Ertzaintza rechazó la firma WS-Security del mensaje",
  clock: "compruebe la hora del servidor",
  tlsChain: "El certificado del servidor de la Ertzaintza no se pudo verificar: revise ERTZAINTZA_CA_FILE (preproducción usa una CA interna)",
  tlsExpired: "El certificado del servidor de la Ertzaintza ha caducado o aún no es válido: revise la fecha del servidor y ERTZAINTZA_CA_FILE",
  tlsName: "El certificado del servidor de la Ertzaintza no corresponde a su dirección: revise ERTZAINTZA_ENDPOINT",
  tlsOther: "El certificado del servidor de la Ertzaintza no es de confianza: revise ERTZAINTZA_CA_FILE",
  timeout: "Sin respuesta de la Ertzaintza a tiempo",
  network: "Error de red con la Ertzaintza",
  unreadable: "Respuesta de la Ertzaintza no reconocida",
  wrongEndpoint: "La dirección del servicio de la Ertzaintza no responde a envioFicheroXML: revise ERTZAINTZA_ENDPOINT",
  transient: "Error técnico de la Ertzaintza; se reintentará",
  tooMany: "La Ertzaintza rechazó la petición por su tamaño",
} as const;

// WS-Security faults (OASIS WSS 1.0 §12) a WSS4J/OSB stack answers for a signature, token or
// timestamp it refuses: never a retry, the request will not pass as it is.
const WSSE_FAULT = /\b(InvalidSecurity|InvalidSecurityToken|FailedAuthentication|FailedCheck|SecurityTokenUnavailable|UnsupportedSecurityToken|UnsupportedAlgorithm|MessageExpired)\b/;

type Partial = Omit<ErtzaintzaSendResult, "exchange">;

function transportResult(error: unknown): Partial {
  const base = { peticion: null, alreadyFiled: false };
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return { ...base, outcome: "retry", code: "timeout", message: ERTZAINTZA_MESSAGES.timeout, mayHaveArrived: true };
  const errno = (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException).code : undefined);
  if (errno && (TLS_CHAIN_CODES.has(errno) || TLS_OTHER_CODES.has(errno))) {
    const words = TLS_CHAIN_CODES.has(errno)
      ? ERTZAINTZA_MESSAGES.tlsChain
      : errno === "CERT_HAS_EXPIRED" || errno === "CERT_NOT_YET_VALID"
        ? ERTZAINTZA_MESSAGES.tlsExpired
        : errno === "ERR_TLS_CERT_ALTNAME_INVALID" || errno === "HOSTNAME_MISMATCH"
          ? ERTZAINTZA_MESSAGES.tlsName
          : ERTZAINTZA_MESSAGES.tlsOther;
    return { ...base, outcome: "credentials", code: "tls", message: `${words} (${errno})`, mayHaveArrived: false };
  }
  const detail = errno ?? (error instanceof Error ? error.message : String(error));
  return { ...base, outcome: "retry", code: "network", message: `${ERTZAINTZA_MESSAGES.network}: ${detail}`, mayHaveArrived: !(errno && NOT_SENT_CODES.has(errno)) };
}

/** `texto (C_1|2_PER05_VI); otro (C_1_CTO05)`: the service's words with the code that names the person. */
const errorText = (answer: ErtzaintzaAnswer) => answer.errors.map((error) => `${error.descripcion || "sin descripción"} (${error.codigo})`).join("; ");

function answerResult(answer: ErtzaintzaAnswer, options: { resendInDoubt?: boolean; probe?: boolean }): Partial {
  const codes = answer.errors.map((error) => error.code);
  const peticion = answer.peticion || null;
  const base = { peticion, mayHaveArrived: false, alreadyFiled: false };
  if (options.probe && codes.length > 0 && codes.every((code) => code === "PET07")) return { ...base, outcome: "done", code: "PET07", message: errorText(answer) };
  const outcome = classifyErtzaintzaAnswer(answer, options);
  const code = codes[0] ?? answer.codigoEstadoComunicacion;
  if (outcome === "done") {
    const alreadyFiled = codes.length > 0;
    return { ...base, outcome, code: alreadyFiled ? "CTO01" : "0", message: alreadyFiled ? errorText(answer) : answer.descEstadoComunicacion || "OK", alreadyFiled };
  }
  if (outcome === "credentials") return { ...base, outcome, code, message: `${ERTZAINTZA_MESSAGES.notAuthorised}. Respuesta: ${errorText(answer)}` };
  if (outcome === "retry") {
    // No errors but a state other than 0: not an answer we understand; it may have been stored.
    if (codes.length === 0) return { ...base, outcome, code: answer.codigoEstadoComunicacion || "bad-response", message: `${ERTZAINTZA_MESSAGES.unreadable}: estado ${answer.codigoEstadoComunicacion || "vacío"} ${answer.descEstadoComunicacion}`.trim(), mayHaveArrived: true };
    return { ...base, outcome, code, message: `${ERTZAINTZA_MESSAGES.transient}: ${errorText(answer)}` };
  }
  // One communication per request: a "too many" answer cannot be split further, so it is data.
  if (outcome === "split") return { ...base, outcome: "data", code, message: `${ERTZAINTZA_MESSAGES.tooMany}: ${errorText(answer)}` };
  return { ...base, outcome: "data", code, message: `${ERTZAINTZA_MESSAGES.rejectedPrefix}: ${errorText(answer)}` };
}

export function createErtzaintzaClient(options: ErtzaintzaClientOptions): ErtzaintzaClient {
  const endpoint = new URL(options.endpoint);
  const agent: http.Agent | undefined =
    endpoint.protocol === "https:" && options.ca
      ? new https.Agent({ keepAlive: true, ca: [...tls.rootCertificates, options.ca], allowPartialTrustChain: true } as https.AgentOptions)
      : undefined;

  async function call(operation: SesExchange["operation"], tipo: "PV" | "RH", document: string, answerOptions: { resendInDoubt?: boolean; probe?: boolean }): Promise<ErtzaintzaSendResult> {
    const ids = newWsseIds();
    const body = buildEnvioFicheroXmlBody({ aplicacion: options.aplicacion, codigoArrendador: options.lessorCode, tipoComunicacion: tipo }, document, ids.body);
    const envelope = signEnvelope(body, options.signingKey, ids);
    const headers = { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${ERTZAINTZA_SOAP_ACTION}"` };
    const started = performance.now();
    const exchange: SesExchange = { operation, request: { method: "POST", url: options.endpoint, headers, body: envelope }, response: null, startedAt: new Date().toISOString(), durationMs: 0 };
    let status: number;
    let text: string;
    try {
      const answer = await postOnce(endpoint, headers, envelope, options.timeoutMs, agent);
      status = answer.status;
      text = decodeSesResponse(answer.bytes, answer.contentType);
    } catch (error) {
      exchange.durationMs = Math.round(performance.now() - started);
      return { ...transportResult(error), exchange };
    }
    exchange.durationMs = Math.round(performance.now() - started);
    exchange.response = { status, body: text };
    const parsed = parseErtzaintzaResponse(text);
    const none = { peticion: null, alreadyFiled: false };
    if (parsed.kind === "answer") return { ...answerResult(parsed, answerOptions), exchange };
    if (parsed.kind === "fault") {
      const where = `${parsed.faultstring} (${parsed.faultcode})`.trim();
      const wsse = WSSE_FAULT.exec(`${parsed.faultcode} ${parsed.faultstring}`)?.[1];
      if (wsse) {
        const message = `${ERTZAINTZA_MESSAGES.signatureRefused}: ${where}${wsse === "MessageExpired" ? `; ${ERTZAINTZA_MESSAGES.clock}` : ""}`;
        return { ...none, outcome: "credentials", code: "wsse-fault", message, mayHaveArrived: false, exchange };
      }
      // "Client" blames our request: retrying the same bytes cannot help for long.
      if (/^(?:[\w-]+:)?Client\b/i.test(parsed.faultcode)) {
        return { ...none, outcome: "retry", code: "soap-client-fault", message: `SOAP Fault ${where}`, mayHaveArrived: false, maxTries: SOAP_CLIENT_FAULT_TRIES, exchange };
      }
      return { ...none, outcome: "retry", code: "soap-fault", message: `SOAP Fault ${where}`, mayHaveArrived: true, exchange };
    }
    if (status === 404 || status === 405) return { ...none, outcome: "credentials", code: `http-${status}`, message: `${ERTZAINTZA_MESSAGES.wrongEndpoint} (HTTP ${status})`, mayHaveArrived: false, exchange };
    const code = status >= 300 ? `http-${status}` : "bad-response";
    return { ...none, outcome: "retry", code, message: `${ERTZAINTZA_MESSAGES.unreadable} (HTTP ${status})`, mayHaveArrived: true, exchange };
  }

  return {
    send: (tipo, document, sendOptions = {}) => call(tipo === "PV" ? "envioFicheroXML-PV" : "envioFicheroXML-RH", tipo, document, sendOptions),
    probe: () => call("envioFicheroXML-prueba", "PV", "", { probe: true }),
  };
}
