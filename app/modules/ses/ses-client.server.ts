import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { classifySesCode, isDuplicateAnswer, SOAP_CLIENT_FAULT_TRIES, type SesCode, type SesErrorClass } from "#app/modules/ses/ses-classify.ts";
import { buildConsultaLotes } from "#app/modules/ses/ses-documents.ts";
import {
  buildAnulacionLoteEnvelope,
  buildCatalogoEnvelope,
  buildComunicacionEnvelope,
  buildConsultaComunicacionEnvelope,
  buildConsultaLoteEnvelope,
  parseAnulacionLoteResponse,
  parseCatalogoResponse,
  parseComunicacionResponse,
  parseConsultaComunicacionResponse,
  parseConsultaLoteResponse,
  parseSoapEnvelope,
  parseSoapFault,
  SesResponseParseError,
  type SesComunicacionInfo,
  type SesLoteStatus,
  type SoapBody,
} from "#app/modules/ses/ses-soap.ts";
import { zipBase64 } from "#app/modules/ses/ses-zip.ts";

// The SES.HOSPEDAJES web-service client for one landlord account. It does no retrying,
// no storing and no logging: every call returns a typed result with the class of any
// failure (see ses-classify.ts) and the exchange, passwords masked, for the audit trail.
// The outbox decides what to do with it. Inner documents are passed in as the exact
// stored bytes, so a resend after a crash is byte-identical (WEB-SERVICE.md §3).

export interface SesClientOptions {
  /** Full URL of the comunicacion endpoint (see resolveSesEndpoint). */
  endpoint: string;
  codigoArrendador: string;
  user: string;
  password: string;
  /** Application name sent in every cabecera (≤ 50 characters). */
  aplicacion: string;
  /** Whole-request timeout. Long by default so a slow but successful answer is not lost (§3 point 4). */
  timeoutMs?: number;
  /**
   * Extra trust anchors (PEM) for this client only, added to Node's default roots: the FNMT
   * intermediate the ministry's server omits (loadSesCa in ses-ca.server.ts). The rest of the
   * process keeps the default store; NODE_EXTRA_CA_CERTS would widen it for every connection.
   */
  ca?: string;
}

/** Answers larger than this are cut off and treated as unreadable (the largest real answer is a few kB). */
export const MAX_SES_RESPONSE_BYTES = 5 * 1024 * 1024;

export const DEFAULT_SES_TIMEOUT_MS = 60_000;

export type SesOperation = "comunicacion-A" | "comunicacion-B" | "comunicacion-C" | "consultaLote" | "consultaComunicacion" | "anulacionLote" | "catalogo";
/** The Ertzaintza's one operation, by what it carried (its exchanges share ses_attempts). */
export type ErtzaintzaOperation = "envioFicheroXML-PV" | "envioFicheroXML-RH" | "envioFicheroXML-prueba";

/** One HTTP request as it may be stored: no password, no Authorization value. */
export interface MaskedSesRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SesExchange {
  operation: SesOperation | ErtzaintzaOperation;
  request: MaskedSesRequest;
  /** null when no HTTP answer arrived (network error, timeout). */
  response: { status: number; body: string } | null;
  startedAt: string;
  durationMs: number;
}

export interface SesFailure {
  class: Exclude<SesErrorClass, "ok">;
  code: SesCode;
  /** The ministry's literal text when it answered; otherwise a short description. */
  message: string;
  /** The answer to a byte-identical resend: already filed, lote unknown. */
  duplicate: boolean;
  /** The request may have reached the ministry (no answer, a timeout, a proxy error): a later
   *  resend of the same bytes is "in doubt" and 10121 then means "already filed". */
  mayHaveArrived: boolean;
  /** HTTP 404 or a SOAP fault naming an unknown operation: the service does not offer it. */
  unsupportedOperation: boolean;
  /** A failure of the retry class that must stop after this many tries (SOAP Client faults). */
  maxTries?: number;
}

/** A resend of stored bytes that may already have been filed (a lost reply, a crash in flight). */
export interface SesSendOptions {
  resendInDoubt?: boolean;
}

export type SesResult<T> = ({ ok: true } & T & { exchange: SesExchange }) | { ok: false; failure: SesFailure; exchange: SesExchange };

