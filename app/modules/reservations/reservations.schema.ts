import { z } from "zod";
import { isIsoDate, isValidDni, isValidNie, normalizeDocumentNumber } from "#app/modules/guests/identity.ts";
import { MAX_GUESTS, MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import {
  DEFAULT_PAYMENT_TYPE,
  isGuestDocumentType,
  isPaymentTypeCode,
  type GuestDocumentType,
  type PaymentTypeCode,
} from "#app/modules/guests/ses-codes.ts";
import { charLength, cleanLine, cleanNotes } from "#app/lib/text.ts";

// The reservation contract shared by the "Nueva reserva" dialog and the route action, plus every
// staff-side message of reservations, guests and the XML export (staff-side §5, §8).

export const RESERVATION_MESSAGES = {
  required: "Por favor completa todos los campos obligatorios",
  propertyNotFound: "Propiedad no encontrada",
  noProperties: "No hay viviendas registradas. Crea una vivienda primero.",
  checkOutBeforeCheckIn: "La fecha de salida debe ser posterior a la fecha de entrada",
  guestCountRange: `El número de huéspedes debe estar entre ${MIN_GUESTS} y ${MAX_GUESTS}`,
  invalidPaymentType: "Selecciona un tipo de pago válido",
  invalidContractDate: "La fecha del contrato no es válida",
  invalidRooms: "El número de habitaciones debe ser un entero entre 1 y 999",
  holderNameRequired: "Indica el nombre y el primer apellido del titular de la reserva",
  holderNameTooLong: "El nombre y cada apellido del titular admiten como máximo 50 caracteres",
  notesTooLong: "Las notas admiten como máximo 2000 caracteres",
  holderContactRequired: "Indica el email o el teléfono del titular de la reserva",
  holderEmailInvalid: "El email del titular de la reserva no es válido",
  holderPhoneInvalid: "El teléfono del titular de la reserva no es válido",
  holderDocumentIncomplete: "Indica el tipo y el número del documento del titular, o deja los dos vacíos",
  holderDocumentInvalid: "El número de documento del titular no es válido",
  holderLangInvalid: "El idioma del titular no es válido",
  invalidChannel: "Selecciona un canal de reserva válido",
  guestCountBelowRegistered: "El número de huéspedes no puede ser menor que el de huéspedes ya registrados",
  cancelledNotEditable: "Una reserva cancelada no se puede modificar",
  alreadyCancelled: "La reserva ya está cancelada",
  created: "Reserva creada exitosamente",
  updated: "Reserva actualizada exitosamente",
  updateError: "Error al actualizar la reserva",
  cancelled: "Reserva cancelada exitosamente",
  cancelError: "Error al cancelar la reserva",
  createError: "Error al crear la reserva",
  deleted: "Reserva eliminada exitosamente",
  deleteError: "Error al eliminar la reserva",
  notFound: "La reserva ya no existe",
  loadError: "Error al cargar las reservas",
  guestsLoadError: "Error al cargar los huéspedes",
  noGuests: "No hay huéspedes registrados aún",
  linkCopied: "Enlace copiado al portapapeles",
  linkCopyError: "No se pudo copiar el enlace. Cópialo desde el cuadro de texto.",
  empty: "No hay reservas registradas",
  exportSuccess: "Archivo XML exportado exitosamente",
  exportError: "Error al exportar el archivo XML",
  unexpected: "Error inesperado",
} as const;

export const RESERVATION_LIMITS = {
  notes: 2000,
  maxRooms: 999,
  // The RH filing's limits (personaReservaType).
  holderName: 50,
  holderEmail: 250,
  holderPhone: 20,
  holderDocumentNumber: 15,
} as const;

/** Where the booking came from. An OTA may file the RH itself (per-channel sending: with the outbox). */
export const BOOKING_CHANNELS = [
  { value: "direct", label: "Directo" },
  { value: "airbnb", label: "Airbnb" },
  { value: "booking", label: "Booking.com" },
  { value: "vrbo", label: "Vrbo" },
  { value: "other", label: "Otro" },
] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number]["value"];
export const DEFAULT_BOOKING_CHANNEL: BookingChannel = "direct";

export function isBookingChannel(value: unknown): value is BookingChannel {
  return BOOKING_CHANNELS.some((channel) => channel.value === value);
}

/** A stored value the list does not know is shown raw (DECISIONS.md, "Option sets"). */
export function bookingChannelLabel(value: string): string {
  return BOOKING_CHANNELS.find((channel) => channel.value === value)?.label ?? value;
}

/** The holder of the booking: rol TI of the RH filing. */
export type ReservationHolder = {
  givenName: string;
  firstSurname: string;
  secondSurname: string | null;
  email: string | null;
  phone: string | null;
  documentType: GuestDocumentType | null;
  documentNumber: string | null;
  /** The language of the holder's e-mails (the guest languages); Spanish when not chosen. */
  lang: HolderLang;
};

