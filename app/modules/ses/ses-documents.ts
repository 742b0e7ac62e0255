import { isIsoDate, isValidDni, isValidNie, normalizeDocumentNumber } from "#app/modules/guests/identity.ts";
import {
  charLength,
  collapseWhitespace,
  removeInvalidXmlChars,
  sanitizeUnicode,
  truncateChars,
} from "#app/modules/guests/guests.schema.ts";
import {
  buildAltaParteHospedaje,
  PoliceXmlInputError,
  registryDateTime,
  type AltaParteHospedajeInput,
  type PropertyTimeZone,
} from "#app/modules/guests/police-xml.ts";
import { isGuestDocumentType, isPaymentTypeCode, toSesDocumentType } from "#app/modules/guests/ses-codes.ts";

// The inner documents carried (zipped) in a SES `comunicacion` request: the reservation
// (RH, altaReservaHospedaje), the guest register (PV, the staff export's own builder), the
// cancellation (B, anularComunicacion) and the batch query (C, consultarComunicacion).
// Every builder is pure: the same input gives the same bytes, because the outbox stores the
// bytes once and a resend after a crash must be byte-identical (WEB-SERVICE.md §3).

export const SES_NAMESPACES = {
  PV: "http://www.neg.hospedajes.mir.es/altaParteHospedaje",
  RH: "http://www.neg.hospedajes.mir.es/altaReservaHospedaje",
  B: "http://www.neg.hospedajes.mir.es/anularComunicacion",
  C: "http://www.neg.hospedajes.mir.es/consultarComunicacion",
} as const;

/** Inner document kinds: altas of a parte (PV) or a reservation (RH), cancellation (B), batch query (C). */
export type SesDocumentKind = keyof typeof SES_NAMESPACES;

/** Data that the schema or the ministry would reject; the message is Spanish, for staff. */
export class SesDocumentInputError extends PoliceXmlInputError {
  override name = "SesDocumentInputError";
}

export { buildAltaParteHospedaje, type AltaParteHospedajeInput };

// ---------------------------------------------------------------- XML writing

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

type Node = { name: string; content: string | Node[] };

function leaf(name: string, value: string | null): Node | null {
  return value === null ? null : { name, content: value };
}

function branch(name: string, children: (Node | null)[]): Node {
  return { name, content: children.filter((child): child is Node => child !== null) };
}

function serialize(node: Node, depth: number): string {
  const indent = "  ".repeat(depth);
  if (typeof node.content === "string") return `${indent}<${node.name}>${escapeXml(node.content)}</${node.name}>`;
  const inner = node.content.map((child) => serialize(child, depth + 1)).join("\n");
  return `${indent}<${node.name}>\n${inner}\n${indent}</${node.name}>`;
}

/** Free text as the XSD reads it: collapsed, XML-safe, cut to the limit; null when empty. */
function text(value: string | null | undefined, maxChars: number): string | null {
  if (value === null || value === undefined) return null;
  // The forms' one sanitiser (NFC, no controls, bidi or zero-width characters) once more on
  // the way out, for rows stored before it existed.
  const cleaned = truncateChars(collapseWhitespace(sanitizeUnicode(value)), maxChars);
  return cleaned === "" ? null : cleaned;
}

function required(value: string | null | undefined, maxChars: number, problem: string): string {
  const cleaned = text(value, maxChars);
  if (cleaned === null) throw new SesDocumentInputError(problem);
  return cleaned;
}

// ---------------------------------------------------------------- RH

