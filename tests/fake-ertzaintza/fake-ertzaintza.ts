import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { ageOn, isValidDni, isValidNie } from "#app/modules/guests/identity.ts";
import { taxIdFromSubject } from "#app/modules/ertzaintza/ertzaintza-certificate.server.ts";
import { validateErtzaintzaPv } from "#app/modules/ertzaintza/ertzaintza-xsd.server.ts";
import { ERTZAINTZA_ENDPOINT_PATH, ERTZAINTZA_SOAP_ACTION, ERTZAINTZA_WS_NAMESPACE } from "#app/modules/ertzaintza/ertzaintza-soap.ts";
import { verifyWsseEnvelope } from "#tests/fake-ertzaintza/verify-wsse.ts";

// A stand-in for the Ertzaintza A19 service (REGIONAL-POLICE.md §4.2) on loopback HTTP(S): the
// SOAPAction; the WS-Security layer as WSS4J checks it (verify-wsse.ts: Timestamp, X.509 token,
// exclusive-C14N RSA-SHA1 signature over Body, Timestamp and token, verified with xml-crypto
// against the certificate the message carries) answered with a WS-Security SOAP fault; the
// certificate's tax id against an allow-list standing for the Department's LDAP group (`403`);
// the cabecera codes; PET07; XSD validation (109); the per-communication rules (CTO01
// duplicate reference, CTO05, CTO17, COM07/08, PER05, PER43, documents, NIF/NIE, nationality,
// minors' kinship) with positional codes `C_1_CTO01`, `C_1|2_PER05_VI`; the lessor owning the
// establishment (PET10). Every envelope received is kept so tests can verify it independently.

export type FakeErtzaintzaFailure = "code-999" | "code-INT01" | "soap-fault" | "soap-client-fault" | "html-502" | "reply-lost";

export interface FakeErtzaintzaOptions {
  /** Tax ids (from the signing certificate) authorised for the service; empty/absent = any. */
  authorisedTaxIds?: string[];
  /** codigoArrendador → its establishments; absent = any pairing is accepted (else PET10). */
  establishments?: Record<string, string[]>;
  /** `manual`: ns0:return in the ws namespace; `pre`: the 2026 PRE captures' ejbs namespace. */
  responseStyle?: "manual" | "pre";
  requireSoapAction?: boolean;
  /** Minors without `parentesco` answer an error (the manual's reading) or pass (PRE's). */
  minorsNeedKinship?: boolean;
  /** HTTPS with this key and certificate (PRE serves an internal CA's chain). */
  tls?: { key: string; cert: string };
  /** The service's clock (Timestamp and certificate checks). */
  now?: () => Date;
}

export interface FakeErtzaintzaFiling {
  establecimiento: string;
  referencia: string;
  peticion: string;
  codigoArrendador: string;
  tipo: string;
  solicitud: string;
}

