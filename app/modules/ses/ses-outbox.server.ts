import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { zoneOffsetMs } from "#app/lib/time-zones.ts";
import { policeXmlGuestFromRow } from "#app/modules/guests/police-xml-row.ts";
import { guests, landlordAccounts, properties, reservations, sesAttempts, sesChannelSettings, sesCommunications } from "#app/db/schema.ts";
import type { PoliceXmlGuest, PropertyTimeZone } from "#app/modules/guests/police-xml.ts";
import { buildAltaParteHospedaje, buildAltaReservaHospedaje, buildAnulacion, SesDocumentInputError } from "#app/modules/ses/ses-documents.ts";
import { sha256Hex } from "#app/modules/ses/ses-zip.ts";
import { effectiveRecipient } from "#app/modules/police-routing/police-routing.ts";
import { buildErtzaintzaPv, ErtzaintzaDocumentInputError, ertzaintzaPvInputFromRegister } from "#app/modules/ertzaintza/ertzaintza-documents.ts";
import { recordErtzaintzaTask, type ErtzaintzaChange } from "#app/modules/ertzaintza/ertzaintza-tasks.server.ts";

// The outbox (ADR 0004): what must be filed with the ministry, queued in the same transaction
// as the change that requires it. Nothing here touches the network; the sender
// (ses-sender.server.ts) claims rows with FOR UPDATE SKIP LOCKED. The XML is built here once
// and stored with its sha256 in state "validating"; the sender validates waiting rows against
// the XSD in one libxml2 run (0.25 s per run whatever the count, too slow for a request) and
// moves them to "queued" or "invalid" before anything is sent.
//
// The same table carries the Ertzaintza's filings (recipient "ertzaintza", ADR 0018): a PV of a
// Basque property, signed and sent by the same sender with the same claims, lease and retries.
// The A19 service answers synchronously (no "sent"/polling) and has no cancellation (no B): a
// change to an accepted one becomes a police_tasks row for staff.

export type SesKind = "RH" | "PV" | "B";
/** Who a row is filed with: the ministry, or the Basque Country's police (A19 web service). */
export type FilingRecipient = "ses" | "ertzaintza";
export type SesState =
  | "validating"
  | "invalid"
  | "queued"
  | "sending"
  | "sent"
  | "accepted"
  | "error"
  | "filed_unknown"
  | "dropped"
  | "annulled";

const HOUR = 3_600_000;
/** RD 933/2021 art. 6: within 24 hours. */
export const SES_DEADLINE_MS = 24 * HOUR;

/**
 * Wakes the senders of this process at once. A registry on globalThis, because the React Router
 * build carries its own copy of this module; several servers may share one process in tests.
 */
const NUDGE = Symbol.for("nidosmart.ses.nudge");
function nudgeRegistry(): Set<() => void> {
  const holder = globalThis as Record<symbol, unknown>;
  return (holder[NUDGE] ??= new Set<() => void>()) as Set<() => void>;
}
export function nudgeSesSender(): void {
  for (const nudge of nudgeRegistry()) queueMicrotask(nudge);
}
/** Registers a sender's wake-up; returns its removal. */
export function registerSesNudge(nudge: () => void): () => void {
  nudgeRegistry().add(nudge);
  return () => nudgeRegistry().delete(nudge);
}

type ReservationForFiling = {
  id: string;
  /** The public reference filed as contrato/referencia (never the guest link, ADR 0012). */
  reference: string;
  propertyName: string;
  establishmentCode: string;
  internetAvailable: boolean;
  timeZone: string;
  landlordAccountId: string | null;
  autoSend: boolean | null;
  guestCount: number;
  checkInDate: string;
  checkOutDate: string;
  contractDate: string;
  rooms: number;
  paymentType: string;
  bookingChannel: string;
  holderGivenName: string | null;
  holderFirstSurname: string | null;
  holderSecondSurname: string | null;
  holderEmail: string | null;
  holderPhone: string | null;
  holderDocumentType: string | null;
  holderDocumentNumber: string | null;
  cancelledAt: Date | null;
  provinceCode: string | null;
  policeRecipientOverride: string | null;
};

