import { z } from "zod";
import { charLength, cleanLine } from "#app/lib/text.ts";

// The landlord account ("Arrendador") contract shared by the Arrendadores dialog (quick
// feedback) and the route action (the authority). A landlord account holds the SES.HOSPEDAJES
// web-service credentials its properties' filings are sent with.

export const LANDLORD_MESSAGES = {
  required: "Por favor completa el nombre y el código de arrendador",
  userForPassword: "Escribe el usuario del servicio web de SES.HOSPEDAJES para guardar su contraseña",
  invalidCode: "El código de arrendador debe tener entre 1 y 10 letras o números",
  invalidUser: "El usuario del servicio web no es válido (máximo 100 caracteres, sin dos puntos)",
  passwordTooLong: "La contraseña no puede tener más de 200 caracteres",
  applicationTooLong: "El nombre de la aplicación no puede tener más de 50 caracteres",
  duplicateCode: "Ya existe un arrendador con ese código",
  noKeyForPassword: "No se puede guardar la contraseña: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor",
  noKeyForAutoSend: "El envío automático no se puede activar: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor",
  autoSendNeedsPassword:
    "Para activar el envío automático guarda la contraseña del servicio web de SES.HOSPEDAJES o el certificado para la Ertzaintza",
  inUse: "No se puede eliminar el arrendador porque tiene viviendas asignadas. Asigna antes esas viviendas a otro arrendador.",
  created: "Arrendador creado exitosamente",
  updated: "Arrendador actualizado exitosamente",
  deleted: "Arrendador eliminado exitosamente",
  saveError: "Error al guardar el arrendador",
  deleteError: "Error al eliminar el arrendador",
  loadError: "Error al cargar los arrendadores",
  notFound: "El arrendador ya no existe",
  nameTooLong: "El nombre del arrendador admite como máximo 100 caracteres",
  checkError: "No se pudo probar la conexión",
  empty: "No hay arrendadores registrados",
  noKeyNotice:
    "Falta la clave SES_CREDENTIALS_KEY. El servidor usa PostgreSQL (DATABASE_URL) y no tiene con qué cifrar las contraseñas del servicio web: hasta que un administrador del servidor la configure, no se pueden guardar contraseñas y el envío automático está desactivado.",
} as const;

export const LANDLORD_LIMITS = { name: 100, landlordCode: 10, wsUser: 100, wsPassword: 200, application: 50 } as const;

export const DEFAULT_APPLICATION = "NidoSmart";

export type LandlordInput = {
  name: string;
  landlordCode: string;
  wsUser: string;
  /** null: keep the stored password (an edit's empty field), or none on create. */
  wsPassword: string | null;
  application: string;
  autoSend: boolean;
};

export type LandlordValidation = { ok: true; data: LandlordInput } | { ok: false; message: string };

const asText = (value: unknown): string => (typeof value === "string" ? value : "");
const LANDLORD_CODE = /^[A-Za-z0-9]{1,10}$/;
// Basic authentication puts "user:password" together: a colon in the user cannot be sent.
// eslint-disable-next-line no-control-regex
const WS_USER = /^[^:\u0000-\u001f\u007f]{1,100}$/;

/** A form checkbox mirrored into "true"/"false"; absent means off. */
export function parseSwitch(value: unknown): boolean {
  return ["true", "1", "on", "yes"].includes(asText(value).trim().toLowerCase());
}

/**
 * Validates the create/edit form; the first failing rule answers. The password is taken as
 * typed (spaces included); an empty field means "no change" when editing.
 */
export function validateLandlordInput(input: Record<string, unknown>): LandlordValidation {
  const name = cleanLine(asText(input.name));
  const landlordCode = asText(input.landlordCode).trim();
  const wsUser = asText(input.wsUser).trim();
  // The SES user is optional: an account of Basque properties only files with the Ertzaintza,
  // signed with its certificate (ADR 0018). A password needs its user.
  if (name === "" || landlordCode === "") return { ok: false, message: LANDLORD_MESSAGES.required };
  // Too long is said, never cut (issue 18: silent truncation).
  if (charLength(name) > LANDLORD_LIMITS.name) return { ok: false, message: LANDLORD_MESSAGES.nameTooLong };
  if (!LANDLORD_CODE.test(landlordCode)) return { ok: false, message: LANDLORD_MESSAGES.invalidCode };
  if (wsUser !== "" && !WS_USER.test(wsUser)) return { ok: false, message: LANDLORD_MESSAGES.invalidUser };
  const password = asText(input.wsPassword);
  if (password !== "" && wsUser === "") return { ok: false, message: LANDLORD_MESSAGES.userForPassword };
  if (Array.from(password).length > LANDLORD_LIMITS.wsPassword) return { ok: false, message: LANDLORD_MESSAGES.passwordTooLong };
  const application = cleanLine(asText(input.application)) || DEFAULT_APPLICATION;
  if (Array.from(application).length > LANDLORD_LIMITS.application) return { ok: false, message: LANDLORD_MESSAGES.applicationTooLong };
  return {
    ok: true,
    data: {
      name,
      landlordCode,
      wsUser,
      wsPassword: password === "" ? null : password,
      application,
      autoSend: parseSwitch(input.autoSend),
    },
  };
}

export const landlordIdSchema = z.uuid();
