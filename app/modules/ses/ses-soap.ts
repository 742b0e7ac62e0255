import { XMLParser } from "fast-xml-parser";

// SOAP 1.1 envelopes of the ministry's one endpoint (document/literal, soapAction "",
// dispatch on the Body element) and lenient parsing of its answers. Requests follow the
// XSD exactly: only the Body element is namespaced, everything below it is unqualified.
// Answers are never schema-validated: the ministry's own samples break its XSD (lengths,
// `codigoRetorno`, `tipoComuniacion`, `resutadoComunicacion`), so elements are matched by
// local name and the annex spellings are accepted too (WEB-SERVICE.md §1.5).

export const SOAP_ENV_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
export const SES_SOAP_NAMESPACE = "http://www.soap.servicios.hospedajes.mir.es/comunicacion";

export type SesTipoOperacion = "A" | "B" | "C";
export type SesTipoComunicacion = "PV" | "RH";

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function envelope(body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NAMESPACE}" xmlns:com="${SES_SOAP_NAMESPACE}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

export interface ComunicacionRequestInput {
  codigoArrendador: string;
  aplicacion: string;
  tipoOperacion: SesTipoOperacion;
  /** Only for A (the annexes omit it for B and C). */
  tipoComunicacion?: SesTipoComunicacion;
  /** ZIP + Base64 of the inner document, one line. */
  solicitud: string;
}

export function buildComunicacionEnvelope(input: ComunicacionRequestInput): string {
  const tipo = input.tipoComunicacion ? `<tipoComunicacion>${input.tipoComunicacion}</tipoComunicacion>` : "";
  return envelope(
    `<com:comunicacionRequest><peticion><cabecera>` +
      `<codigoArrendador>${escapeXml(input.codigoArrendador)}</codigoArrendador>` +
      `<aplicacion>${escapeXml(input.aplicacion)}</aplicacion>` +
      `<tipoOperacion>${input.tipoOperacion}</tipoOperacion>${tipo}</cabecera>` +
      `<solicitud>${input.solicitud}</solicitud></peticion></com:comunicacionRequest>`,
  );
}

export function buildConsultaLoteEnvelope(lotes: readonly string[]): string {
  const items = lotes.map((lote) => `<lote>${escapeXml(lote)}</lote>`).join("");
  return envelope(`<com:consultaLoteRequest><codigosLote>${items}</codigosLote></com:consultaLoteRequest>`);
}

export function buildConsultaComunicacionEnvelope(codigos: readonly string[]): string {
  const items = codigos.map((codigo) => `<codigo>${escapeXml(codigo)}</codigo>`).join("");
  return envelope(`<com:consultaComunicacionRequest><codigos>${items}</codigos></com:consultaComunicacionRequest>`);
}

export function buildAnulacionLoteEnvelope(lote: string): string {
  return envelope(`<com:anulacionLoteRequest><lote>${escapeXml(lote)}</lote></com:anulacionLoteRequest>`);
}

/** An empty name asks for the list of tables. */
export function buildCatalogoEnvelope(catalogo: string): string {
  return envelope(
    `<com:catalogoRequest><peticion><catalogo>${escapeXml(catalogo)}</catalogo></peticion></com:catalogoRequest>`,
  );
}

// ---------------------------------------------------------------- parsing

/** A parsed XML element: text leaves are strings, repeated children arrays. */
export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Codes keep their leading zeros (codigoArrendador "0000000001").
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  processEntities: true,
});

export class SesResponseParseError extends Error {
  override name = "SesResponseParseError";
}