async function loadReservation(tx: DbOrTx, reservationId: string): Promise<ReservationForFiling | null> {
  const [row] = await tx
    .select({
      id: reservations.id,
      reference: reservations.reference,
      propertyName: properties.name,
      establishmentCode: properties.establishmentCode,
      internetAvailable: properties.internetAvailable,
      timeZone: properties.timeZone,
      landlordAccountId: properties.landlordAccountId,
      autoSend: landlordAccounts.autoSend,
      guestCount: reservations.guestCount,
      checkInDate: reservations.checkInDate,
      checkOutDate: reservations.checkOutDate,
      contractDate: reservations.contractDate,
      rooms: reservations.rooms,
      paymentType: reservations.paymentType,
      bookingChannel: reservations.bookingChannel,
      holderGivenName: reservations.holderGivenName,
      holderFirstSurname: reservations.holderFirstSurname,
      holderSecondSurname: reservations.holderSecondSurname,
      holderEmail: reservations.holderEmail,
      holderPhone: reservations.holderPhone,
      holderDocumentType: reservations.holderDocumentType,
      holderDocumentNumber: reservations.holderDocumentNumber,
      cancelledAt: reservations.cancelledAt,
      provinceCode: properties.provinceCode,
      policeRecipientOverride: properties.policeRecipientOverride,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(landlordAccounts, eq(landlordAccounts.id, properties.landlordAccountId))
    .where(eq(reservations.id, reservationId));
  return row ?? null;
}

const label = (r: Pick<ReservationForFiling, "propertyName" | "checkInDate">) => `${r.propertyName} · ${r.checkInDate}`.slice(0, 260);

/** Midnight of a yyyy-MM-dd day in the property's time zone. */
function startOfStay(checkInDate: string, timeZone: string): Date {
  // The platform stores no arrival hour: the conservative due time is check-in 00:00 at the
  // property (mainland or Canary time) + 24 h. Midnight is never inside a DST change in Spain.
  // The zone's offset from its cached formatter: the reservations screen asks this for every row.
  const utc = Date.parse(`${checkInDate}T00:00:00Z`);
  return new Date(utc - zoneOffsetMs(utc, timeZone));
}

/** When the PV of a stay starting on this day is due (check-in 00:00 at the property + 24 h). */
export function pvDueAt(checkInDate: string, timeZone = "Europe/Madrid"): Date {
  return new Date(startOfStay(checkInDate, timeZone).getTime() + SES_DEADLINE_MS);
}

async function insertDocument(
  tx: DbOrTx,
  row: { reservationId: string | null; reservationLabel: string; landlordAccountId: string; kind: SesKind; targetId?: string; dueAt: Date; recipient?: FilingRecipient },
  build: () => string,
): Promise<string> {
  let xml: string;
  let state: SesState = "validating";
  let errorText: string | null = null;
  try {
    xml = build();
  } catch (error) {
    if (!(error instanceof SesDocumentInputError) && !(error instanceof ErtzaintzaDocumentInputError)) throw error;
    // Data the ministry would refuse: shown to staff as an error, never sent.
    xml = "";
    state = "invalid";
    errorText = error.message;
  }
  const [inserted] = await tx
    .insert(sesCommunications)
    .values({ ...row, recipient: row.recipient ?? "ses", targetId: row.targetId ?? null, state, xml, sha256: sha256Hex(xml), errorText, settledAt: state === "invalid" ? new Date() : null })
    .returning({ id: sesCommunications.id });
  return inserted.id;
}

async function rhEnabledForChannel(tx: DbOrTx, channel: string): Promise<boolean> {
  const [row] = await tx.select({ sendRh: sesChannelSettings.sendRh }).from(sesChannelSettings).where(eq(sesChannelSettings.channel, channel));
  return row?.sendRh ?? true;
}

function buildRh(r: ReservationForFiling): string {
  return buildAltaReservaHospedaje({
    establishmentCode: r.establishmentCode,
    timeZone: r.timeZone as PropertyTimeZone,
    contract: {
      reference: r.id,
      contractDate: r.contractDate,
      checkIn: r.checkInDate,
      checkOut: r.checkOutDate,
      guestCount: r.guestCount,
      rooms: r.rooms,
      internetAvailable: r.internetAvailable,
      paymentType: r.paymentType,
    },
    holder: {
      givenName: r.holderGivenName ?? "",
      firstSurname: r.holderFirstSurname ?? "",
      secondSurname: r.holderSecondSurname,
      documentType: r.holderDocumentType,
      documentNumber: r.holderDocumentNumber,
      email: r.holderEmail,
      phone: r.holderPhone,
    },
  });
}

/**
 * Queues the RH of a reservation (call inside the transaction that created or changed it).
 * Nothing is queued when its property has no landlord account with automatic sending on, or
 * when RH sending is off for its booking channel.
 */
export async function queueReservationFiling(tx: DbOrTx, reservationId: string, now = new Date()): Promise<string | null> {
  const r = await loadReservation(tx, reservationId);
  if (!r || r.cancelledAt || !r.landlordAccountId || !r.autoSend) return null;
  // A stay imported from a channel calendar has no holder yet ("Titular pendiente"): its RH waits
  // until staff give one (updateReservation queues it then); the ministry's RH needs the TI.
  if (!r.holderGivenName || !r.holderFirstSurname) return null;
  // Catalonia and the Basque Country file with their own police (ADR 0019): nothing to SES.
  if (effectiveRecipient(r) !== "ses") return null;
  if (!(await rhEnabledForChannel(tx, r.bookingChannel))) return null;
  const id = await insertDocument(
    tx,
    { reservationId: r.id, reservationLabel: label(r), landlordAccountId: r.landlordAccountId, kind: "RH", dueAt: new Date(now.getTime() + SES_DEADLINE_MS) },
    () => buildRh(r),
  );
  nudgeSesSender();
  return id;
}

/**
 * Queues the PV of a reservation whose guests were just registered (same transaction): to SES,
 * or to the Ertzaintza for a Basque property (the A19 document, ADR 0018). Mossos properties
 * get their daily file instead (ADR 0019).
 */
export async function queueGuestRegisterFiling(tx: DbOrTx, reservationId: string): Promise<string | null> {
  const r = await loadReservation(tx, reservationId);
  if (!r || r.cancelledAt || !r.landlordAccountId || !r.autoSend) return null;
  const recipient = effectiveRecipient(r);
  if (recipient === "mossos") return null;
  const rows = await tx.select().from(guests).where(eq(guests.reservationId, reservationId)).orderBy(guests.position);
  const guestList: PoliceXmlGuest[] = rows.map(policeXmlGuestFromRow);
  const common = { reservationId: r.id, reservationLabel: label(r), landlordAccountId: r.landlordAccountId, kind: "PV" as const, dueAt: pvDueAt(r.checkInDate, r.timeZone) };
  const id =
    recipient === "ertzaintza"
      ? await insertDocument(tx, { ...common, recipient: "ertzaintza" }, () =>
          buildErtzaintzaPv(
            ertzaintzaPvInputFromRegister({
              establishmentCode: r.establishmentCode,
              reference: r.reference,
              checkIn: r.checkInDate,
              checkOut: r.checkOutDate,
              rooms: r.rooms,
              internetAvailable: r.internetAvailable,
              paymentType: r.paymentType,
              holder: { documentNumber: r.holderDocumentNumber, givenName: r.holderGivenName, firstSurname: r.holderFirstSurname },
              guests: guestList,
            }),
          ),
        )
      : await insertDocument(tx, common, () =>
          buildAltaParteHospedaje({
            property: { name: r.propertyName, establishmentCode: r.establishmentCode, internetAvailable: r.internetAvailable, timeZone: r.timeZone as PropertyTimeZone },
            reservation: { reference: r.reference, contractDate: r.contractDate, checkIn: r.checkInDate, checkOut: r.checkOutDate, rooms: r.rooms, paymentType: r.paymentType },
            guests: guestList,
          }),
        );
  nudgeSesSender();
  return id;
}

/** States of an alta that was never filed: cancelling it is just not sending it. */
const UNFILED: SesState[] = ["validating", "queued", "invalid", "error"];
const IN_FLIGHT: SesState[] = ["sending", "sent", "filed_unknown"];

/**
 * Withdraws the altas of a reservation (of the given kinds) before a cancellation, a deletion
 * or a change: altas not yet filed are dropped; accepted ones get a B of their
 * codigoComunicacion; ones in flight are marked so a B follows their acceptance. The
 * Ertzaintza has no B: an accepted one becomes a staff task (`change` says which), one in
 * flight is marked and becomes one if it lands accepted.
 */
export async function withdrawFilings(tx: DbOrTx, reservationId: string, kinds: SesKind[] = ["RH", "PV"], now = new Date(), change: ErtzaintzaChange = "cancel"): Promise<void> {
  const altas = await tx
    .select()
    .from(sesCommunications)
    .where(and(eq(sesCommunications.reservationId, reservationId), inArray(sesCommunications.kind, kinds)))
    .for("update");
  for (const alta of altas) {
    const state = alta.state as SesState;
    if (UNFILED.includes(state)) {
      await tx.update(sesCommunications).set({ state: "dropped", settledAt: now }).where(eq(sesCommunications.id, alta.id));
    } else if (IN_FLIGHT.includes(state) && !alta.cancelRequested) {
      await tx.update(sesCommunications).set({ cancelRequested: true }).where(eq(sesCommunications.id, alta.id));
    } else if (state === "accepted" && alta.recipient === "ertzaintza") {
      await recordErtzaintzaTask(tx, alta, change, now);
    } else if (state === "accepted" && !alta.cancelRequested && alta.codigoComunicacion) {
      await queueAnnulment(tx, alta, now);
    }
  }
  nudgeSesSender();
}

/** Queues the B of one accepted alta (also used by the sender when an alta in flight lands). */
export async function queueAnnulment(
  tx: DbOrTx,
  alta: { id: string; reservationId: string | null; reservationLabel: string; landlordAccountId: string; codigoComunicacion: string | null },
  now = new Date(),
): Promise<string | null> {
  if (!alta.codigoComunicacion) return null;
  await tx.update(sesCommunications).set({ cancelRequested: true }).where(eq(sesCommunications.id, alta.id));
  const codigo = alta.codigoComunicacion;
  return insertDocument(
    tx,
    { reservationId: alta.reservationId, reservationLabel: alta.reservationLabel, landlordAccountId: alta.landlordAccountId, kind: "B", targetId: alta.id, dueAt: new Date(now.getTime() + SES_DEADLINE_MS) },
    () => buildAnulacion([codigo]),
  );
}

/**
 * A registered guest's data was corrected by staff: the PV on file no longer matches the register.
 * There is no modify operation, so the PV already filed (or on its way) is cancelled with a B once
 * accepted, one still queued is dropped, and a new PV is queued from the corrected rows — all in
 * the caller's transaction, so the correction and its filings commit together.
 */
export async function refileGuestRegister(tx: DbOrTx, reservationId: string, now = new Date()): Promise<string | null> {
  // The Ertzaintza takes no second PV for a reference it holds (CTO01) and has no B: once one
  // was accepted or is on its way, the correction is a staff task (left by withdrawFilings).
  const [filedWithErtzaintza] = await tx
    .select({ id: sesCommunications.id })
    .from(sesCommunications)
    .where(
      and(
        eq(sesCommunications.reservationId, reservationId),
        eq(sesCommunications.kind, "PV"),
        eq(sesCommunications.recipient, "ertzaintza"),
        inArray(sesCommunications.state, ["sending", "accepted"]),
      ),
    )
    .limit(1);
  await withdrawFilings(tx, reservationId, ["PV"], now, "correct");
  if (filedWithErtzaintza) return null;
  return queueGuestRegisterFiling(tx, reservationId);
}

/** Is an alta of this kind filed or on its way for the reservation (so a change needs B + a new A)? */
export async function hasLiveFiling(tx: DbOrTx, reservationId: string, kind: "RH" | "PV"): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sesCommunications)
    .where(
      and(
        eq(sesCommunications.reservationId, reservationId),
        eq(sesCommunications.kind, kind),
        inArray(sesCommunications.state, ["validating", "queued", "sending", "sent", "accepted", "filed_unknown", "invalid", "error"]),
        eq(sesCommunications.cancelRequested, false),
      ),
    );
  return (row?.n ?? 0) > 0;
}

