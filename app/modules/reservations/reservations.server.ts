import "#app/modules/guests/guest-catalogues.server.ts";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "#app/db/client.server.ts";
import { calendarStays, guests, landlordAccounts, properties, reservations } from "#app/db/schema.ts";
import { resolveIncidentsExplainedByStay } from "#app/modules/incidents/incident-stay-resolution.server.ts";
import { guestMessages, type GuestField, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { guestDataColumns } from "#app/modules/guests/guest-columns.ts";
import { type Guest, type GuestIssue } from "#app/modules/guests/guests.schema.ts";
import { validateGuestsAgainstIne } from "#app/modules/guests/ine.server.ts";
import { normaliseGuestSignatures } from "#app/modules/guests/signature-intake.server.ts";
import {
  hasLiveFiling,
  queueGuestRegisterFiling,
  queueReservationFiling,
  refileGuestRegister,
  withdrawFilings,
} from "#app/modules/ses/ses-outbox.server.ts";
import { recordMossosChange } from "#app/modules/mossos/mossos.server.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import {
  RESERVATION_MESSAGES,
  type ReservationHolder,
  type ReservationInput,
  type ReservationUpdate,
} from "#app/modules/reservations/reservations.schema.ts";

// ---------------------------------------------------------------- the guest link

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 22 base62 characters carry 22·log2(62) ≈ 131 bits, above the 128 DECISIONS.md asks for. */
export const UNIQUE_LINK_LENGTH = 22;
const UNIQUE_LINK_PATTERN = /^[0-9A-Za-z]{22,64}$/;

/**
 * A fresh guest link from the operating system's CSPRNG. Bytes of 248 or more are dropped
 * instead of reduced modulo 62, which would make the first eight characters likelier than the
 * rest; what is kept is uniform over the alphabet.
 */
export function generateUniqueLink(length = UNIQUE_LINK_LENGTH): string {
  let link = "";
  while (link.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      link += BASE62[byte % 62];
      if (link.length === length) break;
    }
  }
  return link;
}

