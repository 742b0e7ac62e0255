import { z } from "zod";
import { cleanLine } from "#app/lib/text.ts";
import { addressKind, addressKindWords, isLocalHostname } from "./webhook-address.ts";

// The webhooks contract shared by the Webhooks screen (quick feedback) and the route actions (the
// authority): event types and their Spanish labels, the endpoint form's rules, the messages.

/** The events other modules send (incidents engine, device monitoring). */
export const WEBHOOK_EVENT_TYPES = ["incident.opened", "incident.escalated", "incident.acknowledged", "incident.resolved", "device.offline", "device.online"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** "Enviar evento de prueba": goes only to the endpoint it was asked for, subscribed or not. */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE, string> = {
  "incident.opened": "Incidencia abierta",
  "incident.escalated": "Incidencia escalada",
  "incident.acknowledged": "Incidencia reconocida",
  "incident.resolved": "Incidencia resuelta",
  "device.offline": "Dispositivo sin conexión",
  "device.online": "Dispositivo conectado de nuevo",
  "webhook.test": "Evento de prueba",
};

export const WEBHOOK_EVENT_HINTS: Record<WebhookEventType, string> = {
  "incident.opened": "Ruido excesivo, más personas que huéspedes, presencia en vivienda vacía, humo, CO o manipulación.",
  "incident.escalated": "La incidencia sigue abierta y se ha avisado al equipo.",
  "incident.acknowledged": "Alguien del equipo ha pulsado «Reconocer»: se ocupa y no se escala más.",
  "incident.resolved": "Las lecturas volvieron a la normalidad o el equipo cerró la incidencia.",
  "device.offline": "Un NS-01 dejó de enviar lecturas.",
  "device.online": "Un NS-01 que estaba sin conexión vuelve a enviar lecturas.",
};

export function webhookEventLabel(type: string): string {
  return (WEBHOOK_EVENT_LABELS as Record<string, string>)[type] ?? type;
}

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "En cola",
  sending: "Enviando",
  delivered: "Entregado",
  failed: "Fallido",
};