// ---------------------------------------------------------------- channel settings

export async function listChannelSettings(db: DbOrTx): Promise<Record<string, boolean>> {
  const rows = await db.select().from(sesChannelSettings);
  return Object.fromEntries(rows.map((row) => [row.channel, row.sendRh]));
}

export async function setChannelRhSending(db: DbOrTx, channel: string, sendRh: boolean): Promise<void> {
  await db
    .insert(sesChannelSettings)
    .values({ channel, sendRh })
    .onConflictDoUpdate({ target: sesChannelSettings.channel, set: { sendRh, updatedAt: new Date() } });
}

// ---------------------------------------------------------------- what staff see

export type FilingStatus = {
  kind: SesKind;
  recipient: FilingRecipient;
  /** "pending": no row yet (guests not registered), shown with the deadline all the same. */
  state: SesState | "pending";
  codigoComunicacion: string | null;
  errorText: string | null;
  dueAt: string;
  cancelRequested: boolean;
};

/** The latest RH and PV alta of each reservation, for the status column. */
export async function listFilingStatuses(db: DbOrTx): Promise<Record<string, { RH?: FilingStatus; PV?: FilingStatus }>> {
  const rows = await db
    .select({
      reservationId: sesCommunications.reservationId,
      kind: sesCommunications.kind,
      recipient: sesCommunications.recipient,
      state: sesCommunications.state,
      codigoComunicacion: sesCommunications.codigoComunicacion,
      errorText: sesCommunications.errorText,
      dueAt: sesCommunications.dueAt,
      cancelRequested: sesCommunications.cancelRequested,
    })
    .from(sesCommunications)
    .where(and(isNotNull(sesCommunications.reservationId), inArray(sesCommunications.kind, ["RH", "PV"])))
    .orderBy(sesCommunications.createdAt);
  const result: Record<string, { RH?: FilingStatus; PV?: FilingStatus }> = {};
  for (const row of rows) {
    const entry = (result[row.reservationId!] ??= {});
    entry[row.kind as "RH" | "PV"] = {
      kind: row.kind as SesKind,
      recipient: row.recipient as FilingRecipient,
      state: row.state as SesState,
      codigoComunicacion: row.codigoComunicacion,
      errorText: row.errorText,
      dueAt: row.dueAt.toISOString(),
      cancelRequested: row.cancelRequested,
    };
  }
  return result;
}

