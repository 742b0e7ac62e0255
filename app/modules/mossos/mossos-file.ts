import { ageOn, isIsoDate } from "#app/modules/guests/identity.ts";
import type { PoliceXmlGuest } from "#app/modules/guests/police-xml.ts";
import {
  MOSSOS_DOCUMENT,
  MOSSOS_KINSHIP_CODES,
  MOSSOS_PAYMENT_CODES,
  MOSSOS_SEX,
  mossosMunicipality,
  mossosPaymentCode,
  type MossosOptions,
} from "#app/modules/mossos/mossos-codes.ts";
import { TRAVELLER_FIELDS, type TravellerRecord } from "#app/modules/mossos/mossos-parser.ts";

// The Mossos d'Esquadra bulk file, layout V24 (REGIONAL-POLICE.md §2.2-2.3): one type-1 line for
// the establishment, one type-2 line of 32 fields per traveller, "|" between fields and after the
// last one, CRLF between lines and none after the last, alphabetic values in upper case, dates
// yyyyMMdd and times HHmm. Every line is checked against the manual's rules (as HC reads them)
// before any byte is made: a file the portal would refuse is never offered for upload.

/** The platform records no arrival or departure hour; these are the usual ones (the research's example). */
export const MOSSOS_ENTRY_TIME = "1600";
export const MOSSOS_EXIT_TIME = "1100";
const ADULT_AGE = 18;
const MAX_DOCUMENT = 14;

export type MossosStay = {
  /** Booking reference (field 18), upper-cased. */
  reference: string;
  /** yyyy-MM-dd */
  contractDate: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  internetAvailable: boolean;
  paymentType: string;
  /** Shown in error messages ("Ático · 2026-08-01"). */
  label: string;
  guests: readonly PoliceXmlGuest[];
};

export type MossosFileInput = {
  establishment: { code: string; name: string };
  /** 1..999 */
  sequence: number;
  /** Creation date and time at Madrid (yyyy-MM-dd, HHmm): never ahead of the portal's clock. */
  createdDate: string;
  createdTime: string;
  stays: readonly MossosStay[];
};

export type MossosFile = { fileName: string; text: string; bytes: Buffer; travellerCount: number };

/** The data would give a file the portal refuses; each entry names the stay and guest. */
export class MossosFileError extends Error {
  override name = "MossosFileError";
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

export function mossosFileName(code: string, sequence: number): string {
  if (!/^[A-Z0-9]{9,10}$/.test(code)) throw new MossosFileError([`El identificador de los Mossos «${code}» no es válido (9 o 10 letras o números).`]);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999) throw new RangeError(`sequence ${sequence} outside 1..999`);
  return `${code}.${String(sequence).padStart(3, "0")}.txt`;
}

/** The sequence after `previous` (1..999, then 1 again). */
export function nextMossosSequence(previous: number | null): number {
  return previous === null ? 1 : (previous % 999) + 1;
}

/**
 * One field's text: no separator or line break can survive in it, runs of spaces become one (the
 * manual: compound surnames with one space). Characters outside ISO-8859-1 ("Western alphabet")
 * lose their accents when that makes them fit (ő → o); anything else (Cyrillic, CJK) is reported,
 * because a transliteration of a name we cannot read is not ours to invent.
 */
function clean(value: string | null | undefined, problems: string[], where: string, upper: boolean): string {
  let text = (value ?? "").replace(/[|\r\n\t]+/g, " ").replace(/\s+/g, " ").trim();
  if (upper) text = text.toUpperCase();
  let out = "";
  for (const char of text) {
    if (char.codePointAt(0)! <= 0xff) {
      out += char;
      continue;
    }
    const stripped = char.normalize("NFD").replace(/\p{M}/gu, "");
    if ([...stripped].every((c) => c.codePointAt(0)! <= 0xff)) out += upper ? stripped.toUpperCase() : stripped;
    else {
      problems.push(`${where}: el carácter «${char}» no existe en el alfabeto occidental que admite el portal; escribe el dato como en la zona de lectura del documento.`);
      out += "?";
    }
  }
  return out;
}

const compact = (date: string) => date.replaceAll("-", "");

