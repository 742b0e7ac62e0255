import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { ageOn } from "#app/modules/guests/identity.ts";
import { validateErtzaintzaPv } from "#app/modules/ertzaintza/ertzaintza-xsd.server.ts";
import { ERTZAINTZA_ENDPOINT_PATH, ERTZAINTZA_SOAP_ACTION, ERTZAINTZA_WS_NAMESPACE } from "#app/modules/ertzaintza/ertzaintza-soap.ts";

// A stand-in for the Ertzaintza A19 service (REGIONAL-POLICE.md §4.2) on loopback HTTP: the
// SOAPAction, the WS-Security header's parts, the cabecera codes, PET07, XSD validation (109)
// and the per-communication rules (CTO01 duplicate reference, CTO05, CTO17, COM07/08, PER05,
// PER43) with positional codes `C_1_CTO01`, `C_1|2_PER05_VI`. The signature itself is NOT
// verified: that needs exclusive C14N (xml-crypto + @xmldom/xmldom, not installed); the fake
// checks that a BinarySecurityToken, an unexpired Timestamp (TTL ≤ 300 s) and a Signature are
// there, and maps the token to an allow-list of tokens standing for the fake LDAP group.

export type FakeErtzaintzaFailure = "code-999" | "soap-fault" | "reply-lost";

export interface FakeErtzaintzaOptions {
  /** Base64 BinarySecurityToken values of authorised certificates; empty = any token. */
  allowedTokens?: string[];
  /** `manual`: ns0:return in the ws namespace; `pre`: the 2026 PRE captures' ejbs namespace. */
  responseStyle?: "manual" | "pre";
  requireSoapAction?: boolean;
}

export interface RunningFakeErtzaintza {
  url: string;
  control: {
    failNext(kind: FakeErtzaintzaFailure): void;
    /** Accepted communications (referencia per establishment). */
    filings(): { establecimiento: string; referencia: string; peticion: string }[];
    requests(): number;
  };
  close(): Promise<void>;
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, ignoreDeclaration: true, cdataPropName: false });
type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : Array.isArray(value) && value.length > 0 ? node(value[0]) : {});
const list = (value: unknown): unknown[] => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);
const text = (from: Node, name: string) => (typeof from[name] === "string" ? (from[name] as string) : "");
const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const PAYMENTS = ["EFECT", "TARJT", "PLATF", "TRANS", "MOVIL", "TREG", "OTRO"];