// ---------------------------------------------------------------- the Comunicaciones screen

export type CommunicationView = {
  id: string;
  kind: SesKind;
  recipient: FilingRecipient;
  state: SesState;
  reservationId: string | null;
  reservationLabel: string;
  landlordName: string;
  attempts: number;
  lote: string | null;
  codigoComunicacion: string | null;
  errorText: string | null;
  cancelRequested: boolean;
  dueAt: string;
  createdAt: string;
  sha256: string;
};

export async function listCommunications(db: DbOrTx, limit = 200): Promise<CommunicationView[]> {
  const rows = await db
    .select({
      id: sesCommunications.id,
      kind: sesCommunications.kind,
      recipient: sesCommunications.recipient,
      state: sesCommunications.state,
      reservationId: sesCommunications.reservationId,
      reservationLabel: sesCommunications.reservationLabel,
      landlordName: landlordAccounts.name,
      attempts: sesCommunications.attempts,
      lote: sesCommunications.lote,
      codigoComunicacion: sesCommunications.codigoComunicacion,
      errorText: sesCommunications.errorText,
      cancelRequested: sesCommunications.cancelRequested,
      dueAt: sesCommunications.dueAt,
      createdAt: sesCommunications.createdAt,
      sha256: sesCommunications.sha256,
    })
    .from(sesCommunications)
    .innerJoin(landlordAccounts, eq(landlordAccounts.id, sesCommunications.landlordAccountId))
    .orderBy(sql`${sesCommunications.createdAt} desc`)
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as SesKind,
    recipient: row.recipient as FilingRecipient,
    state: row.state as SesState,
    dueAt: row.dueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export type AttemptView = {
  id: number;
  communicationId: string | null;
  operation: string;
  lotes: string | null;
  outcome: string;
  message: string | null;
  requestUrl: string;
  requestHeaders: string;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  createdAt: string;
};

/** What Comunicaciones shows in place of a body the guest data retention job removed. */
export const PURGED_BODY_NOTICE = "Eliminado por el plazo de conservación de los datos de los huéspedes.";

export async function listAttempts(db: DbOrTx, limit = 200): Promise<AttemptView[]> {
  const rows = await db.select().from(sesAttempts).orderBy(sql`${sesAttempts.id} desc`).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    communicationId: row.communicationId,
    operation: row.operation,
    lotes: row.lotes,
    outcome: row.outcome,
    message: row.message,
    requestUrl: row.requestUrl,
    requestHeaders: row.requestHeaders,
    // Emptied by the guest data retention job (ADR 0012): say so instead of showing nothing.
    requestBody: row.bodiesPurgedAt ? `[${PURGED_BODY_NOTICE} ${row.bodiesPurgedAt.toISOString().slice(0, 10)}]` : row.requestBody,
    responseStatus: row.responseStatus,
    responseBody: row.bodiesPurgedAt ? `[${PURGED_BODY_NOTICE}]` : row.responseBody,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type StoppedLandlord = { id: string; name: string; reason: string; stoppedAt: string };

export async function listStoppedLandlords(db: DbOrTx): Promise<StoppedLandlord[]> {
  const rows = await db
    .select({ id: landlordAccounts.id, name: landlordAccounts.name, reason: landlordAccounts.queueStoppedReason, stoppedAt: landlordAccounts.queueStoppedAt })
    .from(landlordAccounts)
    .where(isNotNull(landlordAccounts.queueStoppedReason));
  return rows.map((row) => ({ id: row.id, name: row.name, reason: row.reason ?? "", stoppedAt: (row.stoppedAt ?? new Date()).toISOString() }));
}

export const COMMUNICATION_MESSAGES = {
  notFound: "La comunicación ya no existe",
  retried: "Comunicación puesta de nuevo en cola",
  notRetriable: "Solo se reintenta una comunicación con error",
  unchanged: "El documento sería idéntico al rechazado: corrige antes los datos de la reserva (el Ministerio lo rechazaría de nuevo o lo tomaría por duplicado)",
  annulled: "Anulación puesta en cola",
  notAnnullable: "Solo se anula una comunicación aceptada con su código",
  ertzaintzaNoAnnulment:
    "La Ertzaintza no tiene anulación por servicio web: cancela la reserva y sigue los pasos de la tarea que se crea, o anula el parte en su portal",
  resumed: "Envío reanudado para el arrendador",
  channelSaved: "Preferencia de envío por canal guardada",
  codeSaved: "Código de comunicación guardado: la comunicación consta como aceptada",
  codeInvalid: "El código de comunicación no es válido: cópialo del portal SES.HOSPEDAJES (36 caracteres, como 3f2b8c1e-0d4a-4e7b-9a51-6c2d8e9f0a11)",
  codeTaken: "Ese código ya pertenece a otra comunicación",
  codeNotExpected: "Solo se introduce el código de una comunicación presentada cuyo código se desconoce",
  unexpected: "Acción no válida",
} as const;

/**
 * "Reintentar": an alta that failed (the ministry's data error, or our XSD) is built again from
 * the reservation as it is now (staff have corrected it) and queued; the failed row is dropped,
 * never resent as is. A failed B is queued again for its alta.
 */
class RetryRefused extends Error {}

export async function retryCommunication(db: Db, id: string): Promise<{ ok: boolean; message: string; status: number }> {
  try {
    return await retryInTransaction(db, id);
  } catch (error) {
    if (error instanceof RetryRefused) return { ok: false, message: COMMUNICATION_MESSAGES.unchanged, status: 409 };
    throw error;
  }
}

function retryInTransaction(db: Db, id: string): Promise<{ ok: boolean; message: string; status: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sesCommunications).where(eq(sesCommunications.id, id)).for("update");
    if (!row) return { ok: false, message: COMMUNICATION_MESSAGES.notFound, status: 404 };
    if (row.state !== "error" && row.state !== "invalid") return { ok: false, message: COMMUNICATION_MESSAGES.notRetriable, status: 409 };
    await tx.update(sesCommunications).set({ state: "dropped", settledAt: new Date() }).where(eq(sesCommunications.id, id));
    let queued: string | null = null;
    if (row.kind === "B" && row.targetId) {
      const [target] = await tx.select().from(sesCommunications).where(eq(sesCommunications.id, row.targetId));
      if (target) queued = await queueAnnulment(tx, target);
    } else if (row.reservationId) {
      queued = row.kind === "RH" ? await queueReservationFiling(tx, row.reservationId) : await queueGuestRegisterFiling(tx, row.reservationId);
    }
    if (!queued) return { ok: false, message: COMMUNICATION_MESSAGES.notRetriable, status: 409 };
    const [fresh] = await tx.select({ sha256: sesCommunications.sha256 }).from(sesCommunications).where(eq(sesCommunications.id, queued));
    // Rolls the whole retry back: the failed row stays as it was.
    if (row.kind !== "B" && row.state === "error" && fresh?.sha256 === row.sha256) throw new RetryRefused();
    nudgeSesSender();
    return { ok: true, message: COMMUNICATION_MESSAGES.retried, status: 200 };
  });
}