/** The guest languages (guest-i18n GUEST_LANGS), labelled for staff. */
export const HOLDER_LANGS = [
  { value: "es", label: "Español" },
  { value: "en", label: "Inglés" },
  { value: "fr", label: "Francés" },
  { value: "de", label: "Alemán" },
  { value: "it", label: "Italiano" },
  { value: "pt", label: "Portugués" },
] as const;
export type HolderLang = (typeof HOLDER_LANGS)[number]["value"];
export const DEFAULT_HOLDER_LANG: HolderLang = "es";

export function isHolderLang(value: unknown): value is HolderLang {
  return HOLDER_LANGS.some((lang) => lang.value === value);
}

/** The public path of a reservation's guest link (public-side §2). */
export function guestRegistrationPath(uniqueLink: string): string {
  return `/registro-viajeros/${encodeURIComponent(uniqueLink)}`;
}

export type ReservationInput = {
  propertyId: string;
  guestCount: number;
  checkInDate: string;
  checkOutDate: string;
  notes: string | null;
  paymentType: PaymentTypeCode;
  contractDate: string;
  rooms: number;
  holder: ReservationHolder;
  bookingChannel: BookingChannel;
};

/** What the edit dialog may change: everything but the property (the link and filings belong to it). */
export type ReservationUpdate = Omit<ReservationInput, "propertyId">;

export type ReservationValidation = { ok: true; data: ReservationInput } | { ok: false; message: string };
export type ReservationUpdateValidation = { ok: true; data: ReservationUpdate } | { ok: false; message: string };

const asText = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Free notes keep their line breaks; markup goes, as everywhere else. */
function notesText(value: unknown): string {
  if (typeof value !== "string") return "";
  return cleanNotes(value).trim();
}