function travellerFields(stay: MossosStay, guest: PoliceXmlGuest, position: number, options: MossosOptions, problems: string[]): TravellerRecord {
  const where = `${stay.label}, huésped ${position}`;
  const up = (value: string | null | undefined) => clean(value, problems, where, true);
  const plain = (value: string | null | undefined) => clean(value, problems, where, false);
  const documentType = guest.documentType ? MOSSOS_DOCUMENT[options.documentCodes][guest.documentType] : undefined;
  if (guest.documentType && !documentType) problems.push(`${where}: tipo de documento desconocido (${guest.documentType}).`);
  const number = up(guest.documentNumber);
  // Field 2 holds Spanish documents (DNI, and a Spanish national's passport); field 3 the rest.
  const spanishSlot = guest.documentType === "DNI" || (guest.documentType === "Pasaporte" && guest.nationality === "ESP");
  const inSpain = guest.addressCountry === "ESP";
  const municipality = guest.addressMunicipalityCode ?? "";
  return {
    recordType: "2",
    spanishDocumentNumber: documentType && spanishSlot ? number : "",
    foreignDocumentNumber: documentType && !spanishSlot ? number : "",
    documentType: documentType ?? "",
    documentIssueDate: "",
    firstSurname: up(guest.firstSurname),
    secondSurname: up(guest.secondSurname),
    givenName: up(guest.givenName),
    sex: guest.sex ? (MOSSOS_SEX[options.sexCodes][guest.sex] ?? "") : "",
    birthDate: compact(guest.birthDate),
    nationality: up(guest.nationality),
    entryDate: compact(stay.checkIn),
    entryTime: MOSSOS_ENTRY_TIME,
    exitDate: compact(stay.checkOut),
    exitTime: MOSSOS_EXIT_TIME,
    contractDate: compact(stay.contractDate),
    contractType: "C",
    contractNumber: up(stay.reference),
    travellerCount: String(stay.guests.length),
    roomCount: String(stay.rooms),
    internet: stay.internetAvailable ? "S" : "N",
    paymentType: mossosPaymentCode(stay.paymentType, options.documentCodes),
    phone: plain(guest.phone),
    kinship: up(guest.kinship),
    email: plain(guest.email),
    supportNumber: up(guest.documentSupport),
    address: up(guest.addressStreet).slice(0, 100),
    province: inSpain && /^\d{5}$/.test(municipality) ? municipality.slice(0, 2) : "",
    municipality: inSpain && /^\d{5}$/.test(municipality) ? mossosMunicipality(municipality, options.municipalityDigits) : "",
    locality: inSpain ? "" : up(guest.addressMunicipalityName),
    country: up(guest.addressCountry),
    postalCode: up(guest.addressPostalCode),
  };
}

const ymd = /^\d{8}$/;
function validDate(value: string): boolean {
  return ymd.test(value) && isIsoDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);
}
const iso = (value: string) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;

/**
 * The manual's rules for a "contracte en curs" (C) line, as REGIONAL-POLICE.md §2.3 gives them.
 * Returns Spanish messages for staff; empty = the portal should take the line.
 */
