// The lead contract shared by the browser (quick, friendly feedback) and the server (the
// authority, DECISIONS.md "Where the truth lives"). Every rule, cap, option set and Spanish
// message of public-side §5/§8/§9 and staff-side §3–§5/§8 lives here once, so the forms, the
// endpoint, the admin and the CSV can never drift apart.

import { cleanLine, cleanText, stripMarkup } from "#app/lib/text.ts";

// ---------------------------------------------------------------- messages

export const LEAD_MESSAGES = {
  rateLimited: "Has enviado demasiados mensajes. Espera unos minutos antes de intentar de nuevo.",
  invalidName: "Por favor, introduce un nombre válido",
  invalidEmail: "Por favor, introduce un email válido",
  missingPhone: "Por favor, introduce un teléfono",
  invalidPhone: "Por favor, introduce un teléfono válido",
  missingOwnerType: "Por favor, selecciona el tipo de propietario",
  shortMessage: "Por favor, introduce un mensaje de al menos 10 caracteres",
  // Not in the spec: only a request that skips the page's selects can send these.
  invalidPropertyType: "Por favor, selecciona un tipo de propiedad válido",
  invalidPropertyCount: "Por favor, selecciona un número de propiedades válido",
  storeError: "Error al enviar el formulario. Por favor, inténtalo de nuevo.",
  unexpected: "Error inesperado. Por favor, inténtalo de nuevo.",
  success: "¡Formulario enviado con éxito! Nos pondremos en contacto contigo pronto.",
} as const;

export type LeadMessageKey = keyof typeof LEAD_MESSAGES;

export function isLeadMessageKey(value: unknown): value is LeadMessageKey {
  return typeof value === "string" && Object.hasOwn(LEAD_MESSAGES, value);
}

export const ADMIN_LEAD_MESSAGES = {
  noLeads: "No hay leads registrados.",
  noMatches: "No se encontraron leads con los filtros aplicados.",
  loadError: "Error al cargar los leads",
  unexpected: "Error inesperado",
  statusUpdated: "Estado actualizado correctamente",
  statusError: "Error al actualizar el estado",
  priorityUpdated: "Prioridad actualizada",
  priorityError: "Error al actualizar la prioridad",
  leadUpdated: "Lead actualizado correctamente",
  leadUpdateError: "Error al actualizar el lead",
  leadDeleted: "Lead eliminado correctamente",
  leadDeleteError: "Error al eliminar el lead",
  manualCreated: "Lead manual creado correctamente",
  manualError: "Error al crear el lead manual. Por favor, inténtalo de nuevo.",
  manualRateLimited: "Has creado demasiados leads. Espera unos minutos antes de crear más.",
  manualInvalidName: "Por favor, introduce un nombre válido (mínimo 2 caracteres)",
  invalidStatus: "Por favor, selecciona un estado válido",
  invalidPriority: "Por favor, selecciona una prioridad válida",
  notFound: "El lead ya no existe",
  deleteForbidden: "Solo el super administrador puede eliminar leads.",
  adminsOnly: "Solo los administradores pueden gestionar leads.",
} as const;

export const exportedLeadsMessage = (count: number) => `Exportados ${count} leads a CSV`;

// ---------------------------------------------------------------- option sets (DECISIONS.md)

export const PROPERTY_TYPES = [
  "apartamentos-turisticos",
  "hoteles",
  "coliving",
  "viviendas-tradicionales",
  "otros",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  "apartamentos-turisticos": "Apartamentos turísticos",
  hoteles: "Hoteles",
  coliving: "Coliving",
  "viviendas-tradicionales": "Viviendas tradicionales",
  otros: "Otros",
};

export const PROPERTY_COUNTS = ["1", "2-5", "6-20", "21-50", "50+"] as const;
export type PropertyCount = (typeof PROPERTY_COUNTS)[number];
export const PROPERTY_COUNT_LABELS: Record<PropertyCount, string> = {
  "1": "1 propiedad",
  "2-5": "2-5 propiedades",
  "6-20": "6-20 propiedades",
  "21-50": "21-50 propiedades",
  "50+": "Más de 50 propiedades",
};

