import { z } from "zod";
import type { PropertyTimeZone } from "#app/modules/guests/police-xml.ts";
import { charLength, cleanLine } from "#app/lib/text.ts";
import {
  canOverrideRecipient,
  effectiveRecipient,
  provinceFromAddress,
  isMossosCode,
  isNrua,
  isPoliceRecipient,
  isRegionalLicence,
  normalizeRegistryNumber,
  type PoliceRecipient,
} from "#app/modules/police-routing/police-routing.ts";

// The property (vivienda) contract shared by the admin dialog (quick feedback) and the route
// action (the authority). Messages are the exact texts of staff-side §5 and §8; the ones the
// spec does not give are written in the same voice.

export const PROPERTY_MESSAGES = {
  required: "Por favor completa el nombre, dirección y código de establecimiento",
  codeTooLong: "El código de establecimiento no puede tener más de 10 caracteres",
  invalidImage: "La URL de la imagen no es válida",
  invalidTimeZone: "Selecciona una zona horaria válida",
  invalidLandlord: "Selecciona un arrendador válido",
  created: "Vivienda creada exitosamente",
  updated: "Vivienda actualizada exitosamente",
  deleted: "Vivienda eliminada exitosamente",
  saveError: "Error al guardar la vivienda",
  deleteError: "Error al eliminar la vivienda",
  loadError: "Error al cargar las viviendas",
  notFound: "La vivienda ya no existe",
  hasReservations:
    "No se puede eliminar la vivienda porque tiene reservas. Elimina antes sus reservas.",
  empty: "No hay viviendas registradas",
  invalidProvince: "Selecciona una provincia válida",
  nameTooLong: "El nombre de la vivienda admite como máximo 200 caracteres",
  addressTooLong: "La dirección admite como máximo 300 caracteres",
  invalidRecipient: "Selecciona a quién se envían los partes",
  regionalToSes:
    "Una vivienda en Cataluña o el País Vasco no puede enviar sus partes a SES.HOSPEDAJES: allí no cuentan como presentados.",
  invalidMossosCode: "El identificador de los Mossos tiene 9 o 10 letras o números (Dades de l'establiment)",
  mossosCodeRequired: "Indica el identificador del establecimiento en el portal de los Mossos d'Esquadra",
  invalidNrua: "El NRUA no tiene el formato del Registro Único (ES, cuatro letras y los dígitos del registro; p. ej. ESFCTU…)",
  invalidLicence: "El número de licencia turística solo admite letras, números y - / . (3 a 40 caracteres)",
} as const;

export const PROPERTY_LIMITS = {
  name: 200,
  address: 300,
  establishmentCode: 10,
  imageUrl: 2000,
} as const;

export const PROPERTY_TIME_ZONES: readonly { value: PropertyTimeZone; label: string }[] = [
  { value: "Europe/Madrid", label: "Península, Baleares, Ceuta y Melilla (Europe/Madrid)" },
  { value: "Atlantic/Canary", label: "Canarias (Atlantic/Canary)" },
];

export const DEFAULT_PROPERTY_TIME_ZONE: PropertyTimeZone = "Europe/Madrid";

export function isPropertyTimeZone(value: unknown): value is PropertyTimeZone {
  return PROPERTY_TIME_ZONES.some((zone) => zone.value === value);
}

export function timeZoneLabel(value: string): string {
  return PROPERTY_TIME_ZONES.find((zone) => zone.value === value)?.label ?? value;
}

export type PropertyInput = {
  name: string;
  address: string;
  establishmentCode: string;
  imageUrl: string | null;
  internetAvailable: boolean;
  timeZone: PropertyTimeZone;
  /** The SES landlord account; null = none yet (nothing is sent for the property). */
  landlordAccountId?: string | null;
  /** INE province (2 digits); null = not given (routes to SES, as before). */
  provinceCode?: string | null;
  /** null = follow the province (ADR 0019). */
  policeRecipientOverride?: PoliceRecipient | null;
  mossosCode?: string | null;
  nrua?: string | null;
  regionalLicence?: string | null;
  publishRegistryNumbers?: boolean;
};

export type PropertyValidation = { ok: true; data: PropertyInput } | { ok: false; message: string };

const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/** Markup and control characters stripped, whitespace collapsed, trimmed. */
export function plainText(value: unknown): string {
  return cleanLine(asText(value));
}

/**
 * An image URL staff may store: absolute http(s) only. Anything else (javascript:, data:,
 * a relative path) is refused rather than rewritten, because the URL ends up in an <img src>
 * on the public guest page.
 */
export function normalizeImageUrl(value: unknown): { ok: true; url: string | null } | { ok: false } {
  const raw = asText(value).trim();
  if (raw === "") return { ok: true, url: null };
  if (raw.length > PROPERTY_LIMITS.imageUrl || /\s/.test(raw)) return { ok: false };
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false };
    if (url.hostname === "" || url.username !== "" || url.password !== "") return { ok: false };
    return { ok: true, url: url.href };
  } catch {
    return { ok: false };
  }
}

/** A form checkbox mirrored into "true"/"false"; a client that sends nothing gets the default (yes). */
export function parseInternetAvailable(value: unknown): boolean {
  const text = asText(value).trim().toLowerCase();
  if (text === "") return true;
  return !["false", "0", "off", "no"].includes(text);
}