/** "Reintentando" is a pending delivery that has already failed at least once. */
export function webhookStatusLabel(status: string, attempts: number): string {
  if (status === "pending" && attempts > 0) return "Reintentando";
  return (WEBHOOK_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** The delivery log's filter (URL ?estado=…), Spanish in the URL. */
export const WEBHOOK_LOG_FILTERS = { todas: null, entregadas: "delivered", pendientes: "pending", fallidas: "failed" } as const;
export type WebhookLogFilter = keyof typeof WEBHOOK_LOG_FILTERS;

export const WEBHOOK_LIMITS = { url: 2000, description: 200 } as const;

export const WEBHOOK_MESSAGES = {
  empty: "No hay endpoints de webhooks",
  created: "Endpoint creado. Copia el secreto: no se volverá a mostrar",
  updated: "Endpoint actualizado",
  deleted: "Endpoint eliminado",
  enabled: "Endpoint activado",
  disabled: "Endpoint desactivado",
  rotated: "Secreto rotado. El anterior sigue firmando durante 24 horas",
  testQueued: "Evento de prueba en cola",
  resent: "Entrega en cola para reenviarse",
  loadError: "Error al cargar los webhooks",
  saveError: "Error al guardar el endpoint",
  actionError: "No se pudo completar la acción",
  notFound: "El endpoint ya no existe",
  deliveryNotFound: "La entrega ya no existe",
  invalidAction: "Acción no válida",
  urlRequired: "Escribe la URL del endpoint",
  urlTooLong: `La URL no puede tener más de ${WEBHOOK_LIMITS.url} caracteres`,
  urlInvalid: "La URL no es válida. Escríbela completa, por ejemplo https://ejemplo.com/webhooks",
  urlScheme: "La URL debe empezar por https:// o http://",
  urlCredentials: "La URL no puede llevar usuario ni contraseña: el endpoint comprueba la firma de cada evento",
  descriptionTooLong: `La descripción no puede tener más de ${WEBHOOK_LIMITS.description} caracteres`,
  eventsRequired: "Elige al menos un evento",
  eventsInvalid: "Alguno de los eventos elegidos no existe",
  endpointDisabled: "El endpoint está desactivado: actívalo para enviarle eventos",
  deliverySending: "La entrega se está enviando en este momento",
  noKey:
    "Falta la clave SES_CREDENTIALS_KEY. El servidor usa PostgreSQL (DATABASE_URL) y no tiene con qué cifrar los secretos de firma: hasta que un administrador del servidor la configure, no se pueden crear endpoints ni rotar secretos.",
  noKeyAction: "No se puede guardar el secreto: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor",
} as const;

/** Why a literal host in the URL is refused, in Spanish; null when it is allowed. */
export function privateHostMessage(hostname: string): string | null {
  if (isLocalHostname(hostname)) return `La URL apunta a ${hostname}, que es este mismo servidor: los webhooks solo se envían a direcciones públicas de Internet`;
  const kind = addressKind(hostname);
  if (kind === "invalid" || kind === "public") return null;
  return `La URL apunta a ${hostname}, una dirección ${addressKindWords(kind)}: los webhooks solo se envían a direcciones públicas de Internet`;
}

/**
 * Checks an endpoint URL; returns the normalised URL or the Spanish message. With `allowPrivate`
 * false (WEBHOOK_ALLOW_PRIVATE unset) a literal local or private address is refused here; names
 * are checked again on every delivery, after DNS resolution (webhook-http.server.ts).
 */
export function checkWebhookUrl(input: string, allowPrivate: boolean): { ok: true; url: string } | { ok: false; message: string } {
  const text = input.trim();
  if (text === "") return { ok: false, message: WEBHOOK_MESSAGES.urlRequired };
  if (text.length > WEBHOOK_LIMITS.url) return { ok: false, message: WEBHOOK_MESSAGES.urlTooLong };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: WEBHOOK_MESSAGES.urlScheme };
  if (url.username !== "" || url.password !== "") return { ok: false, message: WEBHOOK_MESSAGES.urlCredentials };
  if (url.hostname === "") return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  if (!allowPrivate) {
    const refused = privateHostMessage(url.hostname);
    if (refused) return { ok: false, message: refused };
  }
  const normalised = url.toString();
  if (normalised.length > WEBHOOK_LIMITS.url) return { ok: false, message: WEBHOOK_MESSAGES.urlTooLong };
  return { ok: true, url: normalised };
}

export type WebhookEndpointInput = {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
};

const asText = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Validates the create/edit form: `url`, `description`, one `events` entry per chosen type
 * (FormData.getAll), `enabled` ("true"/"false", absent means on for a new endpoint).
 */
export function validateWebhookEndpointInput(
  input: { url: unknown; description: unknown; events: unknown[]; enabled: unknown },
  options: { allowPrivate: boolean },
): { ok: true; data: WebhookEndpointInput } | { ok: false; message: string } {
  const url = checkWebhookUrl(asText(input.url), options.allowPrivate);
  if (!url.ok) return url;
  const description = cleanLine(asText(input.description)).trim();
  if (Array.from(description).length > WEBHOOK_LIMITS.description) return { ok: false, message: WEBHOOK_MESSAGES.descriptionTooLong };
  const chosen = [...new Set(input.events.map(asText))];
  if (chosen.length === 0) return { ok: false, message: WEBHOOK_MESSAGES.eventsRequired };
  if (!chosen.every((type) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))) return { ok: false, message: WEBHOOK_MESSAGES.eventsInvalid };
  // Kept in the catalogue's order, so the list reads the same however the boxes were ticked.
  const eventTypes = WEBHOOK_EVENT_TYPES.filter((type) => chosen.includes(type));
  const enabledText = asText(input.enabled).trim().toLowerCase();
  const enabled = enabledText === "" ? true : ["true", "1", "on", "yes"].includes(enabledText);
  return { ok: true, data: { url: url.url, description, eventTypes, enabled } };
}

export const webhookIdSchema = z.uuid();
