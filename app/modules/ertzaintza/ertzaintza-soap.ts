import { XMLParser } from "fast-xml-parser";

// The Body of the A19 service's one operation, `envioFicheroXML`, and its answers
// (REGIONAL-POLICE.md §3.3–3.4, ADR 0018). The Body is written here and signed, inside its
// envelope, by ertzaintza-wsse.server.ts (xml-crypto). Answers are parsed by local element
// name: the live service answers in two namespaces and two date formats.

export const ERTZAINTZA_WS_NAMESPACE = "https://ws.negocio.registroHostelero.a19.gvdi.com";
export const ERTZAINTZA_SOAP_ACTION = "https://ws.negocio.registroHostelero.a19.gvdi.com/envioFicheroXML";
export const ERTZAINTZA_ENDPOINTS = {
  pre: "https://servicios.pre.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML",
  prod: "https://servicios.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML",
} as const;
export const ERTZAINTZA_ENDPOINT_PATH = "/A19/registroHostelero/EnvioFicheroXML";
export const WSU_NAMESPACE = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface ErtzaintzaCabecera {
  aplicacion: string;
  /** The lessor's tax id (CIF/NIF), ≤ 10. */
  codigoArrendador: string;
  tipoComunicacion: "PV" | "RH";
}

/**
 * The SOAP Body (with the `wsu:Id` the signature references) carrying the document in CDATA.
 * The signer must digest these exact bytes; nothing may re-serialise them after signing.
 */
export function buildEnvioFicheroXmlBody(cabecera: ErtzaintzaCabecera, document: string, bodyId = "Body-1"): string {
  if (document.includes("]]>")) throw new RangeError("the document cannot contain ']]>' inside CDATA");
  const inner = document.replace(/^<\?xml[^>]*\?>\s*/, "");
  return (
    `<soapenv:Body xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsu="${WSU_NAMESPACE}" wsu:Id="${bodyId}">` +
    `<ws:envioFicheroXML xmlns:ws="${ERTZAINTZA_WS_NAMESPACE}">` +
    `<ws:cabecera><aplicacion>${escapeXml(cabecera.aplicacion)}</aplicacion><codigoArrendador>${escapeXml(cabecera.codigoArrendador)}</codigoArrendador>` +
    `<tipoComunicacion>${cabecera.tipoComunicacion}</tipoComunicacion></ws:cabecera>` +
    `<ws:solicitud><![CDATA[${inner}]]></ws:solicitud></ws:envioFicheroXML></soapenv:Body>`
  );
}

/** An envelope around a Body and a (signed) Security header given by the caller. */
export function buildEnvelope(securityHeader: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header>${securityHeader}</soapenv:Header>${body}</soapenv:Envelope>`;
}

// ---------------------------------------------------------------- answers

export interface ErtzaintzaError {
  /** As sent, with its position: `C_1_CTO01`, `C_1|2_PER05_VI`, `403`. */
  codigo: string;
  /** The family code extracted from it: `CTO01`, `PER05`, `403`. */
  code: string;
  descripcion: string;
}

export interface ErtzaintzaAnswer {
  kind: "answer";
  errors: ErtzaintzaError[];
  peticion: string;
  codigoEstadoComunicacion: string;
  descEstadoComunicacion: string;
  fechaProcesamiento: string;
}

export type ErtzaintzaParsed = ErtzaintzaAnswer | { kind: "fault"; faultcode: string; faultstring: string } | { kind: "unreadable"; reason: string };

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, ignoreDeclaration: true });

type Node = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);
const asNode = (value: unknown): Node => (value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : Array.isArray(value) && value.length > 0 ? asNode(value[0]) : {});
const textOf = (node: Node, name: string): string => {
  const value = Array.isArray(node[name]) ? (node[name] as unknown[])[0] : node[name];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
};

/** `(PET|CTO|PER|COM|INT)\d{2}` or a 3-digit code, wherever the service puts it in `codigo`. */
export function extractErtzaintzaCode(codigo: string): string {
  return /(PET|CTO|PER|COM|INT)\d{2}/.exec(codigo)?.[0] ?? /\b\d{3}\b/.exec(codigo)?.[0] ?? codigo;
}

export function parseErtzaintzaResponse(xml: string): ErtzaintzaParsed {
  let root: Node;
  try {
    root = parser.parse(xml, true) as Node;
  } catch (error) {
    return { kind: "unreadable", reason: error instanceof Error ? error.message : String(error) };
  }
  const body = asNode(asNode(root.Envelope).Body);
  if (body.Fault !== undefined) {
    const fault = asNode(body.Fault);
    return { kind: "fault", faultcode: textOf(fault, "faultcode"), faultstring: textOf(fault, "faultstring") };
  }
  const response = body.envioFicheroXMLResponse;
  if (response === undefined) return { kind: "unreadable", reason: "no envioFicheroXMLResponse" };
  const answer = asNode(asNode(response).return);
  const respuesta = asNode(answer.respuesta);
  const resultado = asNode(answer.resultado);
  return {
    kind: "answer",
    errors: asArray(respuesta.error).map((item) => {
      const node = asNode(item);
      const codigo = textOf(node, "codigo");
      return { codigo, code: extractErtzaintzaCode(codigo), descripcion: textOf(node, "descripcion") };
    }),
    peticion: textOf(respuesta, "peticion") || textOf(resultado, "peticion"),
    codigoEstadoComunicacion: textOf(resultado, "codigoEstadoComunicacion"),
    descEstadoComunicacion: textOf(resultado, "descEstadoComunicacion"),
    fechaProcesamiento: textOf(resultado, "fechaProcesamiento"),
  };
}

/**
 * What a sender must do with an answer (REGIONAL-POLICE.md §3.4): `done` (accepted, or every
 * error is CTO01 "the contract already exists" on a resend of bytes that may have arrived),
 * `retry` (999, 900–906, INT01, SOAP faults, unreadable answers), `credentials` (403,
 * PET08–PET10: stop and tell staff), `split` (PET13/PET17: too many in one request), `data`
 * (anything else: show the text, fix, resend). CTO01 on a first send is data: the reference
 * was already used by another filing.
 */
export type ErtzaintzaOutcome = "done" | "retry" | "credentials" | "split" | "data";

const TRANSIENT = /^(?:999|90[0-6]|INT01)$/;
const CREDENTIALS = /^(?:403|PET0[89]|PET10)$/;

export function classifyErtzaintzaAnswer(parsed: ErtzaintzaParsed, options: { resendInDoubt?: boolean } = {}): ErtzaintzaOutcome {
  if (parsed.kind !== "answer") return "retry";
  const codes = parsed.errors.map((error) => error.code);
  if (codes.length === 0) return parsed.codigoEstadoComunicacion === "0" ? "done" : "retry";
  if (codes.some((code) => CREDENTIALS.test(code))) return "credentials";
  if (codes.some((code) => TRANSIENT.test(code))) return "retry";
  if (codes.some((code) => code === "PET13" || code === "PET17")) return "split";
  if (options.resendInDoubt && codes.every((code) => code === "CTO01")) return "done";
  return "data";
}