export function checkTravellerRecord(record: TravellerRecord, today: string, options: MossosOptions, where: string): string[] {
  const problems: string[] = [];
  const need = (value: string, what: string) => {
    if (value === "") problems.push(`${where}: falta ${what}.`);
  };
  need(record.firstSurname, "el primer apellido");
  need(record.givenName, "el nombre");
  for (const [value, what] of [
    [record.birthDate, "la fecha de nacimiento"],
    [record.entryDate, "la fecha de entrada"],
    [record.exitDate, "la fecha de salida"],
    [record.contractDate, "la fecha del contrato"],
  ] as const) {
    if (!validDate(value)) problems.push(`${where}: ${what} no es válida.`);
  }
  if (validDate(record.birthDate) && record.birthDate > today.replaceAll("-", "")) problems.push(`${where}: la fecha de nacimiento es futura.`);
  if (validDate(record.contractDate) && record.contractDate > today.replaceAll("-", "")) problems.push(`${where}: la fecha del contrato es futura.`);
  if (record.exitDate <= record.entryDate) problems.push(`${where}: la salida debe ser posterior a la entrada.`);
  need(record.contractNumber, "el número de contrato");
  if (!/^[1-9]\d*$/.test(record.travellerCount)) problems.push(`${where}: número de viajeros no válido.`);
  const payments = options.documentCodes === "vikbooking" ? [...MOSSOS_PAYMENT_CODES, "OTRO"] : MOSSOS_PAYMENT_CODES;
  if (!payments.includes(record.paymentType)) problems.push(`${where}: forma de pago no admitida (${record.paymentType}).`);
  if (!Object.values(MOSSOS_SEX[options.sexCodes]).includes(record.sex)) problems.push(`${where}: falta el sexo.`);
  if (!/^[A-Z]{3}$/.test(record.nationality)) problems.push(`${where}: falta la nacionalidad.`);
  const adult = validDate(record.birthDate) && validDate(record.entryDate) && ageOn(iso(record.birthDate), iso(record.entryDate)) >= ADULT_AGE;
  const codes = MOSSOS_DOCUMENT[options.documentCodes];
  const number = record.spanishDocumentNumber || record.foreignDocumentNumber;
  if (adult) {
    if (record.documentType === "" || number === "") problems.push(`${where}: un adulto necesita tipo y número de documento.`);
  } else if (!MOSSOS_KINSHIP_CODES.includes(record.kinship)) {
    problems.push(`${where}: un menor necesita el parentesco con el adulto que lo acompaña.`);
  }
  if (record.spanishDocumentNumber !== "" && record.foreignDocumentNumber !== "") problems.push(`${where}: dos números de documento.`);
  if (number.length > MAX_DOCUMENT) problems.push(`${where}: el número de documento pasa de ${MAX_DOCUMENT} caracteres.`);
  if (record.documentType === codes.DNI && record.spanishDocumentNumber === "") problems.push(`${where}: un DNI va en el campo de documento español.`);
  if (record.documentType === codes.NIE && record.foreignDocumentNumber === "") problems.push(`${where}: un NIE va en el campo de documento extranjero.`);
  if ((record.documentType === codes.DNI || record.documentType === codes.NIE) && record.supportNumber.length !== 9) {
    problems.push(`${where}: el número de soporte de un DNI o NIE tiene 9 caracteres.`);
  }
  if (record.documentType !== codes.DNI && record.documentType !== codes.NIE && record.supportNumber.length > 9) problems.push(`${where}: número de soporte demasiado largo.`);
  if (record.documentType === codes.DNI) need(record.secondSurname, "el segundo apellido (obligatorio con DNI)");
  need(record.address, "la dirección");
  need(record.postalCode, "el código postal");
  if (!/^[A-Z]{3}$/.test(record.country)) problems.push(`${where}: falta el país de residencia.`);
  if (record.country === "ESP") {
    const width = options.municipalityDigits;
    if (!/^\d{2}$/.test(record.province) || !new RegExp(`^\\d{${width}}$`).test(record.municipality) || !record.municipality.startsWith(record.province)) {
      problems.push(`${where}: una dirección en España necesita provincia y municipio INE.`);
    }
    if (record.locality !== "") problems.push(`${where}: la localidad solo se indica fuera de España.`);
  } else {
    need(record.locality, "la localidad de residencia");
    if (record.province !== "" || record.municipality !== "") problems.push(`${where}: provincia y municipio solo se indican en España.`);
  }
  return problems;
}

/** Builds and checks the file; throws MossosFileError listing every problem, or returns its bytes. */
export function buildMossosFile(input: MossosFileInput, options: MossosOptions, today: string): MossosFile {
  const problems: string[] = [];
  const fileName = mossosFileName(input.establishment.code, input.sequence);
  const records: TravellerRecord[] = [];
  for (const stay of input.stays) {
    if (stay.guests.length === 0) problems.push(`${stay.label}: no tiene huéspedes registrados.`);
    stay.guests.forEach((guest, index) => {
      const record = travellerFields(stay, guest, index + 1, options, problems);
      problems.push(...checkTravellerRecord(record, today, options, `${stay.label}, huésped ${index + 1}`));
      records.push(record);
    });
  }
  if (records.length === 0 && problems.length === 0) problems.push("No hay viajeros que comunicar.");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.createdDate) || !/^([01]\d|2[0-3])[0-5]\d$/.test(input.createdTime)) throw new RangeError("creation date/time malformed");
  const name = clean(input.establishment.name, problems, "Nombre del establecimiento", true).slice(0, 40);
  if (problems.length > 0) throw new MossosFileError([...new Set(problems)]);
  const head = ["1", input.establishment.code, name, compact(input.createdDate), input.createdTime, String(records.length), "V24"].join("|");
  const lines = records.map((record) => `${TRAVELLER_FIELDS.map((field) => record[field]).join("|")}|`);
  const text = [head, ...lines].join("\r\n");
  return { fileName, text, bytes: Buffer.from(text, options.encoding), travellerCount: records.length };
}
