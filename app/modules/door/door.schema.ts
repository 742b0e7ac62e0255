import { z } from "zod";
import { cleanLine } from "#app/lib/text.ts";

// The door contract of public-side §7 ("Door opening"), kept as the spec wrote it:
//   request  { device_id, command: "abrir", token }
//   response { ok: true } | { ok: false, error }
// Shared by the door page (to build the request and show the answer) and POST
// /api/door/command (the authority). Nothing here is secret: the token is the guest's own
// link, and the device's secret never leaves the server (DECISIONS.md, "Door opening").

export const DOOR_COMMAND_ENDPOINT = "/api/door/command";
export const DOOR_PAGE_PATH = "/apertura-puerta";
export const DOOR_COMMANDS = ["abrir"] as const;
export type DoorCommand = (typeof DOOR_COMMANDS)[number];

/** Spec §9: the success state (green button and message) resets after 2 s. */
export const DOOR_SUCCESS_RESET_MS = 2000;

// Device ids travel in URLs, MQTT topics and log rows: letters, digits, "-" and "_" only, so
// none of them can smuggle a topic wildcard ("+", "#") or a path separator.
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;
export const DOOR_TOKEN_MAX_LENGTH = 600;

export const DOOR_MESSAGES = {
  // Page texts (public-side §4, §8).
  button: "Abrir Puerta",
  sending: "Enviando orden...",
  success: "✅ Puerta abierta con éxito",
  errorPrefix: "⚠️ Error: ",
  notSent: "No se pudo enviar la orden",
  connection: "⚠️ Error de conexión con el servidor",
  // Server answers.
  invalidRequest: "La petición de apertura no es válida.",
  missingDevice: "Falta el identificador de la puerta.",
  invalidDevice: "El identificador de la puerta no es válido.",
  invalidCommand: "Orden no válida: solo se admite «abrir».",
  missingToken: "Falta el código de acceso. Abre la puerta desde el enlace que te envió el alojamiento.",
  invalidToken: "El enlace de apertura no es válido. Pide uno nuevo al alojamiento.",
  wrongDevice: "Este enlace de apertura no corresponde a esta puerta.",
  reservationGone: "La reserva de este enlace ya no existe. Contacta con el alojamiento.",
  deviceGone: "Esta puerta ya no está disponible para tu reserva. Contacta con el alojamiento.",
  rateLimited: "Demasiados intentos de apertura. Espera unos minutos antes de volver a intentarlo.",
  deviceTimeout: "El dispositivo no respondió a tiempo",
  deviceUnreachable: "No se pudo contactar con el dispositivo. Inténtalo de nuevo en unos segundos.",
  deviceRefused: "El dispositivo rechazó la orden",
  internal: "No se pudo procesar la orden. Inténtalo de nuevo.",
} as const;

export function expiredMessage(lastDay: string): string {
  return `El enlace de apertura ha caducado: era válido hasta el ${lastDay} a las 23:59.`;
}

export function notYetValidMessage(firstDay: string): string {
  return `El enlace de apertura todavía no es válido: podrás usarlo desde el ${firstDay} a las 00:00.`;
}

