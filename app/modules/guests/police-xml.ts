import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import {
  ageOn,
  isIsoDate,
  isValidDni,
  isValidNie,
  normalizeDocumentNumber,
} from "#app/modules/guests/identity.ts";
import {
  ADULT_AGE,
  charLength,
  collapseWhitespace,
  removeInvalidXmlChars,
  sanitizeUnicode,
  truncateChars,
} from "#app/modules/guests/guests.schema.ts";
import {
  SPAIN,
  isGuestDocumentType,
  isKinshipCode,
  isPaymentTypeCode,
  isSexCode,
  toSesDocumentType,
  type PaymentTypeCode,
} from "#app/modules/guests/ses-codes.ts";

// The "parte de viajeros" (altaParteHospedaje) for SES.HOSPEDAJES, as uploaded through the
// ministry's bulk-upload portal. It must validate against the official XSD (interface
// v3.1.3, resources/ses-hospedajes/xsd/, provenance in SOURCES.txt) and follow the service
// rules the XSD cannot express: documents for adults, support number with NIF/NIE, second
// surname with NIF, a phone or e-mail, INE code for Spain and city name elsewhere, kinship
// for minors.
//
// The staff-side spec lists constants from the earlier product (gender "O", municipality
// "00000", a fixed "+02:00", kinship "PM" for everyone, phone 999999999 and a placeholder
// e-mail, payment holder "Propietario", card expiry 12/2027, the name split on spaces).
// The official rules win over all of them (DECISIONS.md "Police-registry XML"): we send
// the guest's real sex and relationship, the INE municipality code, the stay dates as local
// time of the property (no offset, as the production clients send them; ADR 0005), the
// separately collected surnames, and never invented
// contact or payment data. Optional elements we have no real value for are left out,
// because the registry treats empty tags as errors. There is no default establishment
// code either: without one the export is refused (`canExportPoliceXml`).

export const ALTA_PARTE_HOSPEDAJE_NAMESPACE = "http://www.neg.hospedajes.mir.es/altaParteHospedaje";

export type PropertyTimeZone = "Europe/Madrid" | "Atlantic/Canary";

export interface PoliceXmlProperty {
  name: string;
  /** codigoEstablecimiento given by the ministry, at most 10 characters. */
  establishmentCode: string;
  internetAvailable: boolean;
  /** Mainland and Balearics are Europe/Madrid; the Canary Islands, one hour behind. */
  timeZone: PropertyTimeZone;
}

export interface PoliceXmlReservation {
  /** The reservation's unique guest link: unique, stable and free of personal data. */
  reference: string;
  /** yyyy-MM-dd */
  contractDate: string;
  /** yyyy-MM-dd */
  checkIn: string;
  /** yyyy-MM-dd */
  checkOut: string;
  rooms: number;
  paymentType: PaymentTypeCode | string;
}

/** A stored guest (see `Guest` in guests.schema.ts); columns read from the database may be null. */
export interface PoliceXmlGuest {
  givenName: string;
  firstSurname: string;
  secondSurname?: string | null;
  sex?: string | null;
  birthDate: string;
  nationality?: string | null;
  documentType?: string | null;
  documentNumber?: string | null;
  documentSupport?: string | null;
  phone?: string | null;
  email?: string | null;
  addressStreet: string;
  addressCountry: string;
  addressMunicipalityCode?: string | null;
  addressMunicipalityName?: string | null;
  addressPostalCode: string;
  kinship?: string | null;
}

export interface AltaParteHospedajeInput {
  property: PoliceXmlProperty;
  reservation: PoliceXmlReservation;
  guests: readonly PoliceXmlGuest[];
}

/** Data that would give a file the schema or the ministry rejects; the message is for staff. */
export class PoliceXmlInputError extends Error {
  override name = "PoliceXmlInputError";
}

// ---------------------------------------------------------------- time zones

/** Minutes the zone's wall clock is ahead of UTC at an instant. */
function offsetMinutesAt(instant: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
}

/**
 * The UTC offset ("+01:00") in force in `timeZone` at a local date and time, from the
 * runtime's time-zone database rather than a table of our own, so DST rule changes come
 * with Node updates.
 */
