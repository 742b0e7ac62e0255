import { and, arrayOverlaps, count, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { guests, mailOutbox, reservations } from "#app/db/schema.ts";
import { todayIn } from "#app/modules/guests/identity.ts";

// Guest data retention (RD 933/2021 art. 5: the register is kept three years, then deleted).
// Every day the guests of stays whose check-out is GUEST_RETENTION_DAYS or more in the past are
// deleted (identity data and signatures; the signed PDF is generated on request and never
// stored, so it goes with them). The reservation keeps its dates and guest count, its staff
// notes and holder (name, contact, document) are cleared, and guest_data_purged_at records when. The access log keeps who looked at
// which reservation and when, never the data itself.
//
// Safe with several instances: the run holds a transaction-scoped advisory lock taken with
// "try", so a second instance skips instead of waiting, and the work is idempotent anyway.

export const DEFAULT_GUEST_RETENTION_DAYS = 1096;
const RETENTION_LOCK_KEY = 727_275;

export type GuestRetentionResult = { skipped: true } | { skipped: false; reservations: number; guests: number; cutoff: string };

/** yyyy-MM-dd `days` before `isoDate`. */
function daysBefore(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** Check-outs on or before this Madrid date are past the retention period at `now`. */
export function retentionCutoff(now: Date, retentionDays: number): string {
  return daysBefore(todayIn("Europe/Madrid", now), retentionDays);
}

export async function purgeExpiredGuestData(
  db: Db,
  options: { now?: Date; retentionDays?: number } = {},
): Promise<GuestRetentionResult> {
  const now = options.now ?? new Date();
  const retentionDays = options.retentionDays ?? DEFAULT_GUEST_RETENTION_DAYS;
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new RangeError(`retentionDays must be a positive integer, got ${retentionDays}`);
  const cutoff = retentionCutoff(now, retentionDays);
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`)) as { rows: { locked?: boolean }[] };
    const locked = lock.rows[0]?.locked === true;
    if (!locked) return { skipped: true } as const;
    const expired = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(lte(reservations.checkOutDate, cutoff), isNull(reservations.guestDataPurgedAt)));
    if (expired.length === 0) return { skipped: false, reservations: 0, guests: 0, cutoff } as const;
    const ids = expired.map((row) => row.id);
    const [{ value: guestCount }] = await tx.select({ value: count() }).from(guests).where(inArray(guests.reservationId, ids));
    await tx.delete(guests).where(inArray(guests.reservationId, ids));
    // The e-mails about those stays name the holder (address, name, phone): they go too.
    await tx.delete(mailOutbox).where(or(inArray(mailOutbox.reservationId, ids), arrayOverlaps(mailOutbox.aboutReservationIds, ids)));
    // The holder (rol TI) is personal data of the same register: it goes too. Dates, counts and
    // the booking channel stay for statistics.
    await tx
      .update(reservations)
      .set({
        guestDataPurgedAt: now,
        notes: null,
        holderGivenName: null,
        holderFirstSurname: null,
        holderSecondSurname: null,
        holderEmail: null,
        holderPhone: null,
        holderDocumentType: null,
        holderDocumentNumber: null,
      })
      .where(inArray(reservations.id, ids));
    return { skipped: false, reservations: ids.length, guests: Number(guestCount), cutoff } as const;
  });
}
