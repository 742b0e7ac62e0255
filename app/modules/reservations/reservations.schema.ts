import { isIsoDate } from "#app/modules/guests/identity.ts";
import { MAX_GUESTS, MIN_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { DEFAULT_PAYMENT_TYPE, isPaymentTypeCode, type PaymentTypeCode } from "#app/modules/guests/ses-codes.ts";
import { cleanNotes } from "#app/lib/text.ts";

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
  created: "Reserva creada exitosamente",
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

export const RESERVATION_LIMITS = { notes: 2000, maxRooms: 999 } as const;

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
};

export type ReservationValidation = { ok: true; data: ReservationInput } | { ok: false; message: string };

const asText = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Free notes keep their line breaks; markup goes, as everywhere else. */
function notesText(value: unknown): string {
  if (typeof value !== "string") return "";
  return cleanNotes(value).slice(0, RESERVATION_LIMITS.notes).trim();
}

function parseInteger(value: string): number | null {
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

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
  const notes = notesText(input.notes);
  return {
    ok: true,
    data: {
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

export function reservationStatusLabel(reservation: { status: string; completedAt: Date | string | null }): string {
  return isReservationCompleted(reservation) ? "Completado" : "Pendiente";
}