/** "Anular": a B for one accepted alta (the reservation stays as it is). */
export async function annulCommunication(db: Db, id: string): Promise<{ ok: boolean; message: string; status: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sesCommunications).where(eq(sesCommunications.id, id)).for("update");
    if (!row) return { ok: false, message: COMMUNICATION_MESSAGES.notFound, status: 404 };
    if (row.recipient === "ertzaintza") return { ok: false, message: COMMUNICATION_MESSAGES.ertzaintzaNoAnnulment, status: 409 };
    if (row.kind === "B" || row.state !== "accepted" || row.cancelRequested || !row.codigoComunicacion) {
      return { ok: false, message: COMMUNICATION_MESSAGES.notAnnullable, status: 409 };
    }
    await queueAnnulment(tx, row);
    nudgeSesSender();
    return { ok: true, message: COMMUNICATION_MESSAGES.annulled, status: 200 };
  });
}

/** The ministry's codigoComunicacion: a UUID (WEB-SERVICE.md §2; 10180 for any other format). */
const COMMUNICATION_CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * "Introducir código": an alta the ministry answered "Lote duplicado" is filed but we never got
 * its lote (WEB-SERVICE.md §3). Staff copy its codigoComunicacion from the portal; with it the
 * alta counts as accepted, and a cancellation or change that came meanwhile gets its B now,
 * as when the sender settles an alta that was in flight.
 */
