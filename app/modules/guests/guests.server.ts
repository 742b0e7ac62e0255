import { asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { guestDataAccessLog, guests, reservations } from "#app/db/schema.ts";
import { provinceDisplayName } from "#app/modules/guests/ine.server.ts";
import { countryName, GUEST_DOCUMENT_TYPES, KINSHIP_CODES, SEX_CODES } from "#app/modules/guests/ses-codes.ts";

// Guest identity data leaves the server only through this module and the XML export, and every
// time it does, who and when is written to guest_data_access_log first.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** view: the guests dialog (data and signatures); export: the PV XML; register-pdf: the signed register; mossos-file: the Mossos bulk file. */
export type GuestDataAccessAction = "view" | "export" | "register-pdf" | "correct" | "mossos-file";

export type GuestDataViewer = { id: string; email: string };

export async function recordGuestDataAccess(
  db: DbOrTx,
  entry: { reservationId: string; viewer: GuestDataViewer; action: GuestDataAccessAction },
): Promise<void> {
  await db.insert(guestDataAccessLog).values({
    reservationId: entry.reservationId,
    userId: entry.viewer.id,
    userEmail: entry.viewer.email,
    action: entry.action,
  });
}

/** A stored guest as staff see it: codes plus their Spanish names, nothing left undefined. */
export type RegisteredGuest = {
  position: number;
  fullName: string;
  givenName: string;
  firstSurname: string;
  secondSurname: string | null;
  sex: string;
  sexLabel: string;
  birthDate: string;
  nationality: string;
  nationalityName: string;
  documentType: string | null;
  documentTypeLabel: string | null;
  documentNumber: string | null;
  documentSupport: string | null;
  phone: string | null;
  email: string | null;
  addressStreet: string;
  addressCountry: string;
  addressCountryName: string;
  addressProvince: string | null;
  /** As stored: the INE province code in Spain, the region typed elsewhere (the correction form). */
  addressProvinceCode: string | null;
  addressMunicipality: string | null;
  addressMunicipalityCode: string | null;
  addressPostalCode: string;
  kinship: string | null;
  kinshipLabel: string | null;
  /** Null for guests registered before signatures were collected. */
  signature: {
    kind: "drawn" | "typed";
    /** PNG data URL of a drawn signature. */
    image: string | null;
    /** The name a guest typed instead of drawing. */
    typedName: string | null;
    /** Position of the adult who signed for a guest under 14, or null when the guest signed. */
    signedByPosition: number | null;
    signedAt: string | null;
  } | null;
};

type GuestRow = typeof guests.$inferSelect;

export function toRegisteredGuest(row: GuestRow): RegisteredGuest {
  return {
    position: row.position,
    fullName: row.fullName,
    givenName: row.givenName,
    firstSurname: row.firstSurname,
    secondSurname: row.secondSurname,
    sex: row.sex,
    sexLabel: SEX_CODES.find((sex) => sex.code === row.sex)?.es ?? row.sex,
    birthDate: row.birthDate,
    nationality: row.nationality,
    nationalityName: countryName(row.nationality, "es"),
    documentType: row.documentType,
    documentTypeLabel: row.documentType
      ? (GUEST_DOCUMENT_TYPES.find((type) => type.value === row.documentType)?.es ?? row.documentType)
      : null,
    documentNumber: row.documentNumber,
    documentSupport: row.documentSupport,
    phone: row.phone,
    email: row.email,
    addressStreet: row.addressStreet,
    addressCountry: row.addressCountry,
    addressCountryName: countryName(row.addressCountry, "es"),
    addressProvince: provinceDisplayName(row.addressCountry, row.addressProvince),
    addressProvinceCode: row.addressProvince,
    addressMunicipality: row.addressMunicipality,
    addressMunicipalityCode: row.addressMunicipalityCode,
    addressPostalCode: row.addressPostalCode,
    kinship: row.kinship,
    kinshipLabel: row.kinship ? (KINSHIP_CODES.find((k) => k.code === row.kinship)?.es ?? row.kinship) : null,
    signature:
      row.signatureKind === "drawn" || row.signatureKind === "typed"
        ? {
            kind: row.signatureKind,
            image: row.signatureImage,
            typedName: row.signatureTypedName,
            signedByPosition: row.signedByPosition,
            signedAt: row.signedAt ? row.signedAt.toISOString() : null,
          }
        : null,
  };
}

/** The stored guests of a reservation in registration order, without recording anything. */
export async function selectGuestRows(db: DbOrTx, reservationId: string): Promise<GuestRow[]> {
  return db.select().from(guests).where(eq(guests.reservationId, reservationId)).orderBy(asc(guests.position));
}

/**
 * The registered-guests dialog. Null when the reservation does not exist; otherwise the access
 * is recorded in the same transaction that reads the guests, so no data is shown unlogged.
 */
export async function listGuestsForReservation(
  db: Db,
  reservationId: string,
  viewer: GuestDataViewer,
): Promise<RegisteredGuest[] | null> {
  if (!UUID.test(reservationId)) return null;
  return db.transaction(async (tx) => {
    const [reservation] = await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, reservationId));
    if (!reservation) return null;
    await recordGuestDataAccess(tx, { reservationId, viewer, action: "view" });
    return (await selectGuestRows(tx, reservationId)).map(toRegisteredGuest);
  });
}