export const OWNER_TYPES = ["individual", "company"] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const OWNER_TYPE_LABELS: Record<OwnerType, string> = {
  individual: "Propietario particular",
  company: "Gestora o gran propietario",
};

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** The earlier product stored `business` for what the forms call `company`; both read as company. */
export function normalizeOwnerType(value: unknown): OwnerType | null {
  if (value === "business") return "company";
  return includes(OWNER_TYPES, value) ? value : null;
}

/** individual = "Propietario particular"; any other stored value = "Gestora o gran propietario". */
export function ownerTypeLabel(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return value === "individual" ? OWNER_TYPE_LABELS.individual : OWNER_TYPE_LABELS.company;
}

/** Known values get their label; an unknown stored value is shown raw, never dropped. */
export function propertyTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return includes(PROPERTY_TYPES, value) ? PROPERTY_TYPE_LABELS[value] : value;
}

export function propertyCountLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return includes(PROPERTY_COUNTS, value) ? PROPERTY_COUNT_LABELS[value] : value;
}

// ---------------------------------------------------------------- status and priority

export const LEAD_STATUSES = ["pending", "contacted", "qualified", "converted", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  pending: "Pendiente",
  contacted: "Contactado",
  qualified: "Cualificado",
  converted: "Convertido",
  lost: "Perdido",
};
export const isLeadStatus = (value: unknown): value is LeadStatus => includes(LEAD_STATUSES, value);
/** An unknown stored status displays (and filters, and counts) as pending. */
export const normalizeLeadStatus = (value: unknown): LeadStatus => (isLeadStatus(value) ? value : "pending");

/** "Cerrados" reconciles the two readings of the spec: converted or lost. */
export const CLOSED_STATUSES = ["converted", "lost"] as const satisfies readonly LeadStatus[];
export const STATUS_FILTERS = ["all", ...LEAD_STATUSES, "closed"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "Todos los estados",
  ...LEAD_STATUS_LABELS,
  closed: "Cerrados",
};

export const LEAD_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];
export const LEAD_PRIORITY_LABELS: Record<LeadPriority, string> = {
  low: "Baja",
  medium: "Media",
  high: "Alta",
  urgent: "Urgente",
};
export const isLeadPriority = (value: unknown): value is LeadPriority => includes(LEAD_PRIORITIES, value);
/** An unknown stored priority displays (and filters) as medium. */
export const normalizeLeadPriority = (value: unknown): LeadPriority => (isLeadPriority(value) ? value : "medium");
/** The "Alta prioridad" summary card counts both. */
export const HIGH_PRIORITIES = ["high", "urgent"] as const satisfies readonly LeadPriority[];

export const PRIORITY_FILTERS = ["all", ...LEAD_PRIORITIES] as const;
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number];
export const PRIORITY_FILTER_LABELS: Record<PriorityFilter, string> = {
  all: "Todas las prioridades",
  ...LEAD_PRIORITY_LABELS,
};

// ---------------------------------------------------------------- sources

export const MANUAL_SOURCE = "MANUAL";
export const CONTACT_PAGE_SOURCE_TAG = "contacto";
/** Stored when a request carries no tag, or one outside the safe charset. */
export const UNKNOWN_SOURCE_TAG = "unknown";
const SOURCE_PREFIX = "WEB-";

// Letters (accents included: "Limpieza y Logística" is a real tag), digits, space, dot, dash and
// underscore; it must start and end with a letter or digit. Unknown-but-safe tags are accepted
// and shown raw, so a new page never loses its leads while its label is being added here.
const SOURCE_TAG_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._-]{0,58}[\p{L}\p{N}])?$/u;
export const SOURCE_TAG_MAX = 60;

export function isSafeSourceTag(tag: string): boolean {
  return SOURCE_TAG_PATTERN.test(tag);
}

