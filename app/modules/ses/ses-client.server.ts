import { classifySesCode, isDuplicateAnswer, type SesCode, type SesErrorClass } from "#app/modules/ses/ses-classify.ts";
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
}

export const DEFAULT_SES_TIMEOUT_MS = 60_000;

export type SesOperation = "comunicacion-A" | "comunicacion-B" | "comunicacion-C" | "consultaLote" | "consultaComunicacion" | "anulacionLote" | "catalogo";

/** One HTTP request as it may be stored: no password, no Authorization value. */
export interface MaskedSesRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SesExchange {
  operation: SesOperation;
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
}

export type SesResult<T> = ({ ok: true } & T & { exchange: SesExchange }) | { ok: false; failure: SesFailure; exchange: SesExchange };

export interface SesClient {
  /** Alta (A) of a PV or RH document (the exact validated XML). */
  sendAlta(tipo: "PV" | "RH", xml: string): Promise<SesResult<{ lote: string }>>;
  /** Anulación (B): the anularComunicacion document (buildAnulacion). */
  sendAnulacion(xml: string): Promise<SesResult<{ lote: string }>>;
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

function failure(code: SesCode, message: string, duplicate = false): SesFailure {
  const kind = classifySesCode(code);
  return { class: kind === "ok" ? "data" : kind, code, message, duplicate };
}

function transportMessage(error: unknown): { code: SesCode; message: string } {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return { code: "timeout", message: "Sin respuesta del servicio a tiempo" };
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const detail = (cause as NodeJS.ErrnoException | undefined)?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return { code: "network", message: `Error de red: ${detail}` };
}

export function createSesClient(options: SesClientOptions): SesClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SES_TIMEOUT_MS;
  const basic = Buffer.from(`${options.user}:${options.password}`, "utf8").toString("base64");
  const secrets = [options.password, basic];

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
      const response = await fetch(options.endpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      exchange.durationMs = Math.round(performance.now() - started);
      const { code, message } = transportMessage(error);
      return { exchange, failure: failure(code, message) };
    }
    exchange.durationMs = Math.round(performance.now() - started);
    // Answers never contain the password, but masking them too keeps the audit rule simple.
    exchange.response = { status, body: maskSecrets({ method: "", url: "", headers: {}, body: text }, secrets).body };

    if (status === 401 || status === 403) {
      return { exchange, failure: failure(`http-${status}`, "Usuario o contraseña del servicio web incorrectos") };
    }
    let parsed: SoapBody;
    try {
      parsed = parseSoapEnvelope(text);
    } catch (error) {
      if (!(error instanceof SesResponseParseError)) throw error;
      if (status >= 300) return { exchange, failure: failure(`http-${status}`, `Respuesta HTTP ${status} del servicio`) };
      return { exchange, failure: failure("bad-response", "Respuesta del servicio no reconocida") };
    }
    if (parsed.operation === "Fault") {
      const fault = parseSoapFault(parsed.content);
      return { exchange, failure: failure("soap-fault", `SOAP Fault ${fault.faultcode}: ${fault.faultstring}`.trim()) };
    }
    if (status >= 300) return { exchange, failure: failure(`http-${status}`, `Respuesta HTTP ${status} del servicio`) };
    if (parsed.operation !== expected) {
      return { exchange, failure: failure("bad-response", `Respuesta inesperada: ${parsed.operation}`) };
    }
    return { exchange, body: parsed };
  }

  function codeFailure(codigo: number, descripcion: string): SesFailure {
    if (!Number.isFinite(codigo)) return failure("bad-response", "Respuesta sin código");
    return failure(codigo, descripcion || `Código ${codigo}`, isDuplicateAnswer(codigo, descripcion));
  }

  async function comunicacion(operation: SesOperation, tipoOperacion: "A" | "B", tipo: "PV" | "RH" | undefined, xml: string): Promise<SesResult<{ lote: string }>> {
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
    if (answer.codigo !== 0) return { ok: false, failure: codeFailure(answer.codigo, answer.descripcion), exchange: result.exchange };
    if (!answer.lote) return { ok: false, failure: failure("bad-response", "Respuesta sin lote"), exchange: result.exchange };
    return { ok: true, lote: answer.lote, exchange: result.exchange };
  }

  function checkCount(values: readonly string[], what: string): void {
    if (values.length < 1 || values.length > 10) throw new RangeError(`${what}: between 1 and 10 per call, got ${values.length}`);
  }

  return {
    sendAlta: (tipo, xml) => comunicacion("comunicacion-A", "A", tipo, xml),
    sendAnulacion: (xml) => comunicacion("comunicacion-B", "B", undefined, xml),

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

