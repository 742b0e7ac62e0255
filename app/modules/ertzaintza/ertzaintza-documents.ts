import { ageOn, isValidDni, isValidNie } from "#app/modules/guests/identity.ts";
import { isGuestDocumentType, toSesDocumentType } from "#app/modules/guests/ses-codes.ts";

// The guest register (PV) of the Basque Country's Ertzaintza A19 web service
// (REGIONAL-POLICE.md §3.5, ADR 0018): the same shape as the ministry's PV with its own
// namespace and rules. Pure and deterministic, so a resend carries the same bytes. The rules
// the XSD cannot express are checked here and refused in Spanish, because the service answers
// them one code at a time (CTO05, CTO17, COM07/08, PER05, PER43…).

export const ERTZAINTZA_PV_NAMESPACE = "http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV";

/** Payment types the service accepts: the SES list without DESTI (answered CTO05). */
export const ERTZAINTZA_PAYMENT_TYPES = ["EFECT", "TARJT", "PLATF", "TRANS", "MOVIL", "TREG", "OTRO"] as const;
/** Kinship codes: SES's with PA/MA instead of PM, no TU (REGIONAL-POLICE.md §3.5). */
export const ERTZAINTZA_KINSHIP = ["AB", "BA", "BN", "CY", "CD", "HR", "HJ", "PA", "MA", "NI", "SB", "SG", "TI", "YN", "OT"] as const;
/** Sex as Roomdoo sends it to the live PRE service (V varón, M mujer, O otro); the manual's H is unverified. */
export const ERTZAINTZA_SEXES = ["V", "M", "O"] as const;
export const ERTZAINTZA_DOCUMENT_TYPES = ["NIF", "NIE", "PAS", "OTRO"] as const;

export class ErtzaintzaDocumentInputError extends Error {
  override name = "ErtzaintzaDocumentInputError";
}

export interface ErtzaintzaPerson {
  /** Exactly one TI (the contract holder) per communication; the others VI. */
  role: "TI" | "VI";
  givenName: string;
  firstSurname: string;
  secondSurname?: string | null;
  documentType?: (typeof ERTZAINTZA_DOCUMENT_TYPES)[number] | null;
  documentNumber?: string | null;
  documentSupport?: string | null;
  birthDate: string;
  /** ISO 3166-1 alpha-3, mandatory here. */
  nationality: string;
  sex?: (typeof ERTZAINTZA_SEXES)[number] | null;
  address: { street: string; municipalityCode?: string | null; municipalityName?: string | null; postalCode: string; country: string };
  phone?: string | null;
  email?: string | null;
  kinship?: (typeof ERTZAINTZA_KINSHIP)[number] | null;
}