/** The tag a form sends ("hero-cta"), tolerating an already-prefixed "WEB-hero-cta". */
export function normalizeSourceTag(raw: unknown): string {
  if (typeof raw !== "string") return UNKNOWN_SOURCE_TAG;
  let tag = raw.normalize("NFC").trim();
  if (tag.startsWith(SOURCE_PREFIX)) tag = tag.slice(SOURCE_PREFIX.length);
  return isSafeSourceTag(tag) ? tag : UNKNOWN_SOURCE_TAG;
}

export const sourceFromTag = (tag: string) => `${SOURCE_PREFIX}${tag}`;

export const SOURCE_LABELS: Record<string, string> = {
  "WEB-hero-cta": "Web - Botón principal (hero)",
  "WEB-navbar-contact": "Web - Contacto del menú",
  "WEB-footer-cta": "Web - Pie de página",
  "WEB-demo-section-cta": "Web - Sección de demo",
  "WEB-contacto": "Web - Página de contacto",
  "WEB-comparador-cta": "Comparador de precios",
  "WEB-ns01-cta": "Dispositivo NS-01",
  "WEB-monitorizacion-ruido-cta": "Monitorización de ruido",
  "WEB-aforo-real-cta": "Aforo real",
  "WEB-alarma-basica-cta": "Alarma básica",
  "WEB-wifi-cta": "WiFi",
  "WEB-internet-apartamentos-turisticos": "Internet para apartamentos turísticos",
  "WEB-internet-apartamentos-turisticos-cta": "Internet para apartamentos turísticos",
  "WEB-sistema-cobro-cta": "Sistema de cobro",
  "WEB-monetiza-dispositivo-cta": "Monetización",
  "WEB-apartamentos-turisticos-cta": "Apartamentos turísticos",
  "WEB-apartamentos-turisticos-madrid": "Apartamentos turísticos Madrid",
  "WEB-apartamentos-turisticos-barcelona": "Apartamentos turísticos Barcelona",
  "WEB-apartamentos-turisticos-sevilla": "Apartamentos turísticos Sevilla",
  "WEB-apartamentos-turisticos-malaga": "Apartamentos turísticos Málaga",
  "WEB-hoteles-cta": "Hoteles",
  "WEB-coliving-cta": "Coliving",
  "WEB-promocion-viviendas-cta": "Promoción de viviendas",
  "WEB-conserje-ai": "Asistente IA (conserje)",
  "WEB-Limpieza y Logística": "Limpieza y logística",
  "WEB-antiokupacion-vivienda-vacacional": "Antiokupación vivienda vacacional",
  "WEB-antiokupacion-apartamento-turistico": "Antiokupación apartamento turístico",
  "WEB-sensor-ruido-apartamentos-turisticos": "Sensor de ruido",
  "WEB-apartamentos-turisticos-ruido": "Guía de ruido",
  "WEB-unknown": "Desconocido",
  unknown: "Desconocido",
  [MANUAL_SOURCE]: "Manual",
};

export function sourceLabel(source: string | null | undefined): string {
  if (!source) return SOURCE_LABELS.unknown;
  return Object.hasOwn(SOURCE_LABELS, source) ? SOURCE_LABELS[source] : source;
}

// ---------------------------------------------------------------- caps

export const MODAL_CAPS = { name: 200, company: 200, email: 255, phone: 50, city: 100, message: 2000 } as const;
export const CONTACT_PAGE_CAPS = { name: 100, email: 254, phone: 20, company: 150, message: 2000 } as const;
export const MANUAL_CAPS = {
  name: 200,
  company: 200,
  city: 100,
  email: 255,
  phone: 50,
  message: 1000,
  notes: 2000,
} as const;
/** RFC 5321's path limit; the modal's input accepts 255 but validation stops at 254. */
export const EMAIL_MAX = 254;
export const NAME_MIN = 2;