export function parseXml(xml: string): XmlObject {
  try {
    return parser.parse(xml, true) as XmlObject;
  } catch (error) {
    throw new SesResponseParseError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function asArray(value: XmlValue | undefined): XmlValue[] {
  if (value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

export function asObject(value: XmlValue | undefined): XmlObject {
  if (value !== undefined && typeof value === "object" && !Array.isArray(value)) return value;
  if (Array.isArray(value) && value.length > 0) return asObject(value[0]);
  return {};
}

/** The first of several spellings that is present, as text ("" when absent). */
export function textOf(node: XmlObject, ...names: string[]): string {
  for (const name of names) {
    const value = node[name];
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") return first;
    if (first !== undefined && typeof first === "object") return "";
  }
  return "";
}

export function optionalTextOf(node: XmlObject, ...names: string[]): string | undefined {
  return names.some((name) => node[name] !== undefined) ? textOf(node, ...names) : undefined;
}

export interface SoapBody {
  /** Local name of the Body's element (`comunicacionResponse`, `Fault`, …). */
  operation: string;
  content: XmlObject;
}

/** Envelope → its Body element; throws SesResponseParseError when the text is not a SOAP envelope. */
export function parseSoapEnvelope(xml: string): SoapBody {
  const root = parseXml(xml);
  const env = root.Envelope;
  if (env === undefined) throw new SesResponseParseError("not a SOAP envelope");
  const body = asObject(asObject(env).Body);
  const operation = Object.keys(body)[0];
  if (operation === undefined) throw new SesResponseParseError("empty SOAP Body");
  return { operation, content: asObject(body[operation]) };
}

// ---------------------------------------------------------------- typed answers

/** Per-communication result in a processed lote: a communication code, or the ministry's error. */
export type SesComunicacionResult =
  | { orden: number; ok: true; codigoComunicacion: string; anulada: boolean }
  | { orden: number; ok: false; tipoError: string; error: string; anulada: boolean };

export interface SesLoteStatus {
  lote: string;
  tipoComunicacion: string;
  tipoOperacion: string;
  fechaPeticion: string;
  fechaProcesamiento: string;
  /** 1 done, 2 header/format error, 3 unexpected error, 4 in progress, 5 pending, 6 done with errors. */
  codigoEstado: number;
  descEstado: string;
  codigoArrendador: string;
  aplicacion: string;
  resultados: SesComunicacionResult[];
}

function intOf(node: XmlObject, ...names: string[]): number {
  const value = Number.parseInt(textOf(node, ...names), 10);
  return Number.isFinite(value) ? value : Number.NaN;
}

const boolOf = (value: string | undefined) => value === "true" || value === "1";

export function parseLoteStatus(node: XmlObject): SesLoteStatus {
  const wrapper = asObject(node.resultadoComunicaciones ?? node.resutadoComunicaciones);
  const items = [...asArray(wrapper.resultadoComunicacion), ...asArray(wrapper.resutadoComunicacion)];
  return {
    lote: textOf(node, "lote"),
    tipoComunicacion: textOf(node, "tipoComunicacion", "tipoComuniacion"),
    tipoOperacion: textOf(node, "tipoOperacion"),
    fechaPeticion: textOf(node, "fechaPeticion"),
    fechaProcesamiento: textOf(node, "fechaProcesamiento"),
    codigoEstado: intOf(node, "codigoEstado"),
    descEstado: textOf(node, "descEstado"),
    codigoArrendador: textOf(node, "codigoArrendador"),
    aplicacion: textOf(node, "aplicacion"),
    resultados: items
      .map((item): SesComunicacionResult => {
        const entry = asObject(item);
        const orden = intOf(entry, "orden");
        const anulada = boolOf(optionalTextOf(entry, "anulada"));
        const codigoComunicacion = textOf(entry, "codigoComunicacion");
        if (codigoComunicacion !== "") return { orden, ok: true, codigoComunicacion, anulada };
        return { orden, ok: false, tipoError: textOf(entry, "tipoError"), error: textOf(entry, "error"), anulada };
      })
      .sort((a, b) => a.orden - b.orden),
  };
}

export interface SesRespuesta {
  codigo: number;
  descripcion: string;
}

function respuestaOf(node: XmlObject): SesRespuesta {
  return { codigo: intOf(node, "codigo", "codigoRetorno"), descripcion: textOf(node, "descripcion") };
}

export interface ComunicacionResponse extends SesRespuesta {
  lote?: string;
  /** Only for C: the queried lotes. */
  resultados: SesLoteStatus[];
}

export function parseComunicacionResponse(content: XmlObject): ComunicacionResponse {
  const respuesta = asObject(content.respuesta);
  const lote = optionalTextOf(respuesta, "lote");
  return {
    ...respuestaOf(respuesta),
    ...(lote ? { lote } : {}),
    resultados: asArray(content.resultado).map((item) => parseLoteStatus(asObject(item))),
  };
}

export interface ConsultaLoteResponse extends SesRespuesta {
  lotes: SesLoteStatus[];
}

export function parseConsultaLoteResponse(content: XmlObject): ConsultaLoteResponse {
  return {
    ...respuestaOf(asObject(content.respuesta)),
    lotes: asArray(content.resultado).map((item) => parseLoteStatus(asObject(item))),
  };
}

/** What the ministry stored for one communication (consultaComunicacion); the raw tree is kept for audit. */
export interface SesComunicacionInfo {
  tipo: string;
  codigo: string;
  anulada: boolean;
  referencia: string;
  fechaContrato: string;
  fechaInicio: string;
  fechaFin: string;
  fechaAlta: string;
  raw: XmlObject;
}

export interface ConsultaComunicacionResponse extends SesRespuesta {
  comunicaciones: SesComunicacionInfo[];
}

export function parseConsultaComunicacionResponse(content: XmlObject): ConsultaComunicacionResponse {
  return {
    ...respuestaOf(asObject(content.resultado)),
    comunicaciones: asArray(content.comunicacion).map((item) => {
      const node = asObject(item);
      return {
        tipo: textOf(node, "tipo"),
        codigo: textOf(node, "codigo"),
        anulada: boolOf(optionalTextOf(node, "anulada")),
        referencia: textOf(node, "referencia"),
        fechaContrato: textOf(node, "fechaContrato"),
        fechaInicio: textOf(node, "fechaInicio"),
        fechaFin: textOf(node, "fechaFin"),
        fechaAlta: textOf(node, "fechaAlta"),
        raw: node,
      };
    }),
  };
}

export function parseAnulacionLoteResponse(content: XmlObject): SesRespuesta {
  return respuestaOf(content);
}

export interface CatalogoResponse extends SesRespuesta {
  tuplas: { codigo: string; descripcion: string }[];
}

export function parseCatalogoResponse(content: XmlObject): CatalogoResponse {
  const tuplas = asArray(asObject(asObject(content.respuesta).resultado).tupla).map((item) => {
    const node = asObject(item);
    return { codigo: textOf(node, "codigo"), descripcion: textOf(node, "descripcion") };
  });
  return { ...respuestaOf(asObject(content.resultado)), tuplas };
}

export interface SoapFault {
  faultcode: string;
  faultstring: string;
}

export function parseSoapFault(content: XmlObject): SoapFault {
  return { faultcode: textOf(content, "faultcode"), faultstring: textOf(content, "faultstring") };
}