const requiredText = (missing: string, invalid: string, max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(max, { error: invalid });

/** Checked in this order, so the first message names the first thing that is wrong. */
export const doorCommandRequestSchema = z.object(
  {
    device_id: requiredText(DOOR_MESSAGES.missingDevice, DOOR_MESSAGES.invalidDevice, 64).regex(DEVICE_ID_PATTERN, {
      error: DOOR_MESSAGES.invalidDevice,
    }),
    command: z.enum(DOOR_COMMANDS, { error: DOOR_MESSAGES.invalidCommand }),
    token: requiredText(DOOR_MESSAGES.missingToken, DOOR_MESSAGES.invalidToken, DOOR_TOKEN_MAX_LENGTH),
  },
  { error: DOOR_MESSAGES.invalidRequest },
);

export type DoorCommandRequest = z.infer<typeof doorCommandRequestSchema>;
export type DoorCommandResponse = { ok: true } | { ok: false; error: string };

/** The status line the page shows for an answer (public-side §8, "Door"). */
export function doorErrorLine(error: string | null | undefined): string {
  const text = typeof error === "string" && error.trim() !== "" ? error.trim() : DOOR_MESSAGES.notSent;
  return `${DOOR_MESSAGES.errorPrefix}${text}`;
}

/** The guest's link: the page path with the access token and the device it opens. */
export function doorLinkPath(token: string, deviceId: string): string {
  return `${DOOR_PAGE_PATH}?${new URLSearchParams({ t: token, d: deviceId }).toString()}`;
}

// ---------------------------------------------------------------- staff forms

export const DEVICE_MESSAGES = {
  invalidId: "El identificador debe tener entre 3 y 64 caracteres: letras, números, guiones o guiones bajos.",
  missingName: "El nombre del dispositivo es obligatorio.",
  nameTooLong: "El nombre del dispositivo puede tener como máximo 120 caracteres.",
  invalidProperty: "Selecciona un alojamiento válido.",
  unknownProperty: "El alojamiento seleccionado no existe.",
  duplicateId: "Ya existe un dispositivo con ese identificador.",
  notFound: "El dispositivo no existe.",
  registered: "Dispositivo registrado correctamente",
  assigned: "Alojamiento asignado correctamente",
  unassigned: "Dispositivo desasignado del alojamiento",
  deleted: "Dispositivo eliminado correctamente",
  rotated: "Nuevo secreto generado correctamente",
  registerError: "Error al registrar el dispositivo",
  updateError: "Error al actualizar el dispositivo",
  deleteError: "Error al eliminar el dispositivo",
  invalidAction: "Acción no válida",
} as const;

const deviceIdField = z.string({ error: DEVICE_MESSAGES.invalidId }).trim().regex(DEVICE_ID_PATTERN, { error: DEVICE_MESSAGES.invalidId });

// "" (the "Sin asignar" option) means no property.
const propertyField = z
  .string({ error: DEVICE_MESSAGES.invalidProperty })
  .trim()
  .transform((value) => (value === "" ? null : value))
  .pipe(z.uuid({ error: DEVICE_MESSAGES.invalidProperty }).nullable());

export const registerDeviceSchema = z.object({
  deviceId: deviceIdField,
  // The one sanitiser of every form (app/lib/text.ts): no bidi or zero-width characters in a
  // name staff screens show.
  name: z
    .string({ error: DEVICE_MESSAGES.missingName })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: DEVICE_MESSAGES.missingName }).max(120, { error: DEVICE_MESSAGES.nameTooLong })),
  propertyId: propertyField.optional().transform((value) => value ?? null),
});

export const assignDeviceSchema = z.object({ deviceId: deviceIdField, propertyId: propertyField });
export const deviceIdSchema = z.object({ deviceId: deviceIdField });

export type RegisterDeviceInput = z.infer<typeof registerDeviceSchema>;

// ---------------------------------------------------------------- the devices screen
// Shared by its route (/admin/viajeros/dispositivos, the authority) and its components, so that
// the components import them from here and never from the route module (imports point down:
// routes → components → modules).

/** A freshly issued device secret: shown once, by the secret dialog. */
export type DeviceSecret = { deviceId: string; value: string };

/** What every action of the devices screen answers (register and rotate carry the new secret). */
export type DevicesActionResult = { ok: true; message: string; secret?: DeviceSecret } | { ok: false; error: string };

/** One device as the loader hands it to the panel (dates arrive as strings after serialisation). */
export type DeviceRowView = {
  id: string;
  name: string;
  propertyId: string | null;
  propertyName: string | null;
  createdAt: string | Date;
};

/**
 * How the devices' MQTT accounts are kept (ADR 0025): no broker (MQTT_URL unset); "manual", a
 * broker the server cannot tell (staff update it by hand after a new secret or a deletion); or
 * "dynsec", kept by the server, with the changes the broker has not confirmed yet and the devices
 * found without an account.
 */
export type BrokerStatusView =
  | { mode: "none" }
  | { mode: "manual" }
  | { mode: "dynsec"; pending: { deviceId: string; action: "sync" | "delete"; lastError: string | null }[]; missing: string[] };

/** A property a device can be assigned to. */
export type PropertyOptionView = { id: string; name: string };