/** Length in characters as a person counts them (code points), not UTF-16 units: "𐀀" is one. */
const charCount = (value: string) => Array.from(value).length;
export const MESSAGE_MIN = 10;
export const REFERENCE_MAX = 120;

/** The honeypot: hidden from people, filled by bots. A filled one gets a fake success. */
export const HONEYPOT_FIELD = "website";

// ---------------------------------------------------------------- sanitising

// The shared sanitisers, re-exported for the lead forms and their tests.
export { cleanLine, cleanText, stripMarkup };

/** Cuts at `max` UTF-16 units, like an input's maxLength, without leaving half an emoji. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Reads a field of a JSON body or form post as text; anything that is not text is empty. */
export function fieldText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

const emptyToNull = (value: string) => (value === "" ? null : value);

// ---------------------------------------------------------------- field rules

// Local part without quotes, angle brackets or spaces; a domain of dot-separated labels and a
// top-level domain of at least two letters. Deliberately stricter than RFC 5322: a quoted local
// part is legal but never a real customer's address, and the spec refuses quotes anyway.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Email: trimmed and lower-cased; well formed, at most 254 characters, no < > " '. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  if (email.length === 0 || email.length > EMAIL_MAX) return false;
  if (/[<>"']/.test(email)) return false;
  return EMAIL_PATTERN.test(email);
}

/** 9-20 characters of digits, spaces, dashes, parentheses and one optional leading plus; 9-15 digits. */
export function isValidPhone(phone: string): boolean {
  if (phone.length < 9 || phone.length > 20) return false;
  if (!/^\+?[0-9 ()-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= 9 && digits <= 15;
}

// A success-case slug as written in /casos-exito/{slug}, carried as ?ref=caso-{slug}.
const REFERENCE_PATTERN = /^caso-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A safe `caso-{slug}` reference, or null: a bad reference never costs the visitor the lead. */
export function normalizeReference(value: unknown): string | null {
  const text = fieldText(value).trim();
  return text.length <= REFERENCE_MAX && REFERENCE_PATTERN.test(text) ? text : null;
}

/**
 * A path on this site to send a no-JS visitor back to, or null. Only a plain absolute path is
 * accepted: "//evil.example", "/\\evil.example" and "https://..." would be open redirects.
 */
export function safeReturnPath(value: unknown): string | null {
  const text = fieldText(value).trim();
  if (text.length === 0 || text.length > 200 || !text.startsWith("/")) return null;
  // eslint-disable-next-line no-control-regex
  if (text.startsWith("//") || text.includes("\\") || /[\u0000-\u001F\u007F]/.test(text)) return null;
  try {
    const base = "http://nidosmart.invalid";
    const url = new URL(text, base);
    return url.origin === base ? url.pathname : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- form validation

/** The raw fields of a public form, as the browser posts them (snake_case, spec §3 names). */
export type PublicLeadInput = {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  company?: unknown;
  city?: unknown;
  property_type?: unknown;
  property_count?: unknown;
  owner_type?: unknown;
  message?: unknown;
  source?: unknown;
  reference?: unknown;
};

export type LeadField =
  | "name"
  | "email"
  | "phone"
  | "company"
  | "city"
  | "property_type"
  | "property_count"
  | "owner_type"
  | "message"
  | "status"
  | "priority"
  | "notes";

/** What the server stores for a public submission (camelCase, as the leads table). */
export type NewPublicLead = {
  name: string;
  email: string;
  phone: string;
  company: string | null;
  city: string | null;
  propertyType: PropertyType | null;
  propertyCount: PropertyCount | null;
  ownerType: OwnerType | null;
  message: string | null;
  source: string;
  reference: string | null;
};

export type LeadValidation<T> =
  | { ok: true; data: T }
  | { ok: false; messageKey: LeadMessageKey; message: string; field: LeadField };

function fail<T>(messageKey: LeadMessageKey, field: LeadField): LeadValidation<T> {
  return { ok: false, messageKey, message: LEAD_MESSAGES[messageKey], field };
}

function optionalOption<T extends string>(list: readonly T[], raw: unknown): { ok: true; value: T | null } | { ok: false } {
  const text = fieldText(raw).trim();
  if (text === "") return { ok: true, value: null };
  return includes(list, text) ? { ok: true, value: text } : { ok: false };
}

/**
 * The contact modal and every page's demo-request dialog (public-side §5), rule by rule in the
 * spec's order, answering the FIRST failing rule. The rate limit (rule 1) is checked before this
 * by the caller: localStorage in the browser, the database on the server.
 */
export function validateModalLead(input: PublicLeadInput): LeadValidation<NewPublicLead> {
  const name = cleanLine(truncate(fieldText(input.name), MODAL_CAPS.name));
  const email = normalizeEmail(truncate(fieldText(input.email), MODAL_CAPS.email));
  const phone = truncate(fieldText(input.phone), MODAL_CAPS.phone).trim();
  const ownerType = normalizeOwnerType(fieldText(input.owner_type).trim());

  if (charCount(name) < NAME_MIN) return fail("invalidName", "name");
  if (!isValidEmail(email)) return fail("invalidEmail", "email");
  if (phone === "") return fail("missingPhone", "phone");
  if (!isValidPhone(phone)) return fail("invalidPhone", "phone");
  if (!ownerType) return fail("missingOwnerType", "owner_type");

  const propertyType = optionalOption(PROPERTY_TYPES, input.property_type);
  if (!propertyType.ok) return fail("invalidPropertyType", "property_type");
  const propertyCount = optionalOption(PROPERTY_COUNTS, input.property_count);
  if (!propertyCount.ok) return fail("invalidPropertyCount", "property_count");

  return {
    ok: true,
    data: {
      name,
      email,
      phone,
      company: emptyToNull(cleanLine(truncate(fieldText(input.company), MODAL_CAPS.company))),
      city: emptyToNull(cleanLine(truncate(fieldText(input.city), MODAL_CAPS.city))),
      propertyType: propertyType.value,
      propertyCount: propertyCount.value,
      ownerType,
      message: emptyToNull(cleanText(truncate(fieldText(input.message), MODAL_CAPS.message))),
      source: sourceFromTag(normalizeSourceTag(input.source)),
      reference: normalizeReference(input.reference),
    },
  };
}

/**
 * The /contacto form (public-side §5), in its own order: email, phone required, phone format,
 * name, message. It stores source "WEB-contacto", owner_type individual and no property fields;
 * `?ref=caso-{slug}` is kept as the reference.
 */
export function validateContactPageLead(input: PublicLeadInput): LeadValidation<NewPublicLead> {
  const email = normalizeEmail(cleanLine(truncate(fieldText(input.email), CONTACT_PAGE_CAPS.email)));
  const phone = cleanLine(truncate(fieldText(input.phone), CONTACT_PAGE_CAPS.phone));
  const name = cleanLine(truncate(fieldText(input.name), CONTACT_PAGE_CAPS.name));
  const message = cleanText(truncate(fieldText(input.message), CONTACT_PAGE_CAPS.message));

  if (!isValidEmail(email)) return fail("invalidEmail", "email");
  if (phone === "") return fail("missingPhone", "phone");
  if (!isValidPhone(phone)) return fail("invalidPhone", "phone");
  if (charCount(name) < NAME_MIN) return fail("invalidName", "name");
  if (charCount(message) < MESSAGE_MIN) return fail("shortMessage", "message");

  return {
    ok: true,
    data: {
      name,
      email,
      phone,
      company: emptyToNull(cleanLine(truncate(fieldText(input.company), CONTACT_PAGE_CAPS.company))),
      city: null,
      propertyType: null,
      propertyCount: null,
      ownerType: "individual",
      message,
      source: sourceFromTag(CONTACT_PAGE_SOURCE_TAG),
      reference: normalizeReference(input.reference),
    },
  };
}

/** Which public form a submission comes from; the two have different rules (public-side §5). */
export const PUBLIC_FORM_KINDS = ["modal", "contacto"] as const;
export type PublicFormKind = (typeof PUBLIC_FORM_KINDS)[number];
export const normalizeFormKind = (value: unknown): PublicFormKind => (value === "contacto" ? "contacto" : "modal");

export function validatePublicLead(kind: PublicFormKind, input: PublicLeadInput): LeadValidation<NewPublicLead> {
  return kind === "contacto" ? validateContactPageLead(input) : validateModalLead(input);
}

// ---------------------------------------------------------------- manual lead (staff-side §5)

export type ManualLeadInput = PublicLeadInput & { status?: unknown; priority?: unknown; notes?: unknown };

export type NewManualLead = Omit<NewPublicLead, "reference"> & {
  status: LeadStatus;
  priority: LeadPriority;
  notes: string | null;
};

export type AdminValidation<T> = { ok: true; data: T } | { ok: false; message: string; field: LeadField };

export function validateManualLead(input: ManualLeadInput): AdminValidation<NewManualLead> {
  const failWith = (message: string, field: LeadField): AdminValidation<NewManualLead> => ({ ok: false, message, field });
  const name = cleanLine(truncate(fieldText(input.name), MANUAL_CAPS.name));
  const email = normalizeEmail(cleanLine(truncate(fieldText(input.email), MANUAL_CAPS.email)));
  const phone = cleanLine(truncate(fieldText(input.phone), MANUAL_CAPS.phone));

  if (charCount(name) < NAME_MIN) return failWith(ADMIN_LEAD_MESSAGES.manualInvalidName, "name");
  if (!isValidEmail(email)) return failWith(LEAD_MESSAGES.invalidEmail, "email");
  if (!isValidPhone(phone)) return failWith(LEAD_MESSAGES.invalidPhone, "phone");

  const propertyType = optionalOption(PROPERTY_TYPES, input.property_type);
  if (!propertyType.ok) return failWith(LEAD_MESSAGES.invalidPropertyType, "property_type");
  const propertyCount = optionalOption(PROPERTY_COUNTS, input.property_count);
  if (!propertyCount.ok) return failWith(LEAD_MESSAGES.invalidPropertyCount, "property_count");
  const ownerText = fieldText(input.owner_type).trim();
  const ownerType = normalizeOwnerType(ownerText);
  if (ownerText !== "" && !ownerType) return failWith(LEAD_MESSAGES.missingOwnerType, "owner_type");

  // Initial status and priority default to pending and medium (staff-side §4).
  const statusText = fieldText(input.status).trim();
  if (statusText !== "" && !isLeadStatus(statusText)) return failWith(ADMIN_LEAD_MESSAGES.invalidStatus, "status");
  const priorityText = fieldText(input.priority).trim();
  if (priorityText !== "" && !isLeadPriority(priorityText)) {
    return failWith(ADMIN_LEAD_MESSAGES.invalidPriority, "priority");
  }

  return {
    ok: true,
    data: {
      name,
      email,
      phone,
      company: emptyToNull(cleanLine(truncate(fieldText(input.company), MANUAL_CAPS.company))),
      city: emptyToNull(cleanLine(truncate(fieldText(input.city), MANUAL_CAPS.city))),
      propertyType: propertyType.value,
      propertyCount: propertyCount.value,
      ownerType,
      message: emptyToNull(cleanText(truncate(fieldText(input.message), MANUAL_CAPS.message))),
      source: MANUAL_SOURCE,
      status: statusText === "" ? "pending" : (statusText as LeadStatus),
      priority: priorityText === "" ? "medium" : (priorityText as LeadPriority),
      notes: emptyToNull(cleanText(truncate(fieldText(input.notes), MANUAL_CAPS.notes))),
    },
  };
}

/** Staff notes: markup stripped, capped at 2000 (staff-side §9); empty clears them. */
export function normalizeNotes(value: unknown): string | null {
  return emptyToNull(cleanText(truncate(fieldText(value), MANUAL_CAPS.notes)));
}