export interface ErtzaintzaPvInput {
  establishmentCode: string;
  contract: {
    reference: string;
    contractDate: string;
    checkIn: string;
    checkOut: string;
    rooms?: number | null;
    internetAvailable?: boolean | null;
    paymentType: string;
  };
  persons: readonly ErtzaintzaPerson[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const fail = (message: string): never => {
  throw new ErtzaintzaDocumentInputError(message);
};

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function text(value: string | null | undefined, max: number, what: string, required: boolean): string | null {
  const clean = (value ?? "").replace(/\s+/g, " ").trim();
  if (clean === "") return required ? fail(`Falta ${what}`) : null;
  if ([...clean].length > max) fail(`${what[0].toUpperCase()}${what.slice(1)} supera ${max} caracteres`);
  return clean;
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function checkPerson(person: ErtzaintzaPerson, index: number, checkIn: string): void {
  const who = `Persona ${index + 1}`;
  if (!ISO_DATE.test(person.birthDate)) fail(`${who}: la fecha de nacimiento no es válida`);
  if (!/^[A-Za-z]{3}$/.test(person.nationality)) fail(`${who}: falta la nacionalidad (código de país de 3 letras)`);
  const adult = ageOn(person.birthDate, checkIn) >= 18;
  const number = (person.documentNumber ?? "").trim().toUpperCase();
  if (adult && (!person.documentType || number === "")) fail(`${who}: los mayores de edad deben indicar tipo y número de documento`);
  if (person.documentType === "NIF" && !isValidDni(number)) fail(`${who}: el NIF no es válido`);
  if (person.documentType === "NIE" && !isValidNie(number)) fail(`${who}: el NIE no es válido`);
  if ((person.documentType === "NIF" || person.documentType === "NIE") && !(person.documentSupport ?? "").trim()) {
    fail(`${who}: falta el número de soporte del documento`);
  }
  // PER05: the live service demands the second surname of Spanish nationals.
  if (person.nationality.toUpperCase() === "ESP" && !(person.secondSurname ?? "").trim()) fail(`${who}: falta el segundo apellido (nacionalidad española)`);
  // PER43: at least one way to reach the guest.
  if (!(person.phone ?? "").trim() && !(person.email ?? "").trim()) fail(`${who}: falta un teléfono o un correo`);
  if (person.email && (person.email.trim().length > 50 || !/^[^@]+@[^.]+\..+$/.test(person.email.trim()))) fail(`${who}: el correo no es válido (máximo 50 caracteres)`);
  const country = person.address.country.toUpperCase();
  if (country === "ESP" && !/^\d{5}$/.test(person.address.municipalityCode ?? "")) fail(`${who}: falta el código INE del municipio`);
  if (country !== "ESP" && !(person.address.municipalityName ?? "").trim()) fail(`${who}: falta el municipio`);
  if (!adult && !person.kinship) fail(`${who}: los menores deben indicar el parentesco`);
}

/** The PV document (`peticion`, prefixed root, unqualified children), exactly as it will be sent. */
export function buildErtzaintzaPv(input: ErtzaintzaPvInput): string {
  const { contract, persons } = input;
  const establishment = text(input.establishmentCode, 10, "el código de establecimiento", true)!;
  for (const [value, what] of [[contract.contractDate, "del contrato"], [contract.checkIn, "de entrada"], [contract.checkOut, "de salida"]] as const) {
    if (!ISO_DATE.test(value)) fail(`La fecha ${what} no es válida`);
  }
  if (contract.checkOut < contract.checkIn) fail("La fecha de salida es anterior a la de entrada");
  // CTO17: entry on the contract day or the day after.
  if (contract.checkIn !== contract.contractDate && contract.checkIn !== dayAfter(contract.contractDate)) {
    fail("La fecha de entrada debe ser la del contrato o el día siguiente (CTO17)");
  }
  if (!(ERTZAINTZA_PAYMENT_TYPES as readonly string[]).includes(contract.paymentType)) fail(`Tipo de pago no admitido por la Ertzaintza: ${contract.paymentType}`);
  if (persons.length === 0) fail("No hay personas que comunicar");
  // COM07/COM08: exactly one holder.
  if (persons.filter((person) => person.role === "TI").length !== 1) fail("Debe haber exactamente un titular del contrato (TI)");
  persons.forEach((person, index) => checkPerson(person, index, contract.checkIn));

  const leaf = (name: string, value: string | null | undefined) => (value === null || value === undefined || value === "" ? "" : `<${name}>${escapeXml(value)}</${name}>`);
  const personXml = (person: ErtzaintzaPerson) =>
    "<persona>" +
    leaf("rol", person.role) +
    leaf("nombre", text(person.givenName, 50, "el nombre", true)) +
    leaf("apellido1", text(person.firstSurname, 50, "el primer apellido", true)) +
    leaf("apellido2", text(person.secondSurname, 50, "el segundo apellido", false)) +
    leaf("tipoDocumento", person.documentType ?? null) +
    leaf("numeroDocumento", text(person.documentNumber?.toUpperCase(), 15, "el número de documento", false)) +
    leaf("soporteDocumento", text(person.documentSupport?.toUpperCase(), 9, "el número de soporte", false)) +
    leaf("fechaNacimiento", person.birthDate) +
    leaf("nacionalidad", person.nationality.toUpperCase()) +
    leaf("sexo", person.sex ?? null) +
    "<direccion>" +
    leaf("direccion", text(person.address.street, 100, "la dirección", true)) +
    leaf("codigoMunicipio", person.address.country.toUpperCase() === "ESP" ? person.address.municipalityCode : null) +
    leaf("nombreMunicipio", person.address.country.toUpperCase() === "ESP" ? null : text(person.address.municipalityName, 100, "el municipio", true)) +
    leaf("codigoPostal", text(person.address.postalCode, 20, "el código postal", true)) +
    leaf("pais", person.address.country.toUpperCase()) +
    "</direccion>" +
    leaf("telefono", text(person.phone, 20, "el teléfono", false)) +
    leaf("correo", text(person.email, 50, "el correo", false)) +
    leaf("parentesco", person.kinship ?? null) +
    "</persona>";

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<alt:peticion xmlns:alt="${ERTZAINTZA_PV_NAMESPACE}"><solicitud>` +
    leaf("codigoEstablecimiento", establishment) +
    "<comunicacion><contrato>" +
    leaf("referencia", text(contract.reference, 50, "la referencia de la reserva", true)) +
    leaf("fechaContrato", contract.contractDate) +
    // Local time without offset, as for SES (ADR 0005); the hour is not collected.
    leaf("fechaEntrada", `${contract.checkIn}T00:00:00`) +
    leaf("fechaSalida", `${contract.checkOut}T00:00:00`) +
    leaf("numPersonas", String(persons.length)) +
    leaf("numHabitaciones", contract.rooms ? String(contract.rooms) : null) +
    leaf("internet", contract.internetAvailable === null || contract.internetAvailable === undefined ? null : String(contract.internetAvailable)) +
    `<pago>${leaf("tipoPago", contract.paymentType)}</pago>` +
    "</contrato>" +
    persons.map(personXml).join("") +
    "</comunicacion></solicitud></alt:peticion>\n"
  );
}

// ---------------------------------------------------------------- from the guest register

/** SES sex codes (H hombre, M mujer, O otro) as the live PRE service takes them (V varón). */
const SEX_FROM_SES: Record<string, (typeof ERTZAINTZA_SEXES)[number]> = { H: "V", M: "M", O: "O" };

/**
 * SES kinship → A19. Identical codes except SES's PM ("padre o madre": the minor is a parent of
 * the adult, which the A19 list splits by sex) and TU (tutor), which the A19 list lacks: both
 * go as OT ("otro"), as the research recommends for TU, rather than guessing PA or MA.
 */
export function ertzaintzaKinship(code: string | null | undefined): (typeof ERTZAINTZA_KINSHIP)[number] | null {
  if (!code) return null;
  const upper = code.toUpperCase();
  if ((ERTZAINTZA_KINSHIP as readonly string[]).includes(upper)) return upper as (typeof ERTZAINTZA_KINSHIP)[number];
  return "OT";
}

/** The PV the outbox files: the platform's register as the A19 service reads it. */
export interface ErtzaintzaRegisterInput {
  establishmentCode: string;
  reference: string;
  checkIn: string;
  checkOut: string;
  rooms?: number | null;
  internetAvailable?: boolean | null;
  /** The platform's (SES) payment code. */
  paymentType: string;
  /** The reservation's holder, to find which guest is the contract's TI. */
  holder: { documentNumber?: string | null; givenName?: string | null; firstSurname?: string | null };
  guests: readonly {
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
  }[];
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Maps the register to the A19 PV input. Choices the service forces (REGIONAL-POLICE.md §3.5):
 * `fechaContrato` is the check-in day (CTO17 refuses anything but that day or the one before
 * the entry); DESTI ("pago en destino") is not in the A19 list (CTO05) and goes as OTRO; the
 * contract's one TI is the guest who is the reservation's holder (by document, else by name),
 * else the first adult; a guest without phone or e-mail (a child, usually) carries the TI's,
 * as the manual's example does (PER43 asks one of each person).
 */
export function ertzaintzaPvInputFromRegister(input: ErtzaintzaRegisterInput): ErtzaintzaPvInput {
  const guests = input.guests;
  const adult = (birthDate: string) => ageOn(birthDate, input.checkIn) >= 18;
  let holderIndex = guests.findIndex((guest) => same(guest.documentNumber, input.holder.documentNumber));
  if (holderIndex < 0) holderIndex = guests.findIndex((guest) => same(guest.givenName, input.holder.givenName) && same(guest.firstSurname, input.holder.firstSurname));
  if (holderIndex < 0) holderIndex = guests.findIndex((guest) => adult(guest.birthDate));
  if (holderIndex < 0) holderIndex = 0;
  const holder = guests[holderIndex];
  const persons: ErtzaintzaPerson[] = guests.map((guest, index) => {
    const reachable = !!(guest.phone ?? "").trim() || !!(guest.email ?? "").trim();
    // The register stores the form's names (DNI, Pasaporte…); the A19 list is SES's codes.
    const code = isGuestDocumentType(guest.documentType) ? toSesDocumentType(guest.documentType) : (guest.documentType ?? "");
    const documentType = (ERTZAINTZA_DOCUMENT_TYPES as readonly string[]).includes(code) ? (code as ErtzaintzaPerson["documentType"]) : null;
    return {
      role: index === holderIndex ? "TI" : "VI",
      givenName: guest.givenName,
      firstSurname: guest.firstSurname,
      secondSurname: guest.secondSurname ?? null,
      documentType,
      documentNumber: guest.documentNumber ?? null,
      documentSupport: guest.documentSupport ?? null,
      birthDate: guest.birthDate,
      nationality: guest.nationality ?? "",
      sex: guest.sex ? (SEX_FROM_SES[guest.sex.toUpperCase()] ?? null) : null,
      address: {
        street: guest.addressStreet,
        municipalityCode: guest.addressMunicipalityCode ?? null,
        municipalityName: guest.addressMunicipalityName ?? null,
        postalCode: guest.addressPostalCode,
        country: guest.addressCountry,
      },
      phone: reachable ? (guest.phone ?? null) : (holder?.phone ?? null),
      email: reachable ? (guest.email ?? null) : (holder?.email ?? null),
      kinship: adult(guest.birthDate) ? null : ertzaintzaKinship(guest.kinship),
    };
  });
  return {
    establishmentCode: input.establishmentCode,
    contract: {
      reference: input.reference,
      contractDate: input.checkIn,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      rooms: input.rooms ?? null,
      internetAvailable: input.internetAvailable ?? null,
      paymentType: input.paymentType === "DESTI" ? "OTRO" : input.paymentType,
    },
    persons,
  };
}
