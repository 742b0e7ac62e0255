import { z } from "zod";
import type { PropertyTimeZone } from "#app/modules/guests/police-xml.ts";
import { cleanLine } from "#app/lib/text.ts";

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
  const name = plainText(input.name).slice(0, PROPERTY_LIMITS.name).trim();
  const address = plainText(input.address).slice(0, PROPERTY_LIMITS.address).trim();
  // Codes keep their case and leading zeros; only the surrounding spaces go.
  const establishmentCode = cleanLine(asText(input.establishmentCode));
  if (name === "" || address === "" || establishmentCode === "") {
    return { ok: false, message: PROPERTY_MESSAGES.required };
  }
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
    },
  };
}

export const propertyIdSchema = z.uuid();
