import { randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { ageOn, isValidDni, isValidNie } from "#app/modules/guests/identity.ts";
import { SES_NAMESPACES } from "#app/modules/ses/ses-documents.ts";
import { SES_ENDPOINT_PATH } from "#app/modules/ses/ses-endpoint.ts";
import { asArray, asObject, optionalTextOf, parseSoapEnvelope, parseXml, SES_SOAP_NAMESPACE, textOf, type XmlObject } from "#app/modules/ses/ses-soap.ts";
import { validateSesDocuments } from "#app/modules/ses/ses-xsd.server.ts";
import { sha256Hex, SesZipError, unzipBase64 } from "#app/modules/ses/ses-zip.ts";

// A faithful stand-in for the ministry's SES.HOSPEDAJES web service (WEB-SERVICE.md §4),
// on loopback HTTP: Basic auth per user, the header checks and their codes, the
// ZIP+Base64 check (10111), XSD validation of the inner document and the service rules
// when a lote is processed, lotes moving 5 → 4 → 1/2/3/6, consultaLote (C too),
// consultaComunicacion, B, anulacionLote and catalogo, plus failure injection and a
// control API (in process and over HTTP under /__fake/ for tests in another process).
// Where the real service's behaviour is unknown (duplicate detection, codes of some
// refusals) the choice is a switch, defaulting to the most likely reading of §3/§4.

export type FakeFailureKind =
  | "http-502" // Apache "Proxy Error" HTML page, nothing processed
  | "http-503"
  | "soap-fault" // SOAP 1.1 Fault with HTTP 500, nothing processed
  | "client-fault" // SOAP 1.1 Fault "Client" (the request blamed) with HTTP 500, nothing processed
  | "reset" // connection closed before anything is processed
  | "reply-lost" // the request IS processed (lote created), then the connection is closed
  | "reply-delayed" // processed, answered after delayMs (past a client's timeout)
  | "slow" // answered after delayMs, processed normally
  | "code-10999"
  | "code-10111"
  | "code-10120"
  | "code-10121" // the generic validation error, on any request (not a duplicate)
  | "state-2" // the next lote ends in state 2 (header/format error)
  | "state-3" // the next lote ends in state 3 (unexpected error)
  | "stuck"; // the next lote stays in state 5 forever

export interface FakeAccount {
  user: string;
  password: string;
  codigoArrendador: string;
  nombre: string;
  establecimientos: string[];
  wsEnabled: boolean;
  tipos: string[];
}

export interface FakeSesOptions {
  port?: number;
  host?: string;
  accounts?: FakeAccount[];
  /** What a byte-identical resend of an accepted alta gets (§3): 10121 "Lote duplicado", the first lote again, or a new lote. */
  duplicates?: "reject" | "same-lote" | "off";
  /** Each consultaLote/C advances the queried lotes one state before answering. */
  advanceOnPoll?: boolean;
  maxComunicaciones?: number;
  /** Answer with the annex spellings (codigoRetorno, tipoComuniacion, resutadoComunicacion). */
  annexSpellings?: boolean;
  delayMs?: number;
  /** Serve HTTPS with this key and certificate (the leaf only, no chain, as the ministry reportedly does). */
  tls?: { key: string; cert: string };
  /** Charset of every answer: "iso-8859-1" encodes it in Latin-1 and declares so in Content-Type and the XML declaration. */
  charset?: "utf-8" | "iso-8859-1";
  /** consultaLote as offered ("on"), answered HTTP 404 (Spring-WS without an endpoint), or a SOAP fault "unknown operation". */
  consultaLote?: "on" | "http-404" | "unknown-operation";
  /** Carry every answer whose code is not 0 on HTTP 500 (some SOAP stacks do), body unchanged. */
  errorsOnHttp500?: boolean;
}

export interface FakeFiling {
  codigoComunicacion: string;
  lote: string;
  orden: number;
  tipo: "PV" | "RH";
  codigoArrendador: string;
  establecimiento: string;
  referencia: string;
  fechaContrato: string;
  fechaEntrada: string;
  fechaSalida: string;
  numPersonas: string;
  tipoPago: string;
  personas: XmlObject[];
  anulada: boolean;
  fechaAlta: string;
}

type Result = { orden: number; codigoComunicacion: string } | { orden: number; tipoError: string; error: string };

export interface FakeLote {
  lote: string;
  codigoArrendador: string;
  user: string;
  aplicacion: string;
  tipoOperacion: "A" | "B";
  tipoComunicacion: string;
  xml: string;
  sha256: string;
  codigoEstado: number;
  fechaPeticion: string;
  fechaProcesamiento: string;
  resultados: Result[];
  forced?: "state-2" | "state-3" | "stuck";
}

export const DEFAULT_FAKE_ACCOUNT: FakeAccount = {
  user: "B00000000WS",
  password: "fake-password",
  codigoArrendador: "0000000001",
  nombre: "Ejemplo SL",
  establecimientos: ["0000012345", "0000012346"],
  wsEnabled: true,
  tipos: ["PV", "RH"],
};

const ESTADOS: Record<number, string> = {
  1: "Tramitado sin errores",
  2: "Errores en la cabecera o en el formato",
  3: "Error inesperado",
  4: "En proceso",
  5: "Pendiente",
  6: "Se ha ejecutado pero hay errores en algunas comunicaciones",
};

const CATALOGOS: Record<string, [string, string][]> = {
  SEXO: [["H", "Hombre"], ["M", "Mujer"], ["O", "Otro"]],
  TIPO_DOCUMENTO: [["NIF", "NIF"], ["NIE", "NIE"], ["PAS", "Pasaporte"], ["OTRO", "Otro"]],
  TIPO_PAGO: [["EFECT", "Efectivo"], ["TARJT", "Tarjeta"], ["PLATF", "Plataforma de pago"], ["TRANS", "Transferencia"], ["MOVIL", "Pago por móvil"], ["TREG", "Tarjeta regalo"], ["DESTI", "Pago en destino"], ["OTRO", "Otro"]],
  TIPO_PARENTESCO: ["AB", "BA", "BN", "CD", "CY", "HJ", "HR", "NI", "PM", "SB", "SG", "TI", "YN", "TU", "OT"].map((code) => [code, code]),
  TIPO_ESTABLECIMIENTO: [["VUT", "Vivienda de uso turístico"], ["HOTEL", "Hotel"], ["APART", "Apartamento"]],
};

const PROXY_ERROR_PAGE =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN"><html><head><title>502 Proxy Error</title></head><body><h1>Proxy Error</h1><p>The proxy server received an invalid response from an upstream server.</p></body></html>';

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function madridNow(): string {
  // The service answers with local dateTimes and an offset; the fake uses UTC, honestly labelled.
  return new Date().toISOString().replace("Z", "+00:00");
}

/** A SOAP operation of the service, as named by its Body element without "Request". */
export type FakeOperation = "comunicacion" | "consultaLote" | "consultaComunicacion" | "anulacionLote" | "catalogo";

export interface FailNextOptions {
  times?: number;
  delayMs?: number;
  /** Only requests of this operation take the failure (a sender and a poller share the endpoint). */
  operation?: FakeOperation;
}

/** What the ministry would have e-mailed the landlord: it mails the errors of each processed lote (S §2.3). */
export interface FakeErrorEmail {
  codigoArrendador: string;
  lote: string;
  codigoEstado: number;
  errors: string[];
}

export interface FakeSesControl {
  /** Inject a failure into the next `times` SOAP requests (state-* and stuck: the next lotes). */
  failNext(kind: FakeFailureKind, options?: FailNextOptions): void;
  /** Communications with this referencia fail with this per-item error when processed (`times` lotes). */
  rejectReference(referencia: string, error: string, times?: number): void;
  /** Moves every unfinished lote one state (5 → 4 → final); returns how many moved. */
  advance(): Promise<number>;
  /** Advances until every lote is final or stuck. */
  settle(): Promise<void>;
  /** Releases stuck lotes (they move on at the next advance). */
  unstick(): void;
  filings(): FakeFiling[];
  lotes(): FakeLote[];
  emails(): FakeErrorEmail[];
  /** Requests received per operation (failed and injected ones included). */
  counts(): Record<string, number>;
  setOptions(options: Partial<Pick<FakeSesOptions, "duplicates" | "advanceOnPoll" | "maxComunicaciones" | "annexSpellings" | "delayMs" | "charset" | "consultaLote" | "errorsOnHttp500">>): void;
  addAccount(account: FakeAccount): void;
  reset(): void;
}

export interface RunningFakeSes {
  /** Base URL (http://127.0.0.1:port). */
  origin: string;
  /** The comunicacion endpoint, what SES_ENDPOINT should be. */
  url: string;
  control: FakeSesControl;
  close(): Promise<void>;
}

export async function startFakeSes(options: FakeSesOptions = {}): Promise<RunningFakeSes> {
  const settings = {
    duplicates: options.duplicates ?? "reject",
    advanceOnPoll: options.advanceOnPoll ?? false,
    maxComunicaciones: options.maxComunicaciones ?? 100,
    annexSpellings: options.annexSpellings ?? false,
    delayMs: options.delayMs ?? 2_000,
    charset: options.charset ?? "utf-8",
    consultaLote: options.consultaLote ?? "on",
    errorsOnHttp500: options.errorsOnHttp500 ?? false,
  };
  const initialAccounts = options.accounts ?? [DEFAULT_FAKE_ACCOUNT];
  let accounts: FakeAccount[] = [...initialAccounts];
  let lotes: FakeLote[] = [];
  let filings: FakeFiling[] = [];
  let counts: Record<string, number> = {};
  let failures: { kind: FakeFailureKind; delayMs: number; operation?: FakeOperation }[] = [];
  let emails: FakeErrorEmail[] = [];
  let loteFailures: ("state-2" | "state-3" | "stuck")[] = [];
  let rejections: { referencia: string; error: string; times: number }[] = [];
  const sockets = new Set<Socket>();

  const count = (name: string) => (counts[name] = (counts[name] ?? 0) + 1);

  // ------------------------------------------------------------ SOAP writing

  const codigoTag = () => (settings.annexSpellings ? "codigoRetorno" : "codigo");
  const respuesta = (codigo: number, descripcion: string, lote?: string) =>
    `<respuesta><${codigoTag()}>${codigo}</${codigoTag()}><descripcion>${escapeXml(descripcion)}</descripcion>${lote ? `<lote>${lote}</lote>` : ""}</respuesta>`;
  const soap = (element: string, inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/><SOAP-ENV:Body>` +
    `<ns3:${element} xmlns:ns3="${SES_SOAP_NAMESPACE}">${inner}</ns3:${element}></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
  const fault = (code: string, message: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/><SOAP-ENV:Body>` +
    `<SOAP-ENV:Fault><faultcode>SOAP-ENV:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

  function loteXml(lote: FakeLote): string {
    const tipoTag = settings.annexSpellings ? "tipoComuniacion" : "tipoComunicacion";
    const itemTag = settings.annexSpellings ? "resutadoComunicacion" : "resultadoComunicacion";
    const account = accounts.find((candidate) => candidate.user === lote.user);
    // The S §3.2.2 table gives "AAAA-MM-DD hh:mm:ss", the annexes ISO with an offset.
    const date = (value: string) => (settings.annexSpellings && value ? value.slice(0, 19).replace("T", " ") : value);
    // B lotes answer with their state only (§4.5).
    const items =
      lote.tipoOperacion === "A" && lote.resultados.length > 0
        ? `<resultadoComunicaciones>${lote.resultados
            .map((result) => {
              if ("codigoComunicacion" in result) {
                const filing = filings.find((candidate) => candidate.codigoComunicacion === result.codigoComunicacion);
                const anulada = filing?.anulada ? "<anulada>true</anulada>" : "";
                return `<${itemTag}><orden>${result.orden}</orden>${anulada}<codigoComunicacion>${result.codigoComunicacion}</codigoComunicacion></${itemTag}>`;
              }
              return `<${itemTag}><orden>${result.orden}</orden><tipoError>${escapeXml(result.tipoError)}</tipoError><error>${escapeXml(result.error)}</error></${itemTag}>`;
            })
            .join("")}</resultadoComunicaciones>`
        : "";
    return (
      `<resultado><lote>${lote.lote}</lote><${tipoTag}>${lote.tipoComunicacion}</${tipoTag}><tipoOperacion>${lote.tipoOperacion}</tipoOperacion>` +
      `<fechaPeticion>${date(lote.fechaPeticion)}</fechaPeticion><fechaProcesamiento>${date(lote.fechaProcesamiento)}</fechaProcesamiento>` +
      `<codigoEstado>${lote.codigoEstado}</codigoEstado><descEstado>${ESTADOS[lote.codigoEstado]}</descEstado>` +
      `<identificadorUsuario>${escapeXml(lote.user)}</identificadorUsuario><nombreUsuario>${escapeXml(account?.nombre ?? "")}</nombreUsuario>` +
      `<codigoArrendador>${lote.codigoArrendador}</codigoArrendador><aplicacion>${escapeXml(lote.aplicacion)}</aplicacion>${items}</resultado>`
    );
  }

  // ------------------------------------------------------------ processing a lote

  function serviceErrors(tipo: string, solicitud: XmlObject, comunicacion: XmlObject, account: FakeAccount): string[] {
    const problems: string[] = [];
    const contrato = asObject(comunicacion.contrato);
    const personas = asArray(comunicacion.persona).map(asObject);
    const establecimiento = tipo === "PV" ? textOf(solicitud, "codigoEstablecimiento") : textOf(asObject(comunicacion.establecimiento), "codigo");
    if (establecimiento !== "" && !account.establecimientos.includes(establecimiento)) {
      problems.push(`establecimiento ${establecimiento} no pertenece al arrendador`);
    }
    const tipoPago = textOf(asObject(contrato.pago), "tipoPago");
    if (!CATALOGOS.TIPO_PAGO.some(([code]) => code === tipoPago)) problems.push(`tipoPago ${tipoPago} no válido`);
    const entrada = textOf(contrato, "fechaEntrada").slice(0, 10);
    let minors = 0;
    let kinship = 0;
    if (tipo === "PV" && Number(textOf(contrato, "numPersonas")) !== personas.length) problems.push("numPersonas no coincide con las personas");
    if (tipo === "RH" && !personas.some((persona) => textOf(persona, "rol") === "TI")) problems.push("falta el titular del contrato");
    for (const persona of personas) {
      const rol = textOf(persona, "rol");
      if (tipo === "PV" && rol !== "VI") problems.push(`rol ${rol} no válido`);
      const tipoDocumento = textOf(persona, "tipoDocumento");
      const numero = textOf(persona, "numeroDocumento");
      if (tipoDocumento !== "" && !CATALOGOS.TIPO_DOCUMENTO.some(([code]) => code === tipoDocumento)) problems.push(`tipoDocumento ${tipoDocumento} no válido`);
      if (tipoDocumento === "NIF" && !isValidDni(numero)) problems.push("numeroDocumento NIF no válido");
      if (tipoDocumento === "NIE" && !isValidNie(numero)) problems.push("numeroDocumento NIE no válido");
      if (!textOf(persona, "telefono") && !textOf(persona, "telefono2") && !textOf(persona, "correo")) problems.push("telefono o correo obligatorio");
      if (tipo !== "PV") continue;
      const nacimiento = textOf(persona, "fechaNacimiento");
      const minor = nacimiento !== "" && entrada !== "" && ageOn(nacimiento, entrada) < 18;
      if (minor) minors++;
      if (textOf(persona, "parentesco")) kinship++;
      if (!minor && (tipoDocumento === "" || numero === "")) problems.push("documento obligatorio para mayores de edad");
      if ((tipoDocumento === "NIF" || tipoDocumento === "NIE") && !textOf(persona, "soporteDocumento")) problems.push("soporteDocumento obligatorio");
      if (tipoDocumento === "NIF" && !textOf(persona, "apellido2")) problems.push("apellido2 obligatorio");
      const direccion = asObject(persona.direccion);
      const pais = textOf(direccion, "pais");
      if (pais === "ESP" && (!textOf(direccion, "codigoMunicipio") || textOf(direccion, "nombreMunicipio"))) problems.push("codigoMunicipio obligatorio en España");
      if (pais !== "ESP" && (!textOf(direccion, "nombreMunicipio") || textOf(direccion, "codigoMunicipio"))) problems.push("nombreMunicipio obligatorio fuera de España");
    }
    if (minors > 0 && kinship === 0) problems.push("parentesco obligatorio con menores");
    return problems;
  }

  function processLote(lote: FakeLote, schemaValid: boolean): void {
    lote.fechaProcesamiento = madridNow();
    if (lote.forced === "state-2" || lote.forced === "state-3") {
      lote.codigoEstado = lote.forced === "state-2" ? 2 : 3;
      return;
    }
    const account = accounts.find((candidate) => candidate.user === lote.user);
    if (!account) {
      lote.codigoEstado = 3;
      return;
    }
    if (!schemaValid) {
      lote.codigoEstado = 2;
      return;
    }
    const root = parseXml(lote.xml);
    if (lote.tipoOperacion === "B") {
      const codes = asArray(asObject(root.comunicaciones).codigoComunicacion).map(String);
      let missing = 0;
      codes.forEach((code, index) => {
        const filing = filings.find((candidate) => candidate.codigoComunicacion === code && candidate.codigoArrendador === lote.codigoArrendador);
        if (filing) {
          filing.anulada = true;
          lote.resultados.push({ orden: index + 1, codigoComunicacion: code });
        } else {
          missing++;
          lote.resultados.push({ orden: index + 1, tipoError: "ERR", error: "No existe una comunicación para ese código" });
        }
      });
      lote.codigoEstado = missing === 0 ? 1 : 6;
      return;
    }
    const solicitud = asObject(asObject(root.peticion).solicitud);
    const comunicaciones = asArray(solicitud.comunicacion).map(asObject);
    let failed = 0;
    comunicaciones.forEach((comunicacion, index) => {
      const orden = index + 1;
      const contrato = asObject(comunicacion.contrato);
      const referencia = textOf(contrato, "referencia");
      const problems = serviceErrors(lote.tipoComunicacion, solicitud, comunicacion, account);
      const injected = rejections.find((rejection) => rejection.referencia === referencia && rejection.times > 0);
      if (injected) {
        injected.times--;
        problems.push(injected.error);
      }
      if (problems.length > 0) {
        failed++;
        // The annex's own sample breaks the XSD's lengths (tipoError ≤ 5, error ≤ 100): the realism switch does too.
        lote.resultados.push({ orden, tipoError: settings.annexSpellings ? "Error validación de datos" : "VALID", error: `Error de validación en la comunicación [${orden}]: [${problems.join("; ")}]` });
        return;
      }
      const codigoComunicacion = randomUUID();
      lote.resultados.push({ orden, codigoComunicacion });
      filings.push({
        codigoComunicacion,
        lote: lote.lote,
        orden,
        tipo: lote.tipoComunicacion as "PV" | "RH",
        codigoArrendador: lote.codigoArrendador,
        establecimiento: lote.tipoComunicacion === "PV" ? textOf(solicitud, "codigoEstablecimiento") : textOf(asObject(comunicacion.establecimiento), "codigo"),
        referencia,
        fechaContrato: textOf(contrato, "fechaContrato"),
        fechaEntrada: textOf(contrato, "fechaEntrada"),
        fechaSalida: textOf(contrato, "fechaSalida"),
        numPersonas: textOf(contrato, "numPersonas"),
        tipoPago: textOf(asObject(contrato.pago), "tipoPago"),
        personas: asArray(comunicacion.persona).map(asObject),
        anulada: false,
        fechaAlta: madridNow(),
      });
    });
    lote.codigoEstado = failed === 0 ? 1 : 6;
  }

  const busy = new Set<string>();

  /**
   * Moves lotes one state: 5 → 4, and 4 → final. The inner documents of every lote that
   * finishes are validated in one libxml2 run per kind (a run costs ~0.2 s, so one per lote
   * would make a thousand-lote bench take minutes). A lote being processed is skipped by a
   * concurrent call, so nothing is processed twice.
   */
  async function advanceLotes(candidates: readonly FakeLote[]): Promise<number> {
    const finishing = candidates.filter((lote) => lote.codigoEstado === 4 && !busy.has(lote.lote));
    const starting = candidates.filter((lote) => lote.codigoEstado === 5 && lote.forced !== "stuck" && !busy.has(lote.lote));
    for (const lote of finishing) busy.add(lote.lote);
    for (const lote of starting) lote.codigoEstado = 4;
    try {
      const verdicts = await validateSesDocuments(
        finishing.map((lote) => ({ kind: lote.tipoOperacion === "B" ? ("B" as const) : (lote.tipoComunicacion as "PV" | "RH"), xml: lote.xml })),
      );
      finishing.forEach((lote, index) => {
        processLote(lote, verdicts[index].valid);
        if (lote.codigoEstado === 2 || lote.codigoEstado === 6) {
          const errors = lote.resultados.flatMap((result) => ("error" in result ? [result.error] : []));
          emails.push({ codigoArrendador: lote.codigoArrendador, lote: lote.lote, codigoEstado: lote.codigoEstado, errors: errors.length > 0 ? errors : verdicts[index].errors });
        }
      });
    } finally {
      for (const lote of finishing) busy.delete(lote.lote);
    }
    return finishing.length + starting.length;
  }

  // ------------------------------------------------------------ operations

  function comunicacionCheck(account: FakeAccount, cabecera: XmlObject, peticion: XmlObject): [number, string] | null {
    if (Object.keys(cabecera).length === 0 && peticion.cabecera === undefined) return [10109, "No se ha informado la cabecera"];
    const codigoArrendador = textOf(cabecera, "codigoArrendador");
    const aplicacion = textOf(cabecera, "aplicacion");
    const tipoOperacion = textOf(cabecera, "tipoOperacion");
    const tipoComunicacion = textOf(cabecera, "tipoComunicacion");
    if (peticion.solicitud === undefined || textOf(peticion, "solicitud") === "") return [10110, "No se ha informado la solicitud"];
    if (codigoArrendador === "") return [10100, "No se ha informado el código de arrendador"];
    if (aplicacion === "") return [10101, "No se ha informado la aplicación"];
    if ([...aplicacion].length > 50) return [10150, "La aplicación supera la longitud máxima"];
    if (tipoOperacion === "") return [10112, "No se ha informado el tipo de operación"];
    if (!["A", "B", "C"].includes(tipoOperacion)) return [10117, "El tipo de operación debe ser A, B o C"];
    if (tipoOperacion === "A" && tipoComunicacion === "") return [10116, "No se ha informado el tipo de comunicación"];
    if (tipoComunicacion !== "" && !["PV", "RH", "AV", "RV"].includes(tipoComunicacion)) return [10122, "Tipo de comunicación no válido"];
    if (!accounts.some((candidate) => candidate.codigoArrendador === codigoArrendador)) return [10103, "El arrendador no existe"];
    if (account.codigoArrendador !== codigoArrendador) return [10107, "El usuario no corresponde con el arrendador"];
    if (!account.wsEnabled) return [10120, "El arrendador no tiene habilitado el envío por servicio web"];
    if (tipoOperacion === "A" && !account.tipos.includes(tipoComunicacion)) return [10119, "El arrendador no puede enviar ese tipo de comunicación"];
    return null;
  }

  async function onComunicacion(account: FakeAccount, content: XmlObject): Promise<string> {
    const peticion = asObject(content.peticion);
    if (content.peticion === undefined) return soap("comunicacionResponse", respuesta(10108, "No se ha informado la petición"));
    const cabecera = asObject(peticion.cabecera);
    const refused = comunicacionCheck(account, cabecera, peticion);
    if (refused) return soap("comunicacionResponse", respuesta(...refused));
    const tipoOperacion = textOf(cabecera, "tipoOperacion") as "A" | "B" | "C";
    const tipoComunicacion = textOf(cabecera, "tipoComunicacion");
    let xml: string;
    try {
      xml = unzipBase64(textOf(peticion, "solicitud")).xml;
    } catch (error) {
      if (!(error instanceof SesZipError)) throw error;
      return soap("comunicacionResponse", respuesta(10111, "Formato de solicitud incorrecto. Ha de ir comprimido (zip) y codificado en Base64."));
    }
    let root: XmlObject;
    try {
      root = parseXml(xml);
    } catch {
      return soap("comunicacionResponse", respuesta(10118, "Fichero XML incorrecto"));
    }
    const rootName = Object.keys(root)[0] ?? "";
    const rootNamespace = /xmlns(?::\w+)?="([^"]+)"/.exec(xml)?.[1] ?? "";
    const expected =
      tipoOperacion === "A" ? { name: "peticion", ns: SES_NAMESPACES[tipoComunicacion as "PV" | "RH"] } : tipoOperacion === "B" ? { name: "comunicaciones", ns: SES_NAMESPACES.B } : { name: "lotes", ns: SES_NAMESPACES.C };
    if (rootName !== expected.name || rootNamespace !== expected.ns) return soap("comunicacionResponse", respuesta(10118, "Fichero XML incorrecto"));

    if (tipoOperacion === "C") {
      const requested = asArray(asObject(root.lotes).lote).map(String);
      if (requested.length > 10) return soap("comunicacionResponse", respuesta(10136, "Se ha superado el número máximo de lotes a consultar"));
      return soap("comunicacionResponse", respuesta(0, "Ok") + (await queryLotes(account, requested)));
    }
    if (tipoOperacion === "A") {
      const items = asArray(asObject(asObject(root.peticion).solicitud).comunicacion).length;
      if (items > settings.maxComunicaciones) return soap("comunicacionResponse", respuesta(10121, "Se ha superado el número máximo de comunicaciones"));
    }
    const sha256 = sha256Hex(xml);
    if (tipoOperacion === "A" && settings.duplicates !== "off") {
      const earlier = lotes.find(
        (lote) =>
          lote.sha256 === sha256 &&
          lote.codigoArrendador === account.codigoArrendador &&
          lote.codigoEstado !== 2 &&
          lote.codigoEstado !== 3 &&
          !(lote.resultados.length > 0 && lote.resultados.every((result) => "codigoComunicacion" in result && filings.find((f) => f.codigoComunicacion === result.codigoComunicacion)?.anulada)),
      );
      if (earlier && settings.duplicates === "reject") return soap("comunicacionResponse", respuesta(10121, "Lote duplicado"));
      if (earlier) return soap("comunicacionResponse", respuesta(0, "Ok", earlier.lote));
    }
    const lote: FakeLote = {
      lote: randomUUID(),
      codigoArrendador: account.codigoArrendador,
      user: account.user,
      aplicacion: textOf(cabecera, "aplicacion"),
      tipoOperacion,
      tipoComunicacion: tipoOperacion === "A" ? tipoComunicacion : tipoComunicacion || "",
      xml,
      sha256,
      codigoEstado: 5,
      fechaPeticion: madridNow(),
      fechaProcesamiento: "",
      resultados: [],
    };
    const forced = loteFailures.shift();
    if (forced) lote.forced = forced;
    lotes.push(lote);
    return soap("comunicacionResponse", respuesta(0, "Ok", lote.lote));
  }

  async function queryLotes(account: FakeAccount, requested: string[]): Promise<string> {
    const found = lotes.filter((lote) => requested.includes(lote.lote) && lote.codigoArrendador === account.codigoArrendador);
    if (settings.advanceOnPoll) await advanceLotes(found);
    return found.map(loteXml).join("");
  }

  function comunicacionXml(filing: FakeFiling, account: FakeAccount): string {
    const personas = filing.personas
      .map((persona) => {
        const direccion = asObject(persona.direccion);
        const field = (name: string, value: string | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : "");
        const address = persona.direccion
          ? `<direccion>${field("direccion", textOf(direccion, "direccion"))}${field("municipio", optionalTextOf(direccion, "codigoMunicipio"))}${field("localidad", optionalTextOf(direccion, "nombreMunicipio"))}${field("cp", textOf(direccion, "codigoPostal"))}${field("pais", textOf(direccion, "pais"))}</direccion>`
          : "";
        return (
          `<persona>${field("rol", textOf(persona, "rol"))}${field("nombre", textOf(persona, "nombre"))}${field("apellido1", textOf(persona, "apellido1"))}${field("apellido2", optionalTextOf(persona, "apellido2"))}` +
          `${field("tipoDocumento", optionalTextOf(persona, "tipoDocumento"))}${field("documento", optionalTextOf(persona, "numeroDocumento"))}${field("soporteDocumento", optionalTextOf(persona, "soporteDocumento"))}` +
          `${field("fechaNacimiento", optionalTextOf(persona, "fechaNacimiento"))}${field("nacionalidad", optionalTextOf(persona, "nacionalidad"))}${field("sexo", optionalTextOf(persona, "sexo"))}${address}` +
          `${field("telefono", optionalTextOf(persona, "telefono"))}${field("correo", optionalTextOf(persona, "correo"))}${field("parentesco", optionalTextOf(persona, "parentesco"))}</persona>`
        );
      })
      .join("");
    return (
      `<comunicacion><tipo>${filing.tipo}</tipo><codigo>${filing.codigoComunicacion}</codigo>${filing.anulada ? "<anulada>true</anulada>" : ""}` +
      `<referencia>${escapeXml(filing.referencia)}</referencia><fechaContrato>${filing.fechaContrato}</fechaContrato><fechaInicio>${filing.fechaEntrada}</fechaInicio>` +
      `<fechaFin>${filing.fechaSalida}</fechaFin><fechaAlta>${filing.fechaAlta}</fechaAlta><pago><tipo>${filing.tipoPago}</tipo></pago>` +
      `<arrendador><nombre>${escapeXml(account.nombre)}</nombre><tipoDocumento>CIF</tipoDocumento><documento>${escapeXml(account.user.replace(/WS$/, ""))}</documento><codigo>${account.codigoArrendador}</codigo><tipo>EH</tipo></arrendador>` +
      `<establecimiento><codigo>${filing.establecimiento}</codigo></establecimiento><infoAlojamiento><numeroPersonas>${filing.numPersonas}</numeroPersonas></infoAlojamiento>` +
      `<personas>${personas}</personas></comunicacion>`
    );
  }

  async function dispatch(account: FakeAccount, operation: string, content: XmlObject): Promise<string> {
    switch (operation) {
      case "comunicacionRequest":
        return onComunicacion(account, content);
      case "consultaLoteRequest": {
        const requested = asArray(asObject(content.codigosLote).lote).map(String);
        if (requested.length > 10) return soap("consultaLoteResponse", respuesta(10136, "Se ha superado el número máximo de lotes a consultar"));
        return soap("consultaLoteResponse", respuesta(0, "Ok") + (await queryLotes(account, requested)));
      }
      case "consultaComunicacionRequest": {
        const codes = asArray(asObject(content.codigos).codigo).map(String);
        const head = (codigo: number, descripcion: string) => `<resultado><${codigoTag()}>${codigo}</${codigoTag()}><descripcion>${descripcion}</descripcion></resultado>`;
        if (codes.length > 10) return soap("consultaComunicacionResponse", head(10136, "Se ha superado el número máximo de comunicaciones a consultar"));
        const found = filings.filter((filing) => codes.includes(filing.codigoComunicacion) && filing.codigoArrendador === account.codigoArrendador);
        return soap("consultaComunicacionResponse", head(0, "Ok") + found.map((filing) => comunicacionXml(filing, account)).join(""));
      }
      case "anulacionLoteRequest": {
        const id = textOf(content, "lote");
        const lote = lotes.find((candidate) => candidate.lote === id && candidate.codigoArrendador === account.codigoArrendador && candidate.tipoOperacion === "A");
        const answer = (codigo: number, descripcion: string) => soap("anulacionLoteResponse", `<${codigoTag()}>${codigo}</${codigoTag()}><descripcion>${descripcion}</descripcion>`);
        if (!lote) return answer(10113, "No existe el lote indicado");
        if (lote.codigoEstado !== 1 && lote.codigoEstado !== 6) return answer(10130, "El lote aún no ha sido tramitado");
        for (const filing of filings) if (filing.lote === lote.lote) filing.anulada = true;
        return answer(0, "Ok");
      }
      case "catalogoRequest": {
        const name = textOf(asObject(content.peticion), "catalogo");
        const rows = name === "" ? Object.keys(CATALOGOS).map((table) => [table, table]) : CATALOGOS[name];
        const head = (codigo: number, descripcion: string) => `<resultado><${codigoTag()}>${codigo}</${codigoTag()}><descripcion>${descripcion}</descripcion></resultado>`;
        if (!rows) return soap("catalogoResponse", head(10130, `Valor incorrecto en el campo catalogo`) + "<respuesta><resultado/></respuesta>");
        const tuplas = rows.map(([codigo, descripcion]) => `<tupla><codigo>${codigo}</codigo><descripcion>${escapeXml(descripcion)}</descripcion></tupla>`).join("");
        return soap("catalogoResponse", head(0, "Ok") + `<respuesta><resultado>${tuplas}</resultado></respuesta>`);
      }
      default:
        return fault("Client", `Operación desconocida: ${operation}`);
    }
  }

  function authenticate(header: string | undefined): FakeAccount | null {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    const user = decoded.slice(0, colon);
    const password = Buffer.from(decoded.slice(colon + 1));
    const account = accounts.find((candidate) => candidate.user === user);
    if (!account) return null;
    const expected = Buffer.from(account.password);
    return expected.length === password.length && timingSafeEqual(expected, password) ? account : null;
  }

  // ------------------------------------------------------------ control

  const control: FakeSesControl = {
    failNext(kind, opts = {}) {
      const times = opts.times ?? 1;
      for (let i = 0; i < times; i++) {
        if (kind === "state-2" || kind === "state-3" || kind === "stuck") loteFailures.push(kind);
        else failures.push({ kind, delayMs: opts.delayMs ?? settings.delayMs, ...(opts.operation ? { operation: opts.operation } : {}) });
      }
    },
    rejectReference(referencia, error, times = 1) {
      rejections.push({ referencia, error, times });
    },
    advance: () => advanceLotes(lotes),
    async settle() {
      while ((await control.advance()) > 0);
    },
    unstick() {
      for (const lote of lotes) if (lote.forced === "stuck") delete lote.forced;
    },
    filings: () => filings.map((filing) => ({ ...filing })),
    lotes: () => lotes.map((lote) => ({ ...lote, resultados: [...lote.resultados] })),
    emails: () => emails.map((email) => ({ ...email, errors: [...email.errors] })),
    counts: () => ({ ...counts, lotes: lotes.length, filings: filings.length }),
    setOptions(next) {
      Object.assign(settings, Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)));
    },
    addAccount(account) {
      accounts = [...accounts.filter((candidate) => candidate.user !== account.user), account];
    },
    reset() {
      accounts = [...initialAccounts];
      lotes = [];
      filings = [];
      counts = {};
      failures = [];
      emails = [];
      loteFailures = [];
      rejections = [];
    },
  };

  async function onControl(request: http.IncomingMessage, body: string, response: http.ServerResponse): Promise<void> {
    const name = (request.url ?? "").slice("/__fake/".length).split("?")[0];
    const input = body.trim() === "" ? {} : (JSON.parse(body) as Record<string, unknown>);
    const json = (value: unknown) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(value));
    };
    switch (`${request.method} ${name}`) {
      case "POST fail-next":
        control.failNext(input.kind as FakeFailureKind, { times: input.times as number | undefined, delayMs: input.delayMs as number | undefined, operation: input.operation as FakeOperation | undefined });
        return json({ ok: true });
      case "POST reject-reference":
        control.rejectReference(String(input.referencia), String(input.error), input.times as number | undefined);
        return json({ ok: true });
      case "POST advance":
        return json({ moved: await control.advance() });
      case "POST settle":
        await control.settle();
        return json({ ok: true });
      case "POST unstick":
        control.unstick();
        return json({ ok: true });
      case "POST options":
        control.setOptions(input);
        return json({ ok: true });
      case "POST accounts":
        control.addAccount(input as unknown as FakeAccount);
        return json({ ok: true });
      case "POST reset":
        control.reset();
        return json({ ok: true });
      case "GET filings":
        return json(control.filings());
      case "GET lotes":
        return json(control.lotes().map(({ xml: _xml, ...rest }) => rest));
      case "GET emails":
        return json(control.emails());
      case "GET counts":
        return json(control.counts());
      default:
        response.writeHead(404).end();
    }
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void handle(request, Buffer.concat(chunks).toString("utf8"), response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" });
        response.end(String(error));
      });
    });
  };
  // With TLS, only the leaf is served (no chain): what the ministry's server reportedly does.
  const server = options.tls ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, onRequest) : http.createServer(onRequest);

  async function handle(request: http.IncomingMessage, body: string, response: http.ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    if (url.startsWith("/__fake/")) return onControl(request, body, response);
    if (!url.startsWith(SES_ENDPOINT_PATH) || request.method !== "POST") {
      // GET ?wsdl too: production reportedly does not serve it.
      response.writeHead(404, { "Content-Type": "text/html" }).end("<html><body>Not Found</body></html>");
      return;
    }
    let operation = "unparsable";
    let content: XmlObject = {};
    try {
      const parsed = parseSoapEnvelope(body);
      operation = parsed.operation;
      content = parsed.content;
    } catch {
      // answered below, after the failure injection and the auth check
    }
    count(operation);
    const index = failures.findIndex((failure) => failure.operation === undefined || `${failure.operation}Request` === operation);
    const injected = index >= 0 ? failures.splice(index, 1)[0] : undefined;
    if (injected?.kind === "reset") {
      request.socket.destroy();
      return;
    }
    if (injected?.kind === "http-502" || injected?.kind === "http-503") {
      const status = injected.kind === "http-502" ? 502 : 503;
      response.writeHead(status, { "Content-Type": "text/html; charset=iso-8859-1" }).end(status === 502 ? PROXY_ERROR_PAGE : "<html><body><h1>Service Unavailable</h1></body></html>");
      return;
    }
    if (injected?.kind === "soap-fault") {
      send(response, 500, fault("Server", "Error interno del servidor"));
      return;
    }
    if (injected?.kind === "client-fault") {
      send(response, 500, fault("Client", "Petición no válida: el elemento cabecera no es correcto"));
      return;
    }
    const account = authenticate(request.headers.authorization);
    if (!account) {
      response.writeHead(401, { "WWW-Authenticate": 'Basic realm="hospedajes"' }).end();
      return;
    }
    if (operation === "unparsable") {
      send(response, 500, fault("Client", "Mensaje SOAP no válido"));
      return;
    }
    if (operation === "consultaLoteRequest" && settings.consultaLote !== "on") {
      // Spring-WS answers 404 when no endpoint maps the Body element; other stacks a Client fault.
      if (settings.consultaLote === "http-404") response.writeHead(404, { "Content-Type": "text/html" }).end("<html><body>Not Found</body></html>");
      else send(response, 500, fault("Client", "No endpoint mapping found for consultaLoteRequest: operación desconocida"));
      return;
    }
    if (injected?.kind.startsWith("code-")) {
      const code = Number(injected.kind.slice(5));
      const text =
        code === 10999
          ? "Error no controlado"
          : code === 10111
            ? "Formato de solicitud incorrecto"
            : code === 10121
              ? "Error de validación en la petición"
              : "El arrendador no tiene habilitado el envío por servicio web";
      const element = operation.replace(/Request$/, "Response");
      const inner =
        element === "anulacionLoteResponse"
          ? `<codigo>${code}</codigo><descripcion>${text}</descripcion>`
          : element === "consultaComunicacionResponse" || element === "catalogoResponse"
            ? `<resultado><codigo>${code}</codigo><descripcion>${text}</descripcion></resultado>`
            : respuesta(code, text);
      send(response, settings.errorsOnHttp500 ? 500 : 200, soap(element, inner));
      return;
    }
    if (injected?.kind === "slow") await sleep(injected.delayMs);
    const answer = await dispatch(account, operation, content);
    if (injected?.kind === "reply-lost") {
      request.socket.destroy();
      return;
    }
    if (injected?.kind === "reply-delayed") await sleep(injected.delayMs);
    if (response.destroyed || request.socket.destroyed) return;
    const failedCode = /<(?:codigo|codigoRetorno)>([1-9]\d*)<\//.exec(answer);
    const status = answer.includes(":Fault>") || (settings.errorsOnHttp500 && failedCode) ? 500 : 200;
    send(response, status, answer);
  }

  /** Writes a SOAP answer in the configured charset, declared in the header and the XML declaration. */
  function send(response: http.ServerResponse, status: number, xml: string): void {
    if (settings.charset === "iso-8859-1") {
      const latin = xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>');
      response.writeHead(status, { "Content-Type": "text/xml;charset=ISO-8859-1" }).end(Buffer.from(latin, "latin1"));
      return;
    }
    response.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(xml);
  }

  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const origin = `${options.tls ? "https" : "http"}://${options.host ?? "127.0.0.1"}:${address.port}`;
  return {
    origin,
    url: `${origin}${SES_ENDPOINT_PATH}`,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