export async function startFakeErtzaintza(options: FakeErtzaintzaOptions = {}): Promise<RunningFakeErtzaintza> {
  const failures: FakeErtzaintzaFailure[] = [];
  const filings: { establecimiento: string; referencia: string; peticion: string }[] = [];
  let requests = 0;
  const sockets = new Set<Socket>();

  const answer = (errors: [string, string][], resultado: string, peticion: string) => {
    const ns = options.responseStyle === "pre" ? "http://gvdi.com/a19.registroHotelero.negocio.ejbs" : ERTZAINTZA_WS_NAMESPACE;
    const ret = options.responseStyle === "pre" ? "return" : "ns0:return";
    const errorXml = errors.map(([codigo, descripcion]) => `<error><codigo>${codigo}</codigo><descripcion>${escapeXml(descripcion)}</descripcion></error>`).join("");
    return (
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>` +
      `<ns0:envioFicheroXMLResponse xmlns:ns0="${ns}"><${ret}><respuesta>${errorXml}<peticion>${peticion}</peticion></respuesta><resultado>${resultado}</resultado></${ret}></ns0:envioFicheroXMLResponse></soapenv:Body></soapenv:Envelope>`
    );
  };
  const refused = (codigo: string, descripcion: string) => answer([[codigo, descripcion]], "", "");

  function securityProblem(header: Node): string | null {
    const security = node(header.Security);
    const token = text(security, "BinarySecurityToken");
    if (!token || security.Signature === undefined) return "Falta la firma WS-Security";
    if (options.allowedTokens && options.allowedTokens.length > 0 && !options.allowedTokens.includes(token)) return "Usuario no autorizado";
    const timestamp = node(security.Timestamp);
    const created = Date.parse(text(timestamp, "Created"));
    const expires = Date.parse(text(timestamp, "Expires"));
    const now = Date.now();
    if (!Number.isFinite(created) || !Number.isFinite(expires) || expires < now || created > now + 60_000 || expires - created > 300_000) return "Marca de tiempo no válida";
    return null;
  }

  async function process(body: Node): Promise<string> {
    const call = node(body.envioFicheroXML);
    const cabecera = node(call.cabecera);
    if (call.cabecera === undefined) return refused("101", "No se ha informado la cabecera");
    if (!text(cabecera, "codigoArrendador")) return refused("102", "No se ha informado el código de arrendador");
    if (!text(cabecera, "aplicacion")) return refused("103", "No se ha informado la aplicación");
    const tipo = text(cabecera, "tipoComunicacion");
    if (!tipo) return refused("105", "No se ha informado el tipo de comunicación");
    if (tipo !== "PV" && tipo !== "RH") return refused("112", "El tipo de comunicación debe ser PV o RH");
    const solicitud = text(call, "solicitud");
    if (call.solicitud === undefined) return refused("106", "No se ha informado la solicitud");
    if (solicitud.trim() === "") return refused("PET07", "La comunicación (XML) es obligatoria");
    const verdict = await validateErtzaintzaPv(solicitud);
    if (!verdict.valid) return refused("109", `El XML no cumple el esquema: ${verdict.errors.join("; ")}`.slice(0, 500));
    const document = node(node(parser.parse(solicitud) as Node).peticion);
    const request = node(document.solicitud);
    const establecimiento = text(request, "codigoEstablecimiento");
    const errors: [string, string][] = [];
    const references: string[] = [];
    list(request.comunicacion).forEach((item, index) => {
      const c = `C_${index + 1}`;
      const comunicacion = node(item);
      const contrato = node(comunicacion.contrato);
      const referencia = text(contrato, "referencia");
      if (filings.some((filing) => filing.establecimiento === establecimiento && filing.referencia === referencia)) errors.push([`${c}_CTO01`, "El contrato ya existe"]);
      if (!PAYMENTS.includes(text(node(contrato.pago), "tipoPago"))) errors.push([`${c}_CTO05`, "Tipo de pago no válido"]);
      const contractDate = text(contrato, "fechaContrato");
      const entry = text(contrato, "fechaEntrada").slice(0, 10);
      const next = new Date(Date.parse(`${contractDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      if (entry !== contractDate && entry !== next) errors.push([`${c}_CTO17`, "La fecha de entrada debe ser la del contrato o el día siguiente"]);
      const personas = list(comunicacion.persona).map(node);
      const holders = personas.filter((persona) => text(persona, "rol") === "TI").length;
      if (holders === 0) errors.push([`${c}_COM07`, "Debe haber un titular del contrato"]);
      if (holders > 1) errors.push([`${c}_COM08`, "Solo puede haber un titular del contrato"]);
      personas.forEach((persona, p) => {
        const where = `${c}|${p + 1}`;
        const rol = text(persona, "rol");
        if (text(persona, "nacionalidad").toUpperCase() === "ESP" && !text(persona, "apellido2")) errors.push([`${where}_PER05_${rol}`, "El segundo apellido es obligatorio para la nacionalidad española"]);
        if (!text(persona, "telefono") && !text(persona, "telefono2") && !text(persona, "correo")) errors.push([`${where}_PER43_${rol}`, "Es obligatorio al menos un teléfono o un correo"]);
        const adult = ageOn(text(persona, "fechaNacimiento"), entry) >= 18;
        if (adult && (!text(persona, "tipoDocumento") || !text(persona, "numeroDocumento"))) errors.push([`${where}_PER01_${rol}`, "Documento obligatorio para mayores de edad"]);
      });
      references.push(referencia);
    });
    const peticion = randomUUID();
    if (errors.length > 0) {
      // Nothing is stored when any communication fails (one communication per request in practice).
      return answer(errors, `<codigoEstadoComunicacion>100</codigoEstadoComunicacion><descEstadoComunicacion>La comunicación tiene errores de validación</descEstadoComunicacion>`, peticion);
    }
    for (const referencia of references) filings.push({ establecimiento, referencia, peticion });
    const now = new Date().toISOString().slice(0, 23);
    return answer(
      [],
      `<aplicacion>${escapeXml(text(cabecera, "aplicacion"))}</aplicacion><codigoArrendador>${escapeXml(text(cabecera, "codigoArrendador"))}</codigoArrendador>` +
        `<codigoEstadoComunicacion>0</codigoEstadoComunicacion><descEstadoComunicacion>OK</descEstadoComunicacion><fechaPeticion>${now}</fechaPeticion>` +
        `<fechaProcesamiento>${now}</fechaProcesamiento><peticion>${peticion}</peticion><tipoComunicacion>${tipo}</tipoComunicacion>`,
      peticion,
    );
  }

  async function handle(request: http.IncomingMessage, raw: string, response: http.ServerResponse): Promise<void> {
    if (request.url !== ERTZAINTZA_ENDPOINT_PATH || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    requests++;
    const injected = failures.shift();
    const send = (status: number, xml: string) => response.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(xml);
    if (injected === "soap-fault") {
      send(500, `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>OSB-382500: error interno</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`);
      return;
    }
    if (injected === "code-999") {
      send(200, refused("999", "Error técnico general, inténtelo más tarde"));
      return;
    }
    if ((options.requireSoapAction ?? true) && String(request.headers.soapaction ?? "").replace(/"/g, "") !== ERTZAINTZA_SOAP_ACTION) {
      send(500, `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>SOAPAction no reconocida</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`);
      return;
    }
    let envelope: Node;
    try {
      envelope = node(node(parser.parse(raw, true) as Node).Envelope);
    } catch {
      send(500, `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>Mensaje no válido</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`);
      return;
    }
    const problem = securityProblem(node(envelope.Header));
    if (problem) {
      send(200, refused("403", problem));
      return;
    }
    const xml = await process(node(envelope.Body));
    if (injected === "reply-lost") {
      request.socket.destroy();
      return;
    }
    send(200, xml);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void handle(request, Buffer.concat(chunks).toString("utf8"), response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${ERTZAINTZA_ENDPOINT_PATH}`,
    control: {
      failNext: (kind) => failures.push(kind),
      filings: () => filings.map((filing) => ({ ...filing })),
      requests: () => requests,
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