export interface RunningFakeErtzaintza {
  url: string;
  control: {
    failNext(kind: FakeErtzaintzaFailure): void;
    /** Accepted communications (referencia per establishment). */
    filings(): FakeErtzaintzaFiling[];
    /** Every envelope received, as received. */
    envelopes(): string[];
    requests(): number;
    /** Answers so far: code per request ("0", "CTO01", "403", "wsse:FailedCheck"…). */
    answers(): string[];
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
const fault = (faultcode: string, faultstring: string) =>
  `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">` +
  `<soapenv:Body><soapenv:Fault><faultcode>${faultcode}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>`;

export async function startFakeErtzaintza(options: FakeErtzaintzaOptions = {}): Promise<RunningFakeErtzaintza> {
  const failures: FakeErtzaintzaFailure[] = [];
  const filings: FakeErtzaintzaFiling[] = [];
  const envelopes: string[] = [];
  const answers: string[] = [];
  let requests = 0;
  const sockets = new Set<Socket>();
  const clock = options.now ?? (() => new Date());

  const answer = (errors: [string, string][], resultado: string, peticion: string) => {
    answers.push(errors.length === 0 ? "0" : (/(PET|CTO|PER|COM|INT)\d{2}|\d{3}/.exec(errors[0][0])?.[0] ?? errors[0][0]));
    const ns = options.responseStyle === "pre" ? "http://gvdi.com/a19.registroHotelero.negocio.ejbs" : ERTZAINTZA_WS_NAMESPACE;
    const ret = options.responseStyle === "pre" ? "return" : "ns0:return";
    const errorXml = errors.map(([codigo, descripcion]) => `<error><codigo>${codigo}</codigo><descripcion>${escapeXml(descripcion)}</descripcion></error>`).join("");
    return (
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>` +
      `<ns0:envioFicheroXMLResponse xmlns:ns0="${ns}"><${ret}><respuesta>${errorXml}<peticion>${peticion}</peticion></respuesta><resultado>${resultado}</resultado></${ret}></ns0:envioFicheroXMLResponse></soapenv:Body></soapenv:Envelope>`
    );
  };
  const refused = (codigo: string, descripcion: string) => answer([[codigo, descripcion]], "", "");

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
    const codigoArrendador = text(cabecera, "codigoArrendador");
    if (options.establishments && !(options.establishments[codigoArrendador] ?? []).includes(establecimiento)) {
      return refused("PET10", "El arrendador no tiene permisos sobre el establecimiento");
    }
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
        const tipoDocumento = text(persona, "tipoDocumento");
        const numero = text(persona, "numeroDocumento");
        if ((tipoDocumento === "NIF" && !isValidDni(numero)) || (tipoDocumento === "NIE" && !isValidNie(numero))) errors.push([`${where}_PER12_${rol}`, "El número de documento no es válido"]);
        if ((tipoDocumento === "NIF" || tipoDocumento === "NIE") && !text(persona, "soporteDocumento")) errors.push([`${where}_PER14_${rol}`, "El número de soporte es obligatorio para NIF y NIE"]);
        if (!text(persona, "nacionalidad")) errors.push([`${where}_130`, "Hay un huésped sin país"]);
        // PER12, PER14, PER30 stand for codes the research did not capture (unverified).
        if (!adult && (options.minorsNeedKinship ?? true) && !text(persona, "parentesco")) errors.push([`${where}_PER30_${rol}`, "El parentesco es obligatorio para los menores"]);
      });
      references.push(referencia);
    });
    const peticion = randomUUID();
    if (errors.length > 0) {
      // Nothing is stored when any communication fails (one communication per request in practice).
      return answer(errors, `<codigoEstadoComunicacion>100</codigoEstadoComunicacion><descEstadoComunicacion>La comunicación tiene errores de validación</descEstadoComunicacion>`, peticion);
    }
    for (const referencia of references) filings.push({ establecimiento, referencia, peticion, codigoArrendador, tipo, solicitud });
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
      response.writeHead(404, { "Content-Type": "text/html" }).end("<html><body><h1>404 Not Found</h1></body></html>");
      return;
    }
    requests++;
    envelopes.push(raw);
    const injected = failures.shift();
    const send = (status: number, xml: string) => response.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(xml);
    if (injected === "html-502") {
      answers.push("http-502");
      response.writeHead(502, { "Content-Type": "text/html" }).end("<html><head><title>502 Proxy Error</title></head><body><h1>Proxy Error</h1></body></html>");
      return;
    }
    if (injected === "soap-fault") {
      answers.push("soap-fault");
      send(500, fault("soapenv:Server", "OSB-382500: error interno"));
      return;
    }
    if (injected === "soap-client-fault") {
      answers.push("soap-client-fault");
      send(500, fault("soapenv:Client", "OSB-382505: mensaje no válido"));
      return;
    }
    if (injected === "code-999" || injected === "code-INT01") {
      send(200, injected === "code-999" ? refused("999", "Error técnico general, inténtelo más tarde") : refused("INT01", "Error interno"));
      return;
    }
    if ((options.requireSoapAction ?? true) && String(request.headers.soapaction ?? "").replace(/"/g, "") !== ERTZAINTZA_SOAP_ACTION) {
      answers.push("soap-client-fault");
      send(500, fault("soapenv:Client", "SOAPAction no reconocida"));
      return;
    }
    // WS-Security first, as the OSB proxy does: nothing of the message is read before.
    const verdict = verifyWsseEnvelope(raw, clock());
    if (!verdict.ok) {
      answers.push(verdict.faultcode);
      send(500, fault(verdict.faultcode, verdict.faultstring));
      return;
    }
    // Then the user: the certificate's tax id must be an active member of the LDAP group.
    const taxId = taxIdFromSubject(verdict.certificate.subject);
    if (options.authorisedTaxIds && options.authorisedTaxIds.length > 0 && (!taxId || !options.authorisedTaxIds.includes(taxId))) {
      send(200, refused("403", "Usuario no autorizado"));
      return;
    }
    let envelope: Node;
    try {
      envelope = node(node(parser.parse(raw, true) as Node).Envelope);
    } catch {
      answers.push("soap-client-fault");
      send(500, fault("soapenv:Client", "Mensaje no válido"));
      return;
    }
    const xml = await process(node(envelope.Body));
    if (injected === "reply-lost") {
      // Stored (when accepted), then the connection dropped: the sender must resend and meet CTO01.
      request.socket.destroy();
      return;
    }
    send(200, xml);
  }

  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void handle(request, Buffer.concat(chunks).toString("utf8"), response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
    });
  };
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, onRequest) : http.createServer(onRequest);
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("secureConnection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}${ERTZAINTZA_ENDPOINT_PATH}`,
    control: {
      failNext: (kind) => failures.push(kind),
      filings: () => filings.map((filing) => ({ ...filing })),
      envelopes: () => [...envelopes],
      requests: () => requests,
      answers: () => [...answers],
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