function parseInteger(value: string): number | null {
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const MIN_PHONE_DIGITS = 6;
// What the registry's XSD asks of correo, and a real address on top.
const EMAIL_SHAPE = /^[^@\s]+@[^.@\s]+\.[^@\s]+$/;
const emailSchema = z.email();
const FOREIGN_DOCUMENT_NUMBER = /^[A-Z0-9]{3,15}$/;

const holderText = (value: unknown) => cleanLine(typeof value === "string" ? value : "").trim();

/** The holder's fields of the new and edit forms; the first failing rule answers. */
export function validateHolder(input: Record<string, unknown>): { ok: true; holder: ReservationHolder } | { ok: false; message: string } {
  const givenName = holderText(input.holderGivenName);
  const firstSurname = holderText(input.holderFirstSurname);
  const secondSurname = holderText(input.holderSecondSurname);
  if (givenName === "" || firstSurname === "") return { ok: false, message: RESERVATION_MESSAGES.holderNameRequired };
  // Refused, never cut (issue 18): the registry's 50 characters per name (tiposGenerales.xsd).
  if ([givenName, firstSurname, secondSurname].some((value) => charLength(value) > RESERVATION_LIMITS.holderName)) {
    return { ok: false, message: RESERVATION_MESSAGES.holderNameTooLong };
  }
  const email = asText(input.holderEmail).toLowerCase();
  const phone = asText(input.holderPhone).replace(/\s+/g, " ");
  if (email === "" && phone === "") return { ok: false, message: RESERVATION_MESSAGES.holderContactRequired };
  if (
    email !== "" &&
    (Array.from(email).length > RESERVATION_LIMITS.holderEmail || !EMAIL_SHAPE.test(email) || !emailSchema.safeParse(email).success)
  ) {
    return { ok: false, message: RESERVATION_MESSAGES.holderEmailInvalid };
  }
  if (phone !== "" && (!PHONE.test(phone) || phone.replace(/\D/g, "").length < MIN_PHONE_DIGITS)) {
    return { ok: false, message: RESERVATION_MESSAGES.holderPhoneInvalid };
  }
  const documentTypeText = asText(input.holderDocumentType);
  const documentNumber = normalizeDocumentNumber(asText(input.holderDocumentNumber));
  if ((documentTypeText === "") !== (documentNumber === "")) return { ok: false, message: RESERVATION_MESSAGES.holderDocumentIncomplete };
  let documentType: GuestDocumentType | null = null;
  if (documentTypeText !== "") {
    if (!isGuestDocumentType(documentTypeText)) return { ok: false, message: RESERVATION_MESSAGES.holderDocumentInvalid };
    documentType = documentTypeText;
    const valid =
      documentType === "DNI"
        ? isValidDni(documentNumber)
        : documentType === "NIE"
          ? isValidNie(documentNumber)
          : FOREIGN_DOCUMENT_NUMBER.test(documentNumber);
    if (!valid) return { ok: false, message: RESERVATION_MESSAGES.holderDocumentInvalid };
  }
  const langText = asText(input.holderLang);
  if (langText !== "" && !isHolderLang(langText)) return { ok: false, message: RESERVATION_MESSAGES.holderLangInvalid };
  const lang: HolderLang = isHolderLang(langText) ? langText : DEFAULT_HOLDER_LANG;
  return {
    ok: true,
    holder: {
      givenName,
      firstSurname,
      secondSurname: secondSurname === "" ? null : secondSurname,
      email: email === "" ? null : email,
      phone: phone === "" ? null : phone,
      documentType,
      documentNumber: documentType === null ? null : documentNumber,
      lang,
    },
  };
}

/**
 * Validates the "Editar reserva" form: the same rules as a new reservation, without the
 * property. Rules that need the stored row (guests already registered, cancelled) are the
 * server's (reservations.server.ts).
 */
export function validateReservationUpdate(input: Record<string, unknown>, today: string): ReservationUpdateValidation {
  const checked = validateReservationInput({ ...input, propertyId: PLACEHOLDER_PROPERTY }, today);
  if (!checked.ok) return checked;
  const { propertyId: _ignored, ...data } = checked.data;
  return { ok: true, data };
}

const PLACEHOLDER_PROPERTY = "00000000-0000-4000-8000-000000000000";

/**
 * Validates the "Nueva reserva" form. `today` (yyyy-MM-dd, Madrid) is the contract date when
 * none is given. The guest count stops at the guest form's maximum, since one link can never
 * register more people than that.
 */
export function validateReservationInput(input: Record<string, unknown>, today: string): ReservationValidation {
  const propertyId = asText(input.propertyId);
  const checkInDate = asText(input.checkInDate);
  const checkOutDate = asText(input.checkOutDate);
  const guestCount = parseInteger(asText(input.guestCount));
  if (
    propertyId === "" ||
    checkInDate === "" ||
    checkOutDate === "" ||
    guestCount === null ||
    guestCount < MIN_GUESTS ||
    !isIsoDate(checkInDate) ||
    !isIsoDate(checkOutDate)
  ) {
    return { ok: false, message: RESERVATION_MESSAGES.required };
  }
  // A malformed id cannot name a property; saying so is more useful than a database error.
  if (!UUID.test(propertyId)) return { ok: false, message: RESERVATION_MESSAGES.propertyNotFound };
  if (guestCount > MAX_GUESTS) return { ok: false, message: RESERVATION_MESSAGES.guestCountRange };
  if (checkOutDate <= checkInDate) return { ok: false, message: RESERVATION_MESSAGES.checkOutBeforeCheckIn };

  const paymentType = asText(input.paymentType) || DEFAULT_PAYMENT_TYPE;
  if (!isPaymentTypeCode(paymentType)) return { ok: false, message: RESERVATION_MESSAGES.invalidPaymentType };
  const contractDate = asText(input.contractDate) || today;
  if (!isIsoDate(contractDate)) return { ok: false, message: RESERVATION_MESSAGES.invalidContractDate };
  const roomsText = asText(input.rooms);
  const rooms = roomsText === "" ? 1 : parseInteger(roomsText);
  if (rooms === null || rooms < 1 || rooms > RESERVATION_LIMITS.maxRooms) {
    return { ok: false, message: RESERVATION_MESSAGES.invalidRooms };
  }
  const holder = validateHolder(input);
  if (!holder.ok) return holder;
  const channel = asText(input.bookingChannel) || DEFAULT_BOOKING_CHANNEL;
  if (!isBookingChannel(channel)) return { ok: false, message: RESERVATION_MESSAGES.invalidChannel };
  const notes = notesText(input.notes);
  // Too long is said, never cut (issue 18: silent truncation).
  if (charLength(notes) > RESERVATION_LIMITS.notes) return { ok: false, message: RESERVATION_MESSAGES.notesTooLong };
  return {
    ok: true,
    data: {
      holder: holder.holder,
      bookingChannel: channel,
      propertyId: propertyId.toLowerCase(),
      guestCount,
      checkInDate,
      checkOutDate,
      notes: notes === "" ? null : notes,
      paymentType,
      contractDate,
      rooms,
    },
  };
}

/** "Completado" needs the status; completed_at alone (an interrupted older flow) also counts. */
export function isReservationCompleted(reservation: { status: string; completedAt: Date | string | null }): boolean {
  return reservation.status === "completed" || reservation.completedAt !== null;
}

export function isReservationCancelled(reservation: { cancelledAt?: Date | string | null }): boolean {
  return reservation.cancelledAt !== null && reservation.cancelledAt !== undefined;
}

/** "Cancelada" wins over the rest: a cancelled reservation is no longer to be filed or registered. */
export function reservationStatusLabel(reservation: { status: string; completedAt: Date | string | null; cancelledAt?: Date | string | null }): string {
  if (isReservationCancelled(reservation)) return "Cancelada";
  return isReservationCompleted(reservation) ? "Completado" : "Pendiente";
}

export function holderFullName(holder: { givenName: string | null; firstSurname: string | null; secondSurname: string | null }): string {
  return [holder.givenName, holder.firstSurname, holder.secondSurname].filter((part) => part && part.trim() !== "").join(" ");
}