export interface SesClient {
  /** Alta (A) of a PV or RH document (the exact validated XML). */
  sendAlta(tipo: "PV" | "RH", xml: string, options?: SesSendOptions): Promise<SesResult<{ lote: string }>>;
  /** Anulación (B): the anularComunicacion document (buildAnulacion). */
  sendAnulacion(xml: string, options?: SesSendOptions): Promise<SesResult<{ lote: string }>>;
  /** States of up to 10 lotes of this landlord; unknown or foreign lotes are simply absent. */
  consultaLote(lotes: readonly string[]): Promise<SesResult<{ lotes: SesLoteStatus[] }>>;
  /** The same query through `comunicacion` with tipoOperacion C (zipped list). */
  consultaLoteC(lotes: readonly string[]): Promise<SesResult<{ lotes: SesLoteStatus[] }>>;
  /** What the ministry stored for up to 10 communication codes; unknown ones are absent. */
  consultaComunicacion(codigos: readonly string[]): Promise<SesResult<{ comunicaciones: SesComunicacionInfo[] }>>;
  /** Synchronous cancellation of every communication of one lote. */
  anulacionLote(lote: string): Promise<SesResult<{ descripcion: string }>>;
  /** A code table (SEXO, TIPO_DOCUMENTO, …); "" lists the tables. */
  catalogo(nombre: string): Promise<SesResult<{ tuplas: { codigo: string; descripcion: string }[] }>>;
}

export const MASK = "***";

/**
 * A copy of a request safe to store for audit: the Authorization header and any header
 * naming a password or token are masked, and so is every occurrence of the given secrets
 * (the password, and its Base64 form inside a Basic header) and any `<password>` element.
 */
export function maskSecrets(request: MaskedSesRequest, secrets: readonly string[] = []): MaskedSesRequest {
  const literals = secrets.filter((secret) => secret.length > 0);
  const scrub = (value: string) => {
    let result = value;
    for (const literal of literals) result = result.split(literal).join(MASK);
    return result
      .replace(/(<(?:[\w-]+:)?(password|clave|contrasena)[^>]*>)[^<]*(<\/)/gi, `$1${MASK}$3`)
      .replace(/((?:password|passwd|pwd)=)[^&\s"']*/gi, `$1${MASK}`);
  };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (/^authorization$/i.test(name)) headers[name] = value.replace(/^(\w+)\s+.*$/, `$1 ${MASK}`);
    else if (/password|secret|token|cookie/i.test(name)) headers[name] = MASK;
    else headers[name] = scrub(value);
  }
  let url = request.url;
  try {
    const parsed = new URL(request.url);
    if (parsed.password) parsed.password = MASK;
    url = scrub(parsed.toString());
  } catch {
    url = scrub(url);
  }
  return { method: request.method, url, headers, body: scrub(request.body) };
}

function failure(code: SesCode, message: string, extra: Partial<Pick<SesFailure, "duplicate" | "mayHaveArrived" | "unsupportedOperation" | "maxTries">> = {}): SesFailure {
  const kind = classifySesCode(code);
  return { class: kind === "ok" ? "data" : kind, code, message, duplicate: false, mayHaveArrived: false, unsupportedOperation: false, ...extra };
}

// Certificate verification errors (OpenSSL's codes as Node reports them): a configuration
// problem staff must fix, in words, never a retry (ADR 0005).
export const TLS_CHAIN_CODES = new Set(["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "UNABLE_TO_GET_ISSUER_CERT", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "SELF_SIGNED_CERT_IN_CHAIN", "DEPTH_ZERO_SELF_SIGNED_CERT"]);
export const TLS_OTHER_CODES = new Set(["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID", "ERR_TLS_CERT_ALTNAME_INVALID", "CERT_UNTRUSTED", "CERT_REJECTED", "CERT_SIGNATURE_FAILURE", "CERT_REVOKED", "INVALID_CA", "PATH_LENGTH_EXCEEDED", "INVALID_PURPOSE", "HOSTNAME_MISMATCH"]);

export const SES_TLS_MESSAGES = {
  chain: "El certificado del servidor no se pudo verificar (falta la cadena intermedia): revise SES_CA_FILE",
  expired: "El certificado del servidor ha caducado o aún no es válido: revise la fecha del servidor y SES_CA_FILE",
  name: "El certificado del servidor no corresponde a su dirección: revise SES_ENDPOINT",
  other: "El certificado del servidor no es de confianza: revise SES_CA_FILE",
} as const;

function tlsMessage(code: string): string {
  if (TLS_CHAIN_CODES.has(code)) return `${SES_TLS_MESSAGES.chain} (${code})`;
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") return `${SES_TLS_MESSAGES.expired} (${code})`;
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || code === "HOSTNAME_MISMATCH") return `${SES_TLS_MESSAGES.name} (${code})`;
  return `${SES_TLS_MESSAGES.other} (${code})`;
}

// Refused before a byte of the request could reach the service.
export const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL"]);

function transportFailure(error: unknown): SesFailure {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return failure("timeout", "Sin respuesta del servicio a tiempo", { mayHaveArrived: true });
  const errno = (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException).code : undefined);
  if (errno && (TLS_CHAIN_CODES.has(errno) || TLS_OTHER_CODES.has(errno))) return failure("tls", tlsMessage(errno));
  const detail = errno ?? (error instanceof Error ? error.message : String(error));
  return failure("network", `Error de red: ${detail}`, { mayHaveArrived: !(errno && NOT_SENT_CODES.has(errno)) });
}

/** The text of an answer, decoded by the charset its Content-Type (or its XML declaration) declares. */
export function decodeSesResponse(bytes: Uint8Array, contentType: string): string {
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
    charset = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    // An unknown label: UTF-8 is what the service is documented to send.
    return new TextDecoder("utf-8").decode(bytes);
  }
}

