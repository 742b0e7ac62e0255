import { and, arrayOverlaps, count, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { guests, mailOutbox, mossosFiles, reservations, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { todayIn } from "#app/modules/guests/identity.ts";

// Guest data retention (RD 933/2021 art. 5: the register is kept three years, then deleted).
// Every day the guests of stays whose check-out is GUEST_RETENTION_DAYS or more in the past are
// deleted (identity data and signatures; the signed PDF is generated on request and never
// stored, so it goes with them). The reservation keeps its dates and guest count, its staff
// notes and holder (name, contact, document) are cleared, and guest_data_purged_at records when. The access log keeps who looked at
// which reservation and when, never the data itself.
//
// The same data also travels in copies, and those go too (ADR 0012): the SES outbox's documents
// (the PV carries every guest, the RH the holder) and its exchange log (request and response
// bodies) are emptied, keeping kind, state, codes, lote, times and the document's sha256 as the
// record of what was filed; a filing still waiting is dropped (its bytes are gone). Filings and
// exchanges whose reservation was deleted, and any e-mail, go once they are older than the
// period themselves: nothing about a stay outlives it there either. The Mossos bulk files of
// those stays are deleted (they are the register again, line by line).
//
// Safe with several instances: the run holds a transaction-scoped advisory lock taken with
// "try", so a second instance skips instead of waiting, and the work is idempotent anyway.

export const DEFAULT_GUEST_RETENTION_DAYS = 1096;
const RETENTION_LOCK_KEY = 727_275;

export type GuestRetentionResult =
  | { skipped: true }
  | { skipped: false; reservations: number; guests: number; sesDocuments: number; sesAttempts: number; mails: number; mossosFiles: number; cutoff: string };

/** Filings that may still be sent: once their document is gone they are dropped instead. */
const UNSENT_STATES = ["validating", "queued", "invalid", "error"];

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
    const ids = expired.map((row) => row.id);
    // Rows without a stay date (e-mails, filings of deleted reservations) go by their own age.
    const olderThan = new Date(`${daysBefore(cutoff, -1)}T00:00:00Z`);
    let guestCount = 0;
    if (ids.length > 0) {
      const [counted] = await tx.select({ value: count() }).from(guests).where(inArray(guests.reservationId, ids));
      guestCount = Number(counted.value);
      await tx.delete(guests).where(inArray(guests.reservationId, ids));
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
    }
    // The e-mails about those stays name the holder (address, name, phone), and no e-mail is
    // kept past the period whatever it was about.
    const mails = await tx
      .delete(mailOutbox)
      .where(
        or(
          lt(mailOutbox.createdAt, olderThan),
          ...(ids.length > 0 ? [inArray(mailOutbox.reservationId, ids), arrayOverlaps(mailOutbox.aboutReservationIds, ids)] : []),
        ),
      )
      .returning({ id: mailOutbox.id });
    // The police outbox: documents of those stays, and of deleted reservations once old enough.
    const documentScope = or(
      and(isNull(sesCommunications.reservationId), lt(sesCommunications.createdAt, olderThan)),
      ...(ids.length > 0 ? [inArray(sesCommunications.reservationId, ids)] : []),
    );
    const documents = await tx
      .update(sesCommunications)
      .set({
        xml: "",
        documentPurgedAt: now,
        state: sql`case when ${sesCommunications.state} in (${sql.join(UNSENT_STATES.map((state) => sql`${state}`), sql`, `)}) then 'dropped' else ${sesCommunications.state} end`,
        settledAt: sql`coalesce(${sesCommunications.settledAt}, ${now})`,
      })
      .where(and(isNull(sesCommunications.documentPurgedAt), documentScope))
      .returning({ id: sesCommunications.id });
    const purgedIds = documents.map((row) => row.id);
    // Their exchanges with the ministry (the request body is the document), and any exchange
    // older than the period (a lote query's answer lists several filings).
    const attempts = await tx
      .update(sesAttempts)
      .set({ requestBody: "", responseBody: null, message: null, bodiesPurgedAt: now })
      .where(
        and(
          isNull(sesAttempts.bodiesPurgedAt),
          or(lt(sesAttempts.createdAt, olderThan), ...(purgedIds.length > 0 ? [inArray(sesAttempts.communicationId, purgedIds)] : [])),
        ),
      )
      .returning({ id: sesAttempts.id });
    // The Mossos bulk files (ADR 0019) are copies of the register, one line per guest: a file
    // holding any of those stays goes, and so does one whose stays all lost their guest data
    // otherwise (deleted reservations). Its tasks stay (they name no guest; file_id set null).
    const files = await tx
      .delete(mossosFiles)
      .where(
        or(
          ...(ids.length > 0 ? [arrayOverlaps(mossosFiles.reservationIds, ids)] : []),
          sql`not exists (select 1 from ${reservations} r where r.id = any(${mossosFiles.reservationIds}) and r.guest_data_purged_at is null)`,
        ),
      )
      .returning({ id: mossosFiles.id });
    return {
      skipped: false,
      reservations: ids.length,
      guests: guestCount,
      sesDocuments: purgedIds.length,
      sesAttempts: attempts.length,
      mails: mails.length,
      mossosFiles: files.length,
      cutoff,
    } as const;
  });
}
