import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#app/db/client.server.ts";
import { guestDataAccessLog, guests, reservations } from "#app/db/schema.ts";
import { guestDataColumns } from "#app/modules/guests/guest-columns.ts";
import { GUEST_FORM_FIELDS, type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { validateGuestsAgainstIne } from "#app/modules/guests/ine.server.ts";
import type { GuestDataViewer } from "#app/modules/guests/guests.server.ts";

// Staff correct a registered guest's data (issue 11 item 6). The server is the authority: the
// whole stay is validated again with the guest form's rules (the same zod schema, in Spanish),
// with the corrected guest in place, so rules that depend on the other guests (an adult who
// signs for a minor, kinship) still hold. Signatures are not part of a correction: the stored
// ones stay, and a correction that would need a new one (a birth date that makes the guest 14)
// is refused with the form's "Huésped N: Firma *".
//
// The audit entry names the fields changed, never old or new values: the access log outlives
// the guest data (retention keeps "who looked, not what"), so values there would keep identity
// data past the legal period.

export const CORRECTION_MESSAGES = {
  corrected: "Datos del huésped corregidos",
  unchanged: "No hay cambios que guardar",
  notFound: "Huésped no encontrado",
  cancelled: "La reserva está cancelada: sus huéspedes no se corrigen.",
  purged: "Los datos de esta reserva se eliminaron por el plazo de conservación.",
  error: "No se pudieron corregir los datos del huésped",
} as const;

/** The fields staff may correct: everything the guest typed except the signature. */
export const CORRECTABLE_FIELDS = GUEST_FORM_FIELDS.filter(
  (field) => !["signatureKind", "signatureImage", "signatureName", "signedBy"].includes(field),
) as Exclude<(typeof GUEST_FORM_FIELDS)[number], "signatureKind" | "signatureImage" | "signatureName" | "signedBy">[];
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

type GuestRow = typeof guests.$inferSelect;

/** A stored guest as the form would hold it. Guests from before signatures get a typed one, only to validate. */
export function guestRowToFormValues(row: GuestRow): GuestFormValues {
  const text = (value: string | null) => value ?? "";
  return {
    givenName: row.givenName,
    firstSurname: row.firstSurname,
    secondSurname: text(row.secondSurname),
    sex: row.sex,
    birthDate: row.birthDate,
    nationality: row.nationality,
    documentType: text(row.documentType),
    documentNumber: text(row.documentNumber),
    documentSupport: text(row.documentSupport),
    phone: text(row.phone),
    email: text(row.email),
    addressStreet: row.addressStreet,
    addressCountry: row.addressCountry,
    addressProvince: text(row.addressProvince),
    addressMunicipalityCode: text(row.addressMunicipalityCode),
    // For Spain the name comes from the INE code; the form sends it only for other countries.
    addressMunicipalityName: row.addressMunicipalityCode ? "" : text(row.addressMunicipality),
    addressPostalCode: row.addressPostalCode,
    kinship: text(row.kinship),
    signatureKind: row.signatureKind ?? "typed",
    signatureImage: text(row.signatureImage),
    signatureName: row.signatureKind ? text(row.signatureTypedName) : row.fullName,
    signedBy: row.signedByPosition === null ? "" : String(row.signedByPosition),
  };
}


export type FiledDataChange = {
  reservationId: string;
  guestId: string;
  position: number;
  /** Column names that changed. */
  changedFields: string[];
  /** Whether the reservation's guests were complete (its PV filed or due): the police outbox hook decides. */
  reservationCompleted: boolean;
};

export type CorrectGuestInput = {
  reservationId: string;
  position: number;
  /** Raw form values of the guest (strings); fields left out keep their stored value. */
  values: Partial<Record<CorrectableField, unknown>>;
  editor: GuestDataViewer;
  today?: string;
  /**
   * Runs inside the correction's transaction when the guest's filed data changed, so the police
   * registry outbox can queue the cancellation and the new filing atomically with it.
   */
  onFiledDataChanged?: (tx: Tx, change: FiledDataChange) => Promise<void>;
};

export type CorrectGuestResult =
  | { ok: true; message: string; changedFields: string[]; filedDataChanged: boolean }
  | { ok: false; status: number; message: string; field?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function correctGuest(db: Db, input: CorrectGuestInput): Promise<CorrectGuestResult> {
  if (!UUID.test(input.reservationId)) return { ok: false, status: 404, message: CORRECTION_MESSAGES.notFound };
  const [reservation] = await db
    .select({ id: reservations.id, checkInDate: reservations.checkInDate, status: reservations.status, cancelledAt: reservations.cancelledAt, purgedAt: reservations.guestDataPurgedAt })
    .from(reservations)
    .where(eq(reservations.id, input.reservationId));
  if (!reservation) return { ok: false, status: 404, message: CORRECTION_MESSAGES.notFound };
  if (reservation.cancelledAt) return { ok: false, status: 409, message: CORRECTION_MESSAGES.cancelled };
  if (reservation.purgedAt) return { ok: false, status: 409, message: CORRECTION_MESSAGES.purged };
  const rows = await db.select().from(guests).where(eq(guests.reservationId, reservation.id)).orderBy(asc(guests.position));
  const index = rows.findIndex((row) => row.position === input.position);
  if (index === -1) return { ok: false, status: 404, message: CORRECTION_MESSAGES.notFound };

  const submission = rows.map(guestRowToFormValues);
  for (const field of CORRECTABLE_FIELDS) {
    const value = input.values[field];
    if (value !== undefined) submission[index][field] = typeof value === "string" ? value : "";
  }
  const validation = validateGuestsAgainstIne({ guests: submission }, { lang: "es", checkInDate: reservation.checkInDate, today: input.today });
  if (!validation.ok) return { ok: false, status: 400, message: validation.message, field: validation.field };

  const target = rows[index];
  const next = guestDataColumns(validation.guests[index]);
  const changedFields = Object.entries(next)
    .filter(([column, value]) => (target[column as keyof GuestRow] ?? null) !== (value ?? null))
    .map(([column]) => column);
  if (changedFields.length === 0) return { ok: true, message: CORRECTION_MESSAGES.unchanged, changedFields, filedDataChanged: false };

  await db.transaction(async (tx) => {
    await tx.update(guests).set(next).where(and(eq(guests.id, target.id), eq(guests.reservationId, reservation.id)));
    await tx.insert(guestDataAccessLog).values({
      reservationId: reservation.id,
      userId: input.editor.id,
      userEmail: input.editor.email,
      action: "correct",
      changedFields,
    });
    await input.onFiledDataChanged?.(tx, {
      reservationId: reservation.id,
      guestId: target.id,
      position: target.position,
      changedFields,
      reservationCompleted: reservation.status === "completed",
    });
  });
  return { ok: true, message: CORRECTION_MESSAGES.corrected, changedFields, filedDataChanged: true };
}
