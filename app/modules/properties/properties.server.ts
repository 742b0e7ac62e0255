import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { properties, reservations, sesCommunications } from "#app/db/schema.ts";
import { effectiveRecipient } from "#app/modules/police-routing/police-routing.ts";
import type { PropertyInput } from "#app/modules/properties/properties.schema.ts";

export type PropertyRecord = {
  id: string;
  name: string;
  address: string;
  imageUrl: string | null;
  establishmentCode: string;
  internetAvailable: boolean;
  timeZone: string;
  landlordAccountId: string | null;
  provinceCode: string | null;
  policeRecipientOverride: string | null;
  mossosCode: string | null;
  nrua: string | null;
  regionalLicence: string | null;
  publishRegistryNumbers: boolean;
  /** The secret of the property's registration link (/registro/<token>), or null until created. */
  registrationLookupToken: string | null;
  createdAt: Date;
  /** Reservations that point at the property; a property with any cannot be deleted. */
  reservationCount: number;
};

// Tables are named explicitly: inside a raw subquery drizzle writes bare column names, and a
// bare "id" would then mean the reservation's own id.
const reservationCount = sql<number>`(
  select count(*)::int from ${reservations} where ${reservations}.property_id = ${properties}.id
)`;

const propertyColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  imageUrl: properties.imageUrl,
  establishmentCode: properties.establishmentCode,
  internetAvailable: properties.internetAvailable,
  timeZone: properties.timeZone,
  landlordAccountId: properties.landlordAccountId,
  provinceCode: properties.provinceCode,
  policeRecipientOverride: properties.policeRecipientOverride,
  mossosCode: properties.mossosCode,
  nrua: properties.nrua,
  regionalLicence: properties.regionalLicence,
  publishRegistryNumbers: properties.publishRegistryNumbers,
  registrationLookupToken: properties.registrationLookupToken,
  createdAt: properties.createdAt,
  reservationCount,
};

/** Newest first, as the spec's list (staff-side §7). */
export async function listProperties(db: DbOrTx): Promise<PropertyRecord[]> {
  return db.select(propertyColumns).from(properties).orderBy(desc(properties.createdAt), desc(properties.id));
}

export async function getProperty(db: DbOrTx, id: string): Promise<PropertyRecord | null> {
  const [row] = await db.select(propertyColumns).from(properties).where(eq(properties.id, id));
  return row ?? null;
}

/** The landlord account named by a property form does not exist (any more). */
export class UnknownLandlordError extends Error {
  override name = "UnknownLandlordError";
}

/** A foreign-key failure on insert/update can only be the landlord account (created_by is the session's user). */
function unknownLandlord(error: unknown): never {
  if (isStillReferenced(error)) throw new UnknownLandlordError("landlord account not found");
  throw error;
}

export async function createProperty(db: DbOrTx, input: PropertyInput, createdBy: string | null): Promise<{ id: string }> {
  try {
    const [row] = await db
      .insert(properties)
      .values({ ...input, createdBy })
      .returning({ id: properties.id });
    return row;
  } catch (error) {
    unknownLandlord(error);
  }
}

/** Returns false when the property no longer exists. */
export async function updateProperty(db: DbOrTx, id: string, input: PropertyInput): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.update(properties).set(input).where(eq(properties.id, id)).returning({ id: properties.id });
      if (rows.length === 0) return false;
      // Moved to the Mossos or the Ertzaintza (ADR 0019): SES filings not yet sent are dropped in
      // the same transaction, so nothing of the property reaches SES from now on.
      if (effectiveRecipient({ provinceCode: input.provinceCode ?? null, policeRecipientOverride: input.policeRecipientOverride ?? null }) !== "ses") {
        await tx
          .update(sesCommunications)
          .set({ state: "dropped", settledAt: new Date() })
          .where(
            and(
              inArray(sesCommunications.state, ["validating", "queued", "invalid", "error"]),
              inArray(sesCommunications.reservationId, tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.propertyId, id))),
            ),
          );
      }
      return true;
    });
  } catch (error) {
    unknownLandlord(error);
  }
}

export type DeletePropertyResult = "deleted" | "not-found" | "has-reservations";

// foreign_key_violation, and restrict_violation (what ON DELETE RESTRICT raises).
const REFERENCED_CODES = new Set(["23503", "23001"]);

function isStillReferenced(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (REFERENCED_CODES.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Deletes a property that has no reservations. The reservations' foreign key is ON DELETE
 * RESTRICT, so a reservation created at the same moment still cannot be orphaned: the count
 * answers the common case with a clear reason, the constraint the race.
 */
export async function deleteProperty(db: DbOrTx, id: string): Promise<DeletePropertyResult> {
  const existing = await getProperty(db, id);
  if (!existing) return "not-found";
  if (existing.reservationCount > 0) return "has-reservations";
  try {
    const rows = await db.delete(properties).where(eq(properties.id, id)).returning({ id: properties.id });
    return rows.length > 0 ? "deleted" : "not-found";
  } catch (error) {
    if (isStillReferenced(error)) return "has-reservations";
    throw error;
  }
}