/** Validates the create/edit form; the first failing rule answers, as in every other form. */
export function validatePropertyInput(input: Record<string, unknown>): PropertyValidation {
  // Too long is said, never cut (issue 18: silent truncation).
  const name = plainText(input.name).trim();
  const address = plainText(input.address).trim();
  // Codes keep their case and leading zeros; only the surrounding spaces go.
  const establishmentCode = cleanLine(asText(input.establishmentCode));
  if (name === "" || address === "" || establishmentCode === "") {
    return { ok: false, message: PROPERTY_MESSAGES.required };
  }
  if (charLength(name) > PROPERTY_LIMITS.name) return { ok: false, message: PROPERTY_MESSAGES.nameTooLong };
  if (charLength(address) > PROPERTY_LIMITS.address) return { ok: false, message: PROPERTY_MESSAGES.addressTooLong };
  if (Array.from(establishmentCode).length > PROPERTY_LIMITS.establishmentCode) {
    return { ok: false, message: PROPERTY_MESSAGES.codeTooLong };
  }
  const image = normalizeImageUrl(input.imageUrl);
  if (!image.ok) return { ok: false, message: PROPERTY_MESSAGES.invalidImage };
  const zone = asText(input.timeZone).trim() || DEFAULT_PROPERTY_TIME_ZONE;
  if (!isPropertyTimeZone(zone)) return { ok: false, message: PROPERTY_MESSAGES.invalidTimeZone };
  // Whether the account exists is the server's check; here only its shape.
  const landlordAccountId = asText(input.landlordAccountId).trim().toLowerCase();
  if (landlordAccountId !== "" && !propertyIdSchema.safeParse(landlordAccountId).success) {
    return { ok: false, message: PROPERTY_MESSAGES.invalidLandlord };
  }
  const police = validatePoliceFields(input);
  if (!police.ok) return police;
  return {
    ok: true,
    data: {
      name,
      address,
      establishmentCode,
      imageUrl: image.url,
      internetAvailable: parseInternetAvailable(input.internetAvailable),
      timeZone: zone,
      landlordAccountId: landlordAccountId === "" ? null : landlordAccountId,
      ...police.data,
    },
  };
}

export const propertyIdSchema = z.uuid();

type PoliceFields = Required<Pick<PropertyInput, "provinceCode" | "policeRecipientOverride" | "mossosCode" | "nrua" | "regionalLicence" | "publishRegistryNumbers">>;

/**
 * Province, police routing and registry numbers (ADR 0019). Whether the province exists in the
 * INE list is the server's check (the list lives on the server); here its shape.
 */
export function validatePoliceFields(input: Record<string, unknown>): { ok: true; data: PoliceFields } | { ok: false; message: string } {
  const provinceCode = asText(input.provinceCode).trim();
  if (provinceCode !== "" && !/^(0[1-9]|[1-4]\d|5[0-2])$/.test(provinceCode)) return { ok: false, message: PROPERTY_MESSAGES.invalidProvince };
  const recipient = asText(input.policeRecipient).trim();
  if (recipient !== "" && recipient !== "auto" && !isPoliceRecipient(recipient)) return { ok: false, message: PROPERTY_MESSAGES.invalidRecipient };
  const override = isPoliceRecipient(recipient) ? recipient : null;
  // No province given: the postal code of the address says it (a Barcelona flat must never go
  // to SES for want of a select); none there either, and it stays unset (SES, as the list shows).
  const province = provinceCode === "" ? provinceFromAddress(asText(input.address)) : provinceCode;
  if (override && !canOverrideRecipient(province, override)) return { ok: false, message: PROPERTY_MESSAGES.regionalToSes };
  const mossosCode = normalizeRegistryNumber(asText(input.mossosCode));
  if (mossosCode !== "" && !isMossosCode(mossosCode)) return { ok: false, message: PROPERTY_MESSAGES.invalidMossosCode };
  // The daily file is named after it: a Mossos property without it could never be filed.
  if (mossosCode === "" && effectiveRecipient({ provinceCode: province, policeRecipientOverride: override }) === "mossos") {
    return { ok: false, message: PROPERTY_MESSAGES.mossosCodeRequired };
  }
  const nrua = normalizeRegistryNumber(asText(input.nrua));
  if (nrua !== "" && !isNrua(nrua)) return { ok: false, message: PROPERTY_MESSAGES.invalidNrua };
  const regionalLicence = asText(input.regionalLicence).toUpperCase().trim();
  if (regionalLicence !== "" && !isRegionalLicence(regionalLicence)) return { ok: false, message: PROPERTY_MESSAGES.invalidLicence };
  const publish = asText(input.publishRegistryNumbers).trim().toLowerCase();
  return {
    ok: true,
    data: {
      provinceCode: province,
      policeRecipientOverride: override,
      mossosCode: mossosCode === "" ? null : mossosCode,
      nrua: nrua === "" ? null : nrua,
      regionalLicence: regionalLicence === "" ? null : regionalLicence,
      publishRegistryNumbers: publish === "true" || publish === "on",
    },
  };
}