export type RawAnswer = { status: number; contentType: string; bytes: Buffer };

/** One POST over node:http(s), the body bounded while read. Rejects with the transport error. */
export function postOnce(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, agent: http.Agent | undefined): Promise<RawAnswer> {
  const lib = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = lib.request(
      url,
      { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, signal: AbortSignal.timeout(timeoutMs), ...(agent ? { agent } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_SES_RESPONSE_BYTES) {
            request.destroy(new Error(`respuesta mayor de ${MAX_SES_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("respuesta interrumpida")));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"] ?? ""), bytes: Buffer.concat(chunks) }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const UNKNOWN_OPERATION = /no endpoint|unknown operation|no such operation|not recogni[sz]ed|operaci[oó]n desconocida|operaci[oó]n no (?:soportada|existe)/i;

export function createSesClient(options: SesClientOptions): SesClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SES_TIMEOUT_MS;
  const basic = Buffer.from(`${options.user}:${options.password}`, "utf8").toString("base64");
  const secrets = [options.password, basic];
  const endpoint = new URL(options.endpoint);
  // The extra anchors go to this client's own agent only. allowPartialTrustChain lets a
  // configured intermediate be an anchor by itself (a file holding just the intermediate);
  // Node's default roots hold only roots, so it changes nothing for them.
  const agent =
    endpoint.protocol === "https:" && options.ca
      ? new https.Agent({ keepAlive: true, ca: [...tls.rootCertificates, options.ca], allowPartialTrustChain: true } as https.AgentOptions)
      : undefined;

  /** POST one envelope; returns the exchange and either the parsed Body or a failure. */
  async function call(operation: SesOperation, body: string, expected: string): Promise<{ exchange: SesExchange } & ({ body: SoapBody } | { failure: SesFailure })> {
    const headers = {
      "Content-Type": "text/xml; charset=utf-8",
      SOAPAction: '""',
      Authorization: `Basic ${basic}`,
    };
    const startedAt = new Date();
    const started = performance.now();
    const exchange: SesExchange = {
      operation,
      request: maskSecrets({ method: "POST", url: options.endpoint, headers, body }, secrets),
      response: null,
      startedAt: startedAt.toISOString(),
      durationMs: 0,
    };
    let status: number;
    let text: string;
    try {
      const answer = await postOnce(endpoint, headers, body, timeoutMs, agent);
      status = answer.status;
      text = decodeSesResponse(answer.bytes, answer.contentType);
    } catch (error) {
      exchange.durationMs = Math.round(performance.now() - started);
      return { exchange, failure: transportFailure(error) };
    }
    exchange.durationMs = Math.round(performance.now() - started);
    // Answers never contain the password, but masking them too keeps the audit rule simple.
    exchange.response = { status, body: maskSecrets({ method: "", url: "", headers: {}, body: text }, secrets).body };

    if (status === 401 || status === 403) {
      return { exchange, failure: failure(`http-${status}`, "Usuario o contraseña del servicio web incorrectos") };
    }
    const httpFailure = () =>
      failure(`http-${status}`, `Respuesta HTTP ${status} del servicio`, { mayHaveArrived: status >= 500, unsupportedOperation: status === 404 });
    let parsed: SoapBody;
    try {
      parsed = parseSoapEnvelope(text);
    } catch (error) {
      if (!(error instanceof SesResponseParseError)) throw error;
      if (status >= 300) return { exchange, failure: httpFailure() };
      return { exchange, failure: failure("bad-response", "Respuesta del servicio no reconocida", { mayHaveArrived: true }) };
    }
    if (parsed.operation === "Fault") {
      const fault = parseSoapFault(parsed.content);
      const message = `SOAP Fault ${fault.faultcode}: ${fault.faultstring}`.trim();
      // "Client" blames our request: retrying the same bytes cannot help for long.
      if (/^(?:[\w-]+:)?Client\b/i.test(fault.faultcode)) {
        return { exchange, failure: failure("soap-client-fault", message, { unsupportedOperation: UNKNOWN_OPERATION.test(fault.faultstring), maxTries: SOAP_CLIENT_FAULT_TRIES }) };
      }
      return { exchange, failure: failure("soap-fault", message, { mayHaveArrived: true, unsupportedOperation: UNKNOWN_OPERATION.test(fault.faultstring) }) };
    }
    // A normal answer of the service keeps its code and text whatever the HTTP status (some
    // SOAP stacks carry every answer, errors included, on HTTP 500).
    if (parsed.operation === expected) return { exchange, body: parsed };
    if (status >= 300) return { exchange, failure: httpFailure() };
    return { exchange, failure: failure("bad-response", `Respuesta inesperada: ${parsed.operation}`, { mayHaveArrived: true }) };
  }

  function codeFailure(codigo: number, descripcion: string, resendInDoubt = false): SesFailure {
    if (!Number.isFinite(codigo)) return failure("bad-response", "Respuesta sin código", { mayHaveArrived: true });
    return failure(codigo, descripcion || `Código ${codigo}`, { duplicate: isDuplicateAnswer(codigo, resendInDoubt) });
  }

  async function comunicacion(
    operation: SesOperation,
    tipoOperacion: "A" | "B",
    tipo: "PV" | "RH" | undefined,
    xml: string,
    sendOptions: SesSendOptions = {},
  ): Promise<SesResult<{ lote: string }>> {
    const envelope = buildComunicacionEnvelope({
      codigoArrendador: options.codigoArrendador,
      aplicacion: options.aplicacion,
      tipoOperacion,
      ...(tipo ? { tipoComunicacion: tipo } : {}),
      solicitud: zipBase64(xml),
    });
    const result = await call(operation, envelope, "comunicacionResponse");
    if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
    const answer = parseComunicacionResponse(result.body.content);
    if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion, sendOptions.resendInDoubt), exchange: result.exchange };
    if (!answer.lote) return { ok: false, failure: failure("bad-response", "Respuesta sin lote", { mayHaveArrived: true }), exchange: result.exchange };
    return { ok: true, lote: answer.lote, exchange: result.exchange };
  }

  function checkCount(values: readonly string[], what: string): void {
    if (values.length < 1 || values.length > 10) throw new RangeError(`${what}: between 1 and 10 per call, got ${values.length}`);
  }

  return {
    sendAlta: (tipo, xml, sendOptions) => comunicacion("comunicacion-A", "A", tipo, xml, sendOptions),
    sendAnulacion: (xml, sendOptions) => comunicacion("comunicacion-B", "B", undefined, xml, sendOptions),

    async consultaLote(lotes) {
      checkCount(lotes, "consultaLote");
      const result = await call("consultaLote", buildConsultaLoteEnvelope(lotes), "consultaLoteResponse");
      if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
      const answer = parseConsultaLoteResponse(result.body.content);
      if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
      return { ok: true, lotes: answer.lotes, exchange: result.exchange };
    },

    async consultaLoteC(lotes) {
      checkCount(lotes, "consultaLoteC");
      const envelope = buildComunicacionEnvelope({
        codigoArrendador: options.codigoArrendador,
        aplicacion: options.aplicacion,
        tipoOperacion: "C",
        solicitud: zipBase64(buildConsultaLotes(lotes)),
      });
      const result = await call("comunicacion-C", envelope, "comunicacionResponse");
      if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
      const answer = parseComunicacionResponse(result.body.content);
      if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
      return { ok: true, lotes: answer.resultados, exchange: result.exchange };
    },

    async consultaComunicacion(codigos) {
      checkCount(codigos, "consultaComunicacion");
      const result = await call("consultaComunicacion", buildConsultaComunicacionEnvelope(codigos), "consultaComunicacionResponse");
      if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
      const answer = parseConsultaComunicacionResponse(result.body.content);
      if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
      return { ok: true, comunicaciones: answer.comunicaciones, exchange: result.exchange };
    },

    async anulacionLote(lote) {
      const result = await call("anulacionLote", buildAnulacionLoteEnvelope(lote), "anulacionLoteResponse");
      if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
      const answer = parseAnulacionLoteResponse(result.body.content);
      if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
      return { ok: true, descripcion: answer.descripcion, exchange: result.exchange };
    },

    async catalogo(nombre) {
      const result = await call("catalogo", buildCatalogoEnvelope(nombre), "catalogoResponse");
      if ("failure" in result) return { ok: false, failure: result.failure, exchange: result.exchange };
      const answer = parseCatalogoResponse(result.body.content);
      if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
      return { ok: true, tuplas: answer.tuplas, exchange: result.exchange };
    },
  };
}