/** Cheap shape check, so junk never costs a query (and never reaches a log as a "miss"). */
export function isWellFormedLink(link: unknown): link is string {
  return typeof link === "string" && UNIQUE_LINK_PATTERN.test(link);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

// ---------------------------------------------------------------- staff side

export class ReservationRuleError extends Error {
  override name = "ReservationRuleError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const UNIQUE_VIOLATION = "23505";

function hasCode(error: unknown, code: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

function holderColumns(holder: ReservationHolder | undefined) {
  if (!holder) return {};
  return {
    holderGivenName: holder.givenName,
    holderFirstSurname: holder.firstSurname,
    holderSecondSurname: holder.secondSurname,
    holderEmail: holder.email,
    holderPhone: holder.phone,
    holderDocumentType: holder.documentType,
    holderDocumentNumber: holder.documentNumber,
    holderLang: holder.lang,
  };
}

/**
 * What createReservation stores. The route always passes a validated holder and channel; they
 * are optional here only for callers that seed rows directly (benchmarks, guest-flow tests),
 * which then look like reservations made before the holder was asked for.
 */
export type NewReservation = Omit<ReservationInput, "holder" | "bookingChannel"> & Partial<Pick<ReservationInput, "holder" | "bookingChannel">>;

/**
 * Creates a pending reservation with a new guest link. The property's name is copied as
 * property_name (the spec's column), the property itself must exist ('Propiedad no encontrada').
 */
export async function createReservation(
  db: Db,
  input: NewReservation,
  createdBy: string | null,
): Promise<{ id: string; uniqueLink: string }> {
  // A collision of 131 random bits will not happen; if the unique index ever says otherwise,
  // a new link is cheaper than an error page.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => insertReservation(tx, input, createdBy));
    } catch (error) {
      if (attempt < 2 && hasCode(error, UNIQUE_VIOLATION)) continue;
      throw error;
    }
  }
}

/**
 * The insert of createReservation inside the caller's transaction (the calendar sync imports
 * stays in its own): the property locked against a concurrent delete, the row with a new guest
 * link, and its RH queued (or left waiting for a holder).
 */
export async function insertReservation(
  tx: Tx,
  input: NewReservation,
  createdBy: string | null,
): Promise<{ id: string; uniqueLink: string }> {
  const [property] = await tx
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(eq(properties.id, input.propertyId))
    // Holds the property against a concurrent delete until the reservation exists.
    .for("share");
  if (!property) throw new ReservationRuleError("Propiedad no encontrada", 404);
  const [row] = await tx
    .insert(reservations)
    .values({
      propertyId: property.id,
      propertyName: property.name,
      guestCount: input.guestCount,
      checkInDate: input.checkInDate,
      checkOutDate: input.checkOutDate,
      uniqueLink: generateUniqueLink(),
      notes: input.notes,
      paymentType: input.paymentType,
      contractDate: input.contractDate,
      rooms: input.rooms,
      ...holderColumns(input.holder),
      ...(input.bookingChannel ? { bookingChannel: input.bookingChannel } : {}),
      createdBy,
    })
    .returning({ id: reservations.id, uniqueLink: reservations.uniqueLink });
  // Its RH goes into the SES outbox in the same transaction (ADR 0004).
  await queueReservationFiling(tx, row.id);
  // A stay typed in or imported after the sensor saw its guests explains that "empty flat" alarm.
  await resolveIncidentsExplainedByStay(tx, row.id);
  return row;
}

export type ReservationRecord = {
  importedChannel: string | null;
  importedBookingCode: string | null;
  importedLastSeenAt: Date | null;
  importedNotReservation: boolean | null;
  id: string;
  propertyId: string;
  propertyName: string;
  propertyAddress: string;
  propertyImageUrl: string | null;
  establishmentCode: string;
  guestCount: number;
  checkInDate: string;
  checkOutDate: string;
  uniqueLink: string;
  status: string;
  completedAt: Date | null;
  paymentType: string;
  contractDate: string;
  rooms: number;
  notes: string | null;
  createdAt: Date;
  /** Guests actually stored (the export needs at least one). */
  registeredGuests: number;
  holderGivenName: string | null;
  holderFirstSurname: string | null;
  holderSecondSurname: string | null;
  holderEmail: string | null;
  holderPhone: string | null;
  holderDocumentType: string | null;
  holderDocumentNumber: string | null;
  holderLang: string;
  bookingChannel: string;
  cancelledAt: Date | null;
};

/** Every reservation, newest first, with its property joined (staff-side §7). */
export async function listReservations(db: DbOrTx): Promise<ReservationRecord[]> {
  return db
    .select({
      id: reservations.id,
      propertyId: reservations.propertyId,
      propertyName: properties.name,
      propertyAddress: properties.address,
      propertyImageUrl: properties.imageUrl,
      establishmentCode: properties.establishmentCode,
      guestCount: reservations.guestCount,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      uniqueLink: reservations.uniqueLink,
      status: reservations.status,
      completedAt: reservations.completedAt,
      paymentType: reservations.paymentType,
      contractDate: reservations.contractDate,
      rooms: reservations.rooms,
      notes: reservations.notes,
      createdAt: reservations.createdAt,
      holderGivenName: reservations.holderGivenName,
      holderFirstSurname: reservations.holderFirstSurname,
      holderSecondSurname: reservations.holderSecondSurname,
      holderEmail: reservations.holderEmail,
      holderPhone: reservations.holderPhone,
      holderDocumentType: reservations.holderDocumentType,
      holderDocumentNumber: reservations.holderDocumentNumber,
      holderLang: reservations.holderLang,
      bookingChannel: reservations.bookingChannel,
      cancelledAt: reservations.cancelledAt,
      // Tables named explicitly: a bare "id" inside the subquery would be the guest's own.
      registeredGuests: sql<number>`(select count(*)::int from ${guests} where ${guests}.reservation_id = ${reservations}.id)`,
      // Imported from a channel's calendar (issue 28): its booking code and when the feed last listed it.
      importedChannel: calendarStays.channel,
      importedBookingCode: calendarStays.bookingCode,
      importedLastSeenAt: calendarStays.lastSeenAt,
      importedNotReservation: calendarStays.notReservation,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(calendarStays, eq(calendarStays.reservationId, reservations.id))
    .orderBy(desc(reservations.createdAt), desc(reservations.id));
}

export type ReservationStats = { total: number; completed: number; pending: number; totalGuests: number };

/**
 * The four cards over all reservations: total (cancelled ones included: they are still
 * listed), completed, pending (neither completed nor cancelled) and the guests expected by the
 * reservations that still stand.
 */
export async function getReservationStats(db: DbOrTx): Promise<ReservationStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${reservations.status} = 'completed'))::int`,
      pending: sql<number>`(count(*) filter (where ${reservations.status} <> 'completed' and ${reservations.cancelledAt} is null))::int`,
      totalGuests: sql<number>`coalesce(sum(${reservations.guestCount}) filter (where ${reservations.cancelledAt} is null), 0)::int`,
    })
    .from(reservations);
  return { total: row?.total ?? 0, completed: row?.completed ?? 0, pending: row?.pending ?? 0, totalGuests: row?.totalGuests ?? 0 };
}

/**
 * Changes dates, guest count, holder, channel, payment, contract date, rooms and notes of a
 * reservation (not its property: the link and the filings belong to it). In one transaction
 * that locks the row, so a guest submission cannot slip between the check and the write:
 * a cancelled reservation cannot be edited, and the guest count cannot drop below the guests
 * already registered. Returns false when the reservation does not exist.
 */
export async function updateReservation(db: Db, id: string, input: ReservationUpdate): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        id: reservations.id,
        cancelledAt: reservations.cancelledAt,
        guestCount: reservations.guestCount,
        checkInDate: reservations.checkInDate,
        checkOutDate: reservations.checkOutDate,
        contractDate: reservations.contractDate,
        rooms: reservations.rooms,
        paymentType: reservations.paymentType,
        holderGivenName: reservations.holderGivenName,
        holderFirstSurname: reservations.holderFirstSurname,
        holderSecondSurname: reservations.holderSecondSurname,
        holderEmail: reservations.holderEmail,
        holderPhone: reservations.holderPhone,
        holderDocumentType: reservations.holderDocumentType,
        holderDocumentNumber: reservations.holderDocumentNumber,
      })
      .from(reservations)
      .where(eq(reservations.id, id))
      .for("update");
    if (!locked) return false;
    if (locked.cancelledAt) throw new ReservationRuleError(RESERVATION_MESSAGES.cancelledNotEditable, 409);
    const [{ registered }] = await tx
      .select({ registered: sql<number>`count(*)::int` })
      .from(guests)
      .where(eq(guests.reservationId, id));
    if (input.guestCount < registered) {
      throw new ReservationRuleError(`${RESERVATION_MESSAGES.guestCountBelowRegistered} (${registered})`, 409);
    }
    await tx
      .update(reservations)
      .set({
        guestCount: input.guestCount,
        checkInDate: input.checkInDate,
        checkOutDate: input.checkOutDate,
        notes: input.notes,
        paymentType: input.paymentType,
        contractDate: input.contractDate,
        rooms: input.rooms,
        bookingChannel: input.bookingChannel,
        ...holderColumns(input.holder),
        updatedAt: new Date(),
      })
      .where(eq(reservations.id, id));
    // There is no "modify" in SES: a change of what a filed communication says is a B of it plus
    // a new A (one not yet sent is simply replaced). The RH carries the contract (dates, guest
    // count, rooms, payment, contract date) and the holder; the PV carries the same contract
    // except the guest count (it counts the guests registered) and no holder.
    // The holder's e-mail language is ours, not the ministry's: changing it files nothing.
    const { holderLang: _mailLanguage, ...holder } = holderColumns(input.holder) as Record<string, unknown>;
    const stayChanged =
      locked.checkInDate !== input.checkInDate ||
      locked.checkOutDate !== input.checkOutDate ||
      locked.contractDate !== input.contractDate ||
      locked.rooms !== input.rooms ||
      locked.paymentType !== input.paymentType;
    const rhChanged =
      stayChanged ||
      locked.guestCount !== input.guestCount ||
      Object.entries(holder).some(([key, value]) => (locked as Record<string, unknown>)[key] !== (value ?? null));
    if (rhChanged && (await hasLiveFiling(tx, id, "RH"))) {
      await withdrawFilings(tx, id, ["RH"]);
      await queueReservationFiling(tx, id);
    } else if (locked.holderGivenName === null && input.holder) {
      // An imported stay's RH waited for its holder ("Titular pendiente"): it goes now.
      await queueReservationFiling(tx, id);
    }
    if (stayChanged && (await hasLiveFiling(tx, id, "PV"))) await refileGuestRegister(tx, id);
    // The Mossos file has no modify record either (ADR 0019).
    if (stayChanged) await recordMossosChange(tx, id, "correct");
    if (stayChanged) await resolveIncidentsExplainedByStay(tx, id);
    return true;
  });
}

/**
 * Moves a reservation's dates inside the caller's transaction (a channel calendar changed them):
 * the same filings as an edit of the dates (B of a filed RH or PV plus a new A, an unsent one
 * replaced; a Mossos correction). False when it does not exist or is cancelled.
 */
export async function moveReservationDates(tx: Tx, id: string, checkInDate: string, checkOutDate: string): Promise<boolean> {
  const [locked] = await tx
    .select({ cancelledAt: reservations.cancelledAt, checkInDate: reservations.checkInDate, checkOutDate: reservations.checkOutDate })
    .from(reservations)
    .where(eq(reservations.id, id))
    .for("update");
  if (!locked || locked.cancelledAt) return false;
  if (locked.checkInDate === checkInDate && locked.checkOutDate === checkOutDate) return true;
  await tx.update(reservations).set({ checkInDate, checkOutDate, updatedAt: new Date() }).where(eq(reservations.id, id));
  await resolveIncidentsExplainedByStay(tx, id);
  if (await hasLiveFiling(tx, id, "RH")) {
    await withdrawFilings(tx, id, ["RH"]);
    await queueReservationFiling(tx, id);
  }
  if (await hasLiveFiling(tx, id, "PV")) await refileGuestRegister(tx, id);
  await recordMossosChange(tx, id, "correct");
  return true;
}

/** When retention deleted the reservation's guest data, or null (also when it does not exist). */
export async function getReservationPurgedAt(db: DbOrTx, id: string): Promise<Date | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ at: reservations.guestDataPurgedAt }).from(reservations).where(eq(reservations.id, id));
  return row?.at ?? null;
}

export type CancelReservationResult = "cancelled" | "not-found" | "already-cancelled";

/**
 * Marks a reservation cancelled: the row and its guests stay (for the record and for the
 * filings that must now be annulled), it shows "Cancelada", its guest link stops working and
 * it is no longer one to file.
 */
export async function cancelReservation(db: DbOrTx, id: string): Promise<CancelReservationResult> {
  if (!isUuid(id)) return "not-found";
  const now = new Date();
  const cancelled = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reservations)
      .set({ cancelledAt: now, updatedAt: now })
      .where(and(eq(reservations.id, id), isNull(reservations.cancelledAt)))
      .returning({ id: reservations.id });
    // Its filings are withdrawn with it: B of each accepted one, unsent ones dropped.
    if (rows.length > 0) {
      await withdrawFilings(tx, id, ["RH", "PV"], now);
      await recordMossosChange(tx, id, "cancel", now);
    }
    return rows.length > 0;
  });
  if (cancelled) return "cancelled";
  const [existing] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, id));
  return existing ? "already-cancelled" : "not-found";
}

/** Deletes a reservation and, by cascade, its guests. False when it did not exist. */
export async function deleteReservation(db: DbOrTx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    // The filings stay (reservation_id becomes NULL): each accepted one gets its B first.
    await withdrawFilings(tx, id, ["RH", "PV"]);
    await recordMossosChange(tx, id, "cancel");
    const rows = await tx.delete(reservations).where(eq(reservations.id, id)).returning({ id: reservations.id });
    return rows.length > 0;
  });
}

// ---------------------------------------------------------------- guest side

/** Exactly what the guest screen shows, and nothing else (DECISIONS.md "Guest registration"). */
export type PublicReservation = {
  propertyName: string;
  /** Who controls the guests' data, as the privacy notice names it: the landlord account, else the property. */
  hostName: string;
  propertyImageUrl: string | null;
  checkInDate: string;
  checkOutDate: string;
  guestCount: number;
  status: "pending" | "completed";
  /** The flat's registry numbers, only when the operator chose to publish them (issue 22 §5). */
  registryNumbers: { nrua: string | null; regionalLicence: string | null } | null;
};

export async function getReservationByLink(db: DbOrTx, link: string): Promise<PublicReservation | null> {
  if (!isWellFormedLink(link)) return null;
  const [row] = await db
    .select({
      propertyName: properties.name,
      hostName: sql<string>`coalesce(${landlordAccounts.name}, ${properties.name})`,
      propertyImageUrl: properties.imageUrl,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      guestCount: reservations.guestCount,
      status: reservations.status,
      nrua: properties.nrua,
      regionalLicence: properties.regionalLicence,
      publishRegistryNumbers: properties.publishRegistryNumbers,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(landlordAccounts, eq(landlordAccounts.id, properties.landlordAccountId))
    // A cancelled reservation's link stops working, as a deleted one's does.
    .where(and(eq(reservations.uniqueLink, link), isNull(reservations.cancelledAt)));
  if (!row) return null;
  const { nrua, regionalLicence, publishRegistryNumbers, ...shown } = row;
  const registryNumbers = publishRegistryNumbers && (nrua || regionalLicence) ? { nrua, regionalLicence } : null;
  return { ...shown, registryNumbers, status: row.status === "completed" ? "completed" : "pending" };
}

export type RegisterGuestsOptions = {
  lang: GuestLang;
  /** Who is submitting, for the rate limit (the client IP). */
  clientIp: string;
  /** yyyy-MM-dd; defaults to today in Madrid (tests pin it). */
  today?: string;
};

export type RegisterGuestsResult =
  | { ok: true; count: number }
  | { ok: false; reason: "rate-limited"; message: string; retryAfterSeconds: number }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "completed"; message: string }
  | { ok: false; reason: "invalid"; message: string; position?: number; field?: GuestField; issues: GuestIssue[] };

function guestRow(reservationId: string, guest: Guest, position: number, lang: GuestLang): typeof guests.$inferInsert {
  return {
    reservationId,
    position,
    ...guestDataColumns(guest),
    signatureKind: guest.signature.kind,
    signatureImage: guest.signature.kind === "drawn" ? guest.signature.image : null,
    signatureTypedName: guest.signature.kind === "typed" ? guest.signature.name : null,
    signatureLang: lang,
    signedByPosition: guest.signature.signedBy,
    signedAt: new Date(),
  };
}

/**
 * Stores the guests of one link and completes its reservation (public-side §4, DECISIONS.md):
 *   1. rate limit per client (3 per 5 minutes), before anything else is looked at;
 *   2. the link must name a pending reservation;
 *   3. the same ordered rules as the browser, plus the INE municipality check;
 *   4. ONE transaction that locks the reservation row (SELECT … FOR UPDATE), re-reads its
 *      status, inserts every guest and completes it with guest_count = guests stored.
 * Concurrent submissions of one link queue on the row lock; the first completes it and every
 * other one then reads "completed" and changes nothing.
 */
export async function registerGuests(
  db: Db,
  link: string,
  input: unknown,
  options: RegisterGuestsOptions,
): Promise<RegisterGuestsResult> {
  const messages = guestMessages[options.lang];
  const limit = await consumeRateLimit(db, RATE_LIMITS.guestRegistration, options.clientIp);
  if (!limit.allowed) {
    return { ok: false, reason: "rate-limited", message: messages.tooManyAttempts, retryAfterSeconds: limit.retryAfterSeconds };
  }

  const notFound = { ok: false, reason: "not-found", message: messages.invalidLinkTitle } as const;
  const completed = { ok: false, reason: "completed", message: messages.alreadyCompletedTitle } as const;
  if (!isWellFormedLink(link)) return notFound;
  const [reservation] = await db
    .select({ status: reservations.status, checkInDate: reservations.checkInDate, cancelledAt: reservations.cancelledAt })
    .from(reservations)
    .where(eq(reservations.uniqueLink, link));
  if (!reservation || reservation.cancelledAt) return notFound;
  if (reservation.status === "completed") return completed;

  const validation = validateGuestsAgainstIne(input, {
    lang: options.lang,
    checkInDate: reservation.checkInDate,
    today: options.today,
  });
  if (!validation.ok) {
    return { ok: false, reason: "invalid", message: validation.message, position: validation.position, field: validation.field, issues: validation.issues };
  }
  // Drawn signatures decoded and normalised in a worker (ADR 0013); only the result is stored.
  const signed = await normaliseGuestSignatures(validation.guests, options.lang);
  if (!signed.ok) return { ok: false, reason: "invalid", message: signed.message, position: signed.position, field: signed.field, issues: signed.issues };

  return db.transaction(async (tx): Promise<RegisterGuestsResult> => {
    const [locked] = await tx
      .select({ id: reservations.id, status: reservations.status, cancelledAt: reservations.cancelledAt })
      .from(reservations)
      .where(eq(reservations.uniqueLink, link))
      .for("update");
    // Cancelled while the guest was filling in the form: nothing is stored.
    if (!locked || locked.cancelledAt) return notFound;
    if (locked.status === "completed") return completed;
    await tx.insert(guests).values(signed.guests.map((guest, index) => guestRow(locked.id, guest, index + 1, options.lang)));
    await tx
      .update(reservations)
      .set({ status: "completed", completedAt: new Date(), guestCount: signed.guests.length })
      .where(eq(reservations.id, locked.id));
    await queueGuestRegisterFiling(tx, locked.id);
    return { ok: true, count: signed.guests.length };
  });
}