export function utcOffsetAt(localDate: string, localTime: string, timeZone: string): string {
  if (!isIsoDate(localDate) || !/^\d{2}:\d{2}:\d{2}$/.test(localTime)) {
    throw new RangeError(`Expected yyyy-MM-dd and HH:mm:ss, got "${localDate}" "${localTime}"`);
  }
  const [hour, minute, second] = localTime.split(":").map(Number);
  const wallClock = Date.UTC(
    Number(localDate.slice(0, 4)),
    Number(localDate.slice(5, 7)) - 1,
    Number(localDate.slice(8, 10)),
    hour,
    minute,
    second,
  );
  // The offset at "wall clock read as UTC" can be the one from before a change; one
  // correction lands on the offset actually in force at that local time.
  const guess = offsetMinutesAt(wallClock, timeZone);
  const minutes = offsetMinutesAt(wallClock - guess * 60_000, timeZone);
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

// Arrival and departure hours are not collected, so both are sent as the start of the day,
// which is what integrators send when the hour is unknown. The value is the property's local
// date and time WITHOUT an offset, as the clients that file in production send it (OCA/pms
// `T00:00:00`): the ministry reads the stay's calendar days, and an offset lets a server that
// normalises to UTC or to mainland time move a Canary or summer midnight to the day before
// (`2025-08-01T00:00:00+02:00` is 31 July 22:00 UTC). Both forms are schema-valid (ADR 0005).
const STAY_TIME = "00:00:00";

export function registryDateTime(localDate: string): string {
  if (!isIsoDate(localDate)) throw new RangeError(`Expected yyyy-MM-dd, got "${localDate}"`);
  return `${localDate}T${STAY_TIME}`;
}

// ---------------------------------------------------------------- XML writing

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

interface XmlNode {
  name: string;
  content: string | XmlNode[];
}

function leaf(name: string, value: string | null): XmlNode | null {
  return value === null ? null : { name, content: value };
}

function branch(name: string, children: (XmlNode | null)[]): XmlNode {
  return { name, content: children.filter((child): child is XmlNode => child !== null) };
}

function serialize(node: XmlNode, depth: number): string {
  const indent = "  ".repeat(depth);
  if (typeof node.content === "string") {
    return `${indent}<${node.name}>${escapeXml(node.content)}</${node.name}>`;
  }
  const inner = node.content.map((child) => serialize(child, depth + 1)).join("\n");
  return `${indent}<${node.name}>\n${inner}\n${indent}</${node.name}>`;
}

// ---------------------------------------------------------------- values

/** Free text as the XSD reads it: collapsed, cut to the limit, XML-safe characters only. */
function text(value: string | null | undefined, maxChars: number): string | null {
  if (value === null || value === undefined) return null;
  // The forms' one sanitiser (NFC, no controls, bidi or zero-width characters) once more on
  // the way out, for rows stored before it existed.
  const cleaned = truncateChars(collapseWhitespace(sanitizeUnicode(value)), maxChars);
  return cleaned === "" ? null : cleaned;
}

function requiredText(value: string | null | undefined, maxChars: number, problem: string): string {
  const cleaned = text(value, maxChars);
  if (cleaned === null) throw new PoliceXmlInputError(problem);
  return cleaned;
}

function upperCode(value: string | null | undefined): string | null {
  const cleaned = text(value, 1000);
  return cleaned === null ? null : cleaned.toUpperCase();
}

function requireDate(value: string, problem: string): string {
  if (!isIsoDate(value)) throw new PoliceXmlInputError(problem);
  return value;
}

const XSD_EMAIL = /^[^@]+@[^.]+\..+$/;

function personNode(guest: PoliceXmlGuest, position: number, checkIn: string): XmlNode {
  const problem = (what: string) => `Huésped ${position}: ${what}`;

  const nombre = requiredText(guest.givenName, 50, problem("falta el nombre"));
  const apellido1 = requiredText(guest.firstSurname, 50, problem("falta el primer apellido"));
  const apellido2 = text(guest.secondSurname, 50);
  const fechaNacimiento = requireDate(
    guest.birthDate,
    problem("la fecha de nacimiento no es válida"),
  );
  const isMinor = ageOn(fechaNacimiento, checkIn) < ADULT_AGE;

  let tipoDocumento: string | null = null;
  let numeroDocumento: string | null = null;
  let soporteDocumento: string | null = null;
  const documentType = text(guest.documentType, 20);
  if (documentType !== null) {
    if (!isGuestDocumentType(documentType)) {
      throw new PoliceXmlInputError(problem(`tipo de documento desconocido (${documentType})`));
    }
    tipoDocumento = toSesDocumentType(documentType);
    numeroDocumento = normalizeDocumentNumber(removeInvalidXmlChars(guest.documentNumber ?? ""));
    const numberOk =
      tipoDocumento === "NIF"
        ? isValidDni(numeroDocumento)
        : tipoDocumento === "NIE"
          ? isValidNie(numeroDocumento)
          : numeroDocumento !== "" && charLength(numeroDocumento) <= 15;
    if (!numberOk) throw new PoliceXmlInputError(problem("el número de documento no es válido"));
    if (tipoDocumento === "NIF" || tipoDocumento === "NIE") {
      soporteDocumento = normalizeDocumentNumber(
        removeInvalidXmlChars(guest.documentSupport ?? ""),
      );
      if (soporteDocumento === "" || charLength(soporteDocumento) > 9) {
        throw new PoliceXmlInputError(problem("falta un número de soporte válido (DNI o NIE)"));
      }
    }
    if (tipoDocumento === "NIF" && apellido2 === null) {
      throw new PoliceXmlInputError(problem("falta el segundo apellido, obligatorio con DNI"));
    }
  } else if (!isMinor) {
    throw new PoliceXmlInputError(problem("falta el documento, obligatorio para mayores de edad"));
  }

  const nacionalidad = upperCode(guest.nationality);
  if (nacionalidad !== null && !/^[A-Z]{3}$/.test(nacionalidad)) {
    throw new PoliceXmlInputError(problem("la nacionalidad no es un código ISO de 3 letras"));
  }
  const sexo = upperCode(guest.sex);
  if (sexo !== null && !isSexCode(sexo)) {
    throw new PoliceXmlInputError(problem(`sexo desconocido (${sexo})`));
  }

  const pais = upperCode(guest.addressCountry);
  if (pais === null || !/^[A-Z]{3}$/.test(pais)) {
    throw new PoliceXmlInputError(problem("el país de residencia no es un código ISO de 3 letras"));
  }
  let codigoMunicipio: string | null = null;
  let nombreMunicipio: string | null = null;
  if (pais === SPAIN) {
    // Codes are checked whole, never cut: a cut code would name another municipality.
    codigoMunicipio = text(guest.addressMunicipalityCode, 1000);
    if (codigoMunicipio === null || !/^\d{5}$/.test(codigoMunicipio)) {
      throw new PoliceXmlInputError(problem("falta el código INE del municipio"));
    }
  } else {
    nombreMunicipio = requiredText(guest.addressMunicipalityName, 100, problem("falta la ciudad"));
  }

  const telefono = text(guest.phone, 20);
  const correo = text(guest.email, 250);
  if (correo !== null && !XSD_EMAIL.test(correo)) {
    throw new PoliceXmlInputError(problem("el email no es válido"));
  }
  if (telefono === null && correo === null) {
    throw new PoliceXmlInputError(problem("falta un teléfono o un email"));
  }

  let parentesco: string | null = null;
  if (isMinor) {
    parentesco = upperCode(guest.kinship);
    if (parentesco === null || !isKinshipCode(parentesco)) {
      throw new PoliceXmlInputError(problem("falta el parentesco, obligatorio para menores"));
    }
  }

  return branch("persona", [
    // Every person of a parte de viajeros is a traveller.
    leaf("rol", "VI"),
    leaf("nombre", nombre),
    leaf("apellido1", apellido1),
    leaf("apellido2", apellido2),
    leaf("tipoDocumento", tipoDocumento),
    leaf("numeroDocumento", numeroDocumento),
    leaf("soporteDocumento", soporteDocumento),
    leaf("fechaNacimiento", fechaNacimiento),
    leaf("nacionalidad", nacionalidad),
    leaf("sexo", sexo),
    branch("direccion", [
      leaf("direccion", requiredText(guest.addressStreet, 100, problem("falta la dirección"))),
      leaf("codigoMunicipio", codigoMunicipio),
      leaf("nombreMunicipio", nombreMunicipio),
      leaf(
        "codigoPostal",
        requiredText(guest.addressPostalCode, 20, problem("falta el código postal")),
      ),
      leaf("pais", pais),
    ]),
    leaf("telefono", telefono),
    leaf("correo", correo),
    leaf("parentesco", parentesco),
  ]);
}

/**
 * The complete altaParteHospedaje document (UTF-8, with declaration) for one stay. Pure:
 * the same input always gives the same bytes. Throws `PoliceXmlInputError` for data the
 * schema or the ministry would reject, instead of writing a file that fails on upload.
 */
export function buildAltaParteHospedaje(input: AltaParteHospedajeInput): string {
  const { property, reservation, guests } = input;

  const codigoEstablecimiento = text(property.establishmentCode, 1000);
  if (codigoEstablecimiento === null || charLength(codigoEstablecimiento) > 10) {
    throw new PoliceXmlInputError(
      "El código de establecimiento debe tener entre 1 y 10 caracteres",
    );
  }
  if (property.timeZone !== "Europe/Madrid" && property.timeZone !== "Atlantic/Canary") {
    throw new PoliceXmlInputError(`Zona horaria no admitida: ${String(property.timeZone)}`);
  }
  const contractDate = requireDate(reservation.contractDate, "La fecha del contrato no es válida");
  const checkIn = requireDate(reservation.checkIn, "La fecha de entrada no es válida");
  const checkOut = requireDate(reservation.checkOut, "La fecha de salida no es válida");
  if (checkOut < checkIn) {
    throw new PoliceXmlInputError("La fecha de salida es anterior a la de entrada");
  }
  if (
    !Number.isInteger(reservation.rooms) ||
    reservation.rooms < 1 ||
    reservation.rooms > 2_147_483_647
  ) {
    throw new PoliceXmlInputError("El número de habitaciones debe ser un entero positivo");
  }
  if (!isPaymentTypeCode(reservation.paymentType)) {
    throw new PoliceXmlInputError(`Tipo de pago desconocido: ${reservation.paymentType}`);
  }
  if (guests.length === 0) {
    throw new PoliceXmlInputError("No hay huéspedes registrados para exportar");
  }

  const contrato = branch("contrato", [
    leaf(
      "referencia",
      requiredText(reservation.reference, 50, "Falta la referencia de la reserva"),
    ),
    leaf("fechaContrato", contractDate),
    leaf("fechaEntrada", registryDateTime(checkIn)),
    leaf("fechaSalida", registryDateTime(checkOut)),
    // The registry requires as many persona blocks as numPersonas: count what we send.
    leaf("numPersonas", String(guests.length)),
    leaf("numHabitaciones", String(reservation.rooms)),
    leaf("internet", property.internetAvailable ? "true" : "false"),
    branch("pago", [leaf("tipoPago", reservation.paymentType)]),
  ]);

  const solicitud = branch("solicitud", [
    leaf("codigoEstablecimiento", codigoEstablecimiento),
    branch("comunicacion", [
      contrato,
      ...guests.map((guest, index) => personNode(guest, index + 1, checkIn)),
    ]),
  ]);

  // Only the root is namespaced: the schema has no elementFormDefault, so every child is
  // unqualified. A default namespace (xmlns="…") would qualify them all and fail.
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<alt:peticion xmlns:alt="${ALTA_PARTE_HOSPEDAJE_NAMESPACE}">`,
    serialize(solicitud, 1),
    "</alt:peticion>",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------- file name and guard

/**
 * registro-huespedes-{property}-{yyyy-MM-dd}.xml. The property name becomes a lower-case
 * ASCII slug (accents dropped, anything else a dash, at most 60 characters) so the name is
 * safe in a Content-Disposition header and on every file system; "vivienda" if nothing is
 * left.
 */
export function policeXmlFileName(propertyName: string, checkIn: string): string {
  if (!isIsoDate(checkIn)) throw new RangeError(`checkIn must be yyyy-MM-dd, got "${checkIn}"`);
  const slug =
    propertyName
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+/, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "vivienda";
  return `registro-huespedes-${slug}-${checkIn}.xml`;
}

export interface PoliceXmlExportState {
  reservationStatus: string;
  /** Guests actually stored for the reservation, not the planned guest_count. */
  registeredGuests: number;
  establishmentCode: string | null | undefined;
}

export type PoliceXmlExportCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether staff may export the XML, with the spec's message when not. The order follows
 * the cause: a reservation that is not completed has no guests yet either, so "not
 * completed" is the useful message; the establishment code is a property setting and is
 * checked last (DECISIONS.md lists the same order).
 */
export function canExportPoliceXml(state: PoliceXmlExportState): PoliceXmlExportCheck {
  if (state.reservationStatus !== "completed") {
    return { ok: false, message: "Solo se pueden exportar reservas completadas" };
  }
  if (state.registeredGuests < 1) {
    return { ok: false, message: "No hay huéspedes registrados para exportar" };
  }
  if (!state.establishmentCode || state.establishmentCode.trim() === "") {
    return { ok: false, message: "Esta vivienda no tiene código de establecimiento asignado" };
  }
  return { ok: true };
}