export async function recordCommunicationCode(db: Db, id: string, input: string): Promise<{ ok: boolean; message: string; status: number }> {
  const code = input.trim().toLowerCase();
  if (!COMMUNICATION_CODE.test(code)) return { ok: false, message: COMMUNICATION_MESSAGES.codeInvalid, status: 400 };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(sesCommunications).where(eq(sesCommunications.id, id)).for("update");
    if (!row) return { ok: false, message: COMMUNICATION_MESSAGES.notFound, status: 404 };
    if (row.kind === "B" || row.state !== "filed_unknown") return { ok: false, message: COMMUNICATION_MESSAGES.codeNotExpected, status: 409 };
    const [taken] = await tx.select({ id: sesCommunications.id }).from(sesCommunications).where(eq(sesCommunications.codigoComunicacion, code)).limit(1);
    if (taken) return { ok: false, message: COMMUNICATION_MESSAGES.codeTaken, status: 409 };
    const [accepted] = await tx
      .update(sesCommunications)
      .set({ state: "accepted", codigoComunicacion: code, errorText: null, settledAt: new Date() })
      .where(eq(sesCommunications.id, id))
      .returning();
    if (accepted.cancelRequested) {
      await queueAnnulment(tx, accepted);
      nudgeSesSender();
    }
    return { ok: true, message: COMMUNICATION_MESSAGES.codeSaved, status: 200 };
  });
}

/** "Reintentar" on a stopped landlord queue. */
export async function resumeLandlordQueue(db: DbOrTx, landlordId: string): Promise<boolean> {
  const rows = await db
    .update(landlordAccounts)
    .set({ queueStoppedReason: null, queueStoppedAt: null })
    .where(eq(landlordAccounts.id, landlordId))
    .returning({ id: landlordAccounts.id });
  nudgeSesSender();
  return rows.length > 0;
}