export interface ReservaHolder {
  givenName: string;
  firstSurname: string;
  secondSurname?: string | null;
  /** A guest-form value (DNI, NIE, Pasaporte, Otro) or an official code (NIF, NIE, PAS, OTRO). */
  documentType?: string | null;
  documentNumber?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface AltaReservaHospedajeInput {
  /** codigoEstablecimiento given by the ministry (≤ 10 characters, leading zeros kept). */
  establishmentCode: string;
  timeZone: PropertyTimeZone;
  contract: {
    /** Our reservation reference (≤ 50): stable and free of personal data. */
    reference: string;
    /** yyyy-MM-dd: the day the booking was made. */
    contractDate: string;
    /** yyyy-MM-dd */
    checkIn: string;
    /** yyyy-MM-dd */
    checkOut: string;
    /** Planned number of guests (numPersonas); the RH only carries the holder's persona block. */
    guestCount: number;
    rooms?: number | null;
    internetAvailable?: boolean | null;
    /** TIPO_PAGO code (EFECT, TARJT, PLATF, …). */
    paymentType: string;
  };
  /** The contract holder (rol TI). */
  holder: ReservaHolder;
}

const OFFICIAL_DOCUMENT_CODES = new Set(["NIF", "NIE", "PAS", "OTRO"]);
const XSD_EMAIL = /^[^@]+@[^.]+\..+$/;

function positiveInt(value: number, problem: string): string {
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw new SesDocumentInputError(problem);
  return String(value);
}

function holderNode(holder: ReservaHolder): Node {
  const problem = (what: string) => `Titular de la reserva: ${what}`;
  const nombre = required(holder.givenName, 50, problem("falta el nombre"));
  const apellido1 = required(holder.firstSurname, 50, problem("falta el primer apellido"));
  const apellido2 = text(holder.secondSurname, 50);

  let tipoDocumento: string | null = null;
  let numeroDocumento: string | null = null;
  const rawType = text(holder.documentType, 20);
  if (rawType !== null) {
    const upper = rawType.toUpperCase();
    if (isGuestDocumentType(rawType)) tipoDocumento = toSesDocumentType(rawType);
    else if (OFFICIAL_DOCUMENT_CODES.has(upper)) tipoDocumento = upper;
    else throw new SesDocumentInputError(problem(`tipo de documento desconocido (${rawType})`));
    numeroDocumento = normalizeDocumentNumber(removeInvalidXmlChars(holder.documentNumber ?? ""));
    const numberOk =
      tipoDocumento === "NIF"
        ? isValidDni(numeroDocumento)
        : tipoDocumento === "NIE"
          ? isValidNie(numeroDocumento)
          : numeroDocumento !== "" && charLength(numeroDocumento) <= 15;
    if (!numberOk) throw new SesDocumentInputError(problem("el número de documento no es válido"));
  } else if (text(holder.documentNumber, 15) !== null) {
    throw new SesDocumentInputError(problem("falta el tipo de documento"));
  }

  const telefono = text(holder.phone, 20);
  const correo = text(holder.email, 250);
  if (correo !== null && !XSD_EMAIL.test(correo)) throw new SesDocumentInputError(problem("el email no es válido"));
  if (telefono === null && correo === null) throw new SesDocumentInputError(problem("falta un teléfono o un email"));

  // personaReservaType order: rol, nombre, apellido1, apellido2, tipoDocumento, numeroDocumento,
  // fechaNacimiento, nacionalidad, sexo, direccion, telefono, telefono2, correo.
  return branch("persona", [
    leaf("rol", "TI"),
    leaf("nombre", nombre),
    leaf("apellido1", apellido1),
    leaf("apellido2", apellido2),
    leaf("tipoDocumento", tipoDocumento),
    leaf("numeroDocumento", numeroDocumento),
    leaf("telefono", telefono),
    leaf("correo", correo),
  ]);
}

/**
 * The altaReservaHospedaje document for one reservation: the property by its code, the
 * contract, and the holder as the single persona (rol TI). Throws `SesDocumentInputError`
 * (Spanish message) for data the schema or the ministry would reject.
 */
export function buildAltaReservaHospedaje(input: AltaReservaHospedajeInput): string {
  const { contract } = input;
  const codigo = text(input.establishmentCode, 1000);
  if (codigo === null || charLength(codigo) > 10) {
    throw new SesDocumentInputError("El código de establecimiento debe tener entre 1 y 10 caracteres");
  }
  if (input.timeZone !== "Europe/Madrid" && input.timeZone !== "Atlantic/Canary") {
    throw new SesDocumentInputError(`Zona horaria no admitida: ${String(input.timeZone)}`);
  }
  for (const [value, what] of [
    [contract.contractDate, "del contrato"],
    [contract.checkIn, "de entrada"],
    [contract.checkOut, "de salida"],
  ] as const) {
    if (!isIsoDate(value)) throw new SesDocumentInputError(`La fecha ${what} no es válida`);
  }
  if (contract.checkOut < contract.checkIn) {
    throw new SesDocumentInputError("La fecha de salida es anterior a la de entrada");
  }
  if (!isPaymentTypeCode(contract.paymentType)) {
    throw new SesDocumentInputError(`Tipo de pago desconocido: ${contract.paymentType}`);
  }

  const comunicacion = branch("comunicacion", [
    branch("establecimiento", [leaf("codigo", codigo)]),
    branch("contrato", [
      leaf("referencia", required(contract.reference, 50, "Falta la referencia de la reserva")),
      leaf("fechaContrato", contract.contractDate),
      leaf("fechaEntrada", registryDateTime(contract.checkIn)),
      leaf("fechaSalida", registryDateTime(contract.checkOut)),
      leaf("numPersonas", positiveInt(contract.guestCount, "El número de huéspedes debe ser un entero positivo")),
      leaf(
        "numHabitaciones",
        contract.rooms === null || contract.rooms === undefined
          ? null
          : positiveInt(contract.rooms, "El número de habitaciones debe ser un entero positivo"),
      ),
      leaf(
        "internet",
        contract.internetAvailable === null || contract.internetAvailable === undefined
          ? null
          : String(contract.internetAvailable),
      ),
      branch("pago", [leaf("tipoPago", contract.paymentType)]),
    ]),
    holderNode(input.holder),
  ]);

  // Only the root is namespaced (no elementFormDefault in the schema).
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rh:peticion xmlns:rh="${SES_NAMESPACES.RH}">`,
    serialize(branch("solicitud", [comunicacion]), 1),
    "</rh:peticion>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------- B and C

/** Communication codes and lotes are UUIDs (≤ 36); anything else is our bug, not data. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkIds(ids: readonly string[], what: string, max?: number): void {
  if (ids.length === 0) throw new SesDocumentInputError(`No hay ${what}`);
  if (max !== undefined && ids.length > max) throw new SesDocumentInputError(`Como máximo ${max} ${what} por consulta`);
  for (const id of ids) {
    if (!UUID.test(id)) throw new SesDocumentInputError(`Código no válido: ${id}`);
  }
}

/**
 * anularComunicacion: cancel accepted communications by their `codigoComunicacion` (never
 * the lote: confusing the two is the bug OCA/pms shipped). This schema is qualified, so
 * every element carries the prefix.
 */
export function buildAnulacion(codigosComunicacion: readonly string[]): string {
  checkIds(codigosComunicacion, "códigos de comunicación");
  const items = codigosComunicacion.map((code) => `  <anul:codigoComunicacion>${code}</anul:codigoComunicacion>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<anul:comunicaciones xmlns:anul="${SES_NAMESPACES.B}">`,
    ...items,
    "</anul:comunicaciones>",
    "",
  ].join("\n");
}

/** consultarComunicacion: the zipped list of lotes of a C operation (≤ 10). Qualified too. */
export function buildConsultaLotes(lotes: readonly string[]): string {
  checkIds(lotes, "lotes", 10);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<con:lotes xmlns:con="${SES_NAMESPACES.C}">`,
    ...lotes.map((lote) => `  <con:lote>${lote}</con:lote>`),
    "</con:lotes>",
    "",
  ].join("\n");
}
