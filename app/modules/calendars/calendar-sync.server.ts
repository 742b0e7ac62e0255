import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, Tx } from "#app/db/client.server.ts";
import { calendarFeeds, calendarStays, properties, reservations } from "#app/db/schema.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { cancelReservation, deleteReservation, insertReservation, moveReservationDates } from "#app/modules/reservations/reservations.server.ts";
import type { ResolveHost } from "#app/modules/webhooks/webhook-http.server.ts";
import { dateInZone, isKnownTimeZone } from "./calendar-dates.ts";
import { CALENDAR_FETCH_DEFAULTS, fetchCalendarFeed } from "./calendar-fetch.server.ts";
import { calendarFeedUrl } from "./calendar-feeds.server.ts";
import { CalendarFeedError, parseCalendarFeed, type CalendarEvent } from "./calendar-feed.ts";
import { planCalendarSync, type CalendarSyncPlan, type ImportedReservation } from "./calendar-matching.ts";
import { calendarChannelLabel, type CalendarChannel, type CalendarChannelSetting } from "./calendars.schema.ts";

// One sync of one channel calendar, and the worker that runs them (issue 28, ADR 0026).
//
//   syncCalendarFeed(db, feedId, options) → { ok: true, created, updated, cancelled, … } | { ok: false, message }
//     1. takes the feed's lease (lease_until, an UPDATE … WHERE the lease ran out): a feed being
//        read by another instance or a staff click is not read twice ("ya se está sincronizando");
//     2. fetches it (calendar-fetch.server.ts: conditional GET, caps, address guard); a 304 is a
//        successful sync that changes nothing (no miss counted);
//     3. parses it in the property's time zone and plans the changes (planCalendarSync);
//     4. applies the plan in ONE transaction, through the reservation flows staff use: creation
//        (the RH waits for a holder: imported stays have none, "Titular pendiente"), date moves
//        (B of a filed RH and a new A, PV refiled, Mossos corrected), cancellation (filings
//        annulled), and records the feed's result and releases the lease in it. A crash before
//        the commit leaves nothing; the unique indexes (feed, uid) and (property, channel, code)
//        make a second run unable to import a stay twice.
//     A failed read (network, HTTP status, not iCal, too big, empty while stays are expected)
//     changes nothing but the feed's state (last error, failing since); its ETag is not kept.
//
//   syncDueCalendars(db, options) claims the feeds whose next_sync_at has come and whose lease
//   ran out (SELECT … FOR UPDATE SKIP LOCKED inside the claiming UPDATE) and syncs them one by one:
//   two instances never read one feed in one interval.
//
//   startCalendarSyncService(…) runs syncDueCalendars on every instance, every minute (or the
//   interval when shorter) with jitter; each feed's next round is CALENDAR_SYNC_INTERVAL_S plus
//   up to 10 % jitter.

export type CalendarSyncOptions = {
  key: CredentialsKey;
  allowPrivate: boolean;
  now?: Date;
  /** Who holds the lease (an instance's id); a new one per call by default. */
  owner?: string;
  /** The caller already holds this feed's lease (syncDueCalendars). */
  leased?: boolean;
  intervalMs?: number;
  /** 0..1, the share of 10 % of the interval added to the next round. */
  jitter?: () => number;
  timeoutMs?: number;
  maxBytes?: number;
  resolve?: ResolveHost;
  allowAddresses?: readonly string[];
};

export type CalendarSyncOutcome =
  | { ok: true; unchanged: boolean; created: number; updated: number; cancelled: number; stays: number; blocks: number }
  | { ok: false; message: string };

export const CALENDAR_SYNC_DEFAULT_INTERVAL_MS = 900_000;
export const CALENDAR_MESSAGES_SYNC = {
  busy: "Este calendario ya se está sincronizando",
  notFound: "Calendario no encontrado",
  notIcal: "Error: no es un calendario iCal",
  unreadableUrl: "Error: no se puede leer la URL guardada (la clave SES_CREDENTIALS_KEY cambió)",
} as const;

/** The button's answer: "Calendario sincronizado: N nuevas, M actualizadas, K canceladas". */
export function calendarSyncMessage(outcome: CalendarSyncOutcome): string {
  if (!outcome.ok) return outcome.message;
  return `Calendario sincronizado: ${outcome.created} nuevas, ${outcome.updated} actualizadas, ${outcome.cancelled} canceladas`;
}

/** The feed's counts as listed: "N reservas · M bloqueos". */
export function calendarCountsText(stays: number, blocks: number): string {
  return `${stays} ${stays === 1 ? "reserva" : "reservas"} · ${blocks} ${blocks === 1 ? "bloqueo" : "bloqueos"}`;
}

/** A lease outlives the longest read (timeout) and the transaction after it. */
function leaseMsFor(timeoutMs: number): number {
  return timeoutMs * 2 + 60_000;
}

class SyncAborted extends Error {
  override name = "SyncAborted";
}

function nextSyncAt(now: Date, options: CalendarSyncOptions): Date {
  const interval = options.intervalMs ?? CALENDAR_SYNC_DEFAULT_INTERVAL_MS;
  const jitter = Math.min(1, Math.max(0, (options.jitter ?? Math.random)()));
  return new Date(now.getTime() + interval + Math.round(interval * 0.1 * jitter));
}

function stayNotes(channel: CalendarChannel, event: CalendarEvent): string {
  const parts = [`Importada del calendario de ${calendarChannelLabel(channel)}. Titular pendiente`];
  if (event.bookingCode) parts.push(`Código de reserva: ${event.bookingCode}`);
  if (event.phoneLast4) parts.push(`Teléfono (últimas 4 cifras): ${event.phoneLast4}`);
  if (event.holderName) parts.push(`Nombre en ${calendarChannelLabel(channel)}: ${event.holderName}`);
  if (event.note) parts.push(`Nota del calendario: ${event.note}`);
  return parts.join("\n").slice(0, 2000);
}

async function releaseWithFailure(db: Db, feedId: string, owner: string, now: Date, message: string, options: CalendarSyncOptions): Promise<CalendarSyncOutcome> {
  await db
    .update(calendarFeeds)
    .set({
      lastSyncAt: now,
      lastResult: "error",
      lastError: message,
      failingSince: sql`coalesce(${calendarFeeds.failingSince}, ${now.toISOString()}::timestamptz)`,
      nextSyncAt: nextSyncAt(now, options),
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.leaseOwner, owner)));
  return { ok: false, message };
}

export async function syncCalendarFeed(db: Db, feedId: string, options: CalendarSyncOptions): Promise<CalendarSyncOutcome> {
  const now = options.now ?? new Date();
  const owner = options.owner ?? randomUUID();
  const timeoutMs = options.timeoutMs ?? CALENDAR_FETCH_DEFAULTS.timeoutMs;
  const [feed] = options.leased
    ? await db.select().from(calendarFeeds).where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.leaseOwner, owner)))
    : await db
        .update(calendarFeeds)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMsFor(timeoutMs)) })
        .where(and(eq(calendarFeeds.id, feedId), or(isNull(calendarFeeds.leaseUntil), lte(calendarFeeds.leaseUntil, now))))
        .returning();
  if (!feed) {
    const [exists] = await db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    return { ok: false, message: exists ? CALENDAR_MESSAGES_SYNC.busy : CALENDAR_MESSAGES_SYNC.notFound };
  }
  const [property] = await db.select({ timeZone: properties.timeZone }).from(properties).where(eq(properties.id, feed.propertyId));
  const timeZone = property && isKnownTimeZone(property.timeZone) ? property.timeZone : "Europe/Madrid";

  let url: string;
  try {
    url = calendarFeedUrl(options.key, feed);
  } catch {
    return releaseWithFailure(db, feedId, owner, now, CALENDAR_MESSAGES_SYNC.unreadableUrl, options);
  }
  const fetched = await fetchCalendarFeed(url, {
    allowPrivate: options.allowPrivate,
    etag: feed.etag,
    lastModified: feed.lastModified,
    timeoutMs,
    maxBytes: options.maxBytes,
    resolve: options.resolve,
    allowAddresses: options.allowAddresses,
  });
  if (!fetched.ok) return releaseWithFailure(db, feedId, owner, now, fetched.message, options);
  if (fetched.notModified) {
    await db
      .update(calendarFeeds)
      .set({ lastSyncAt: now, lastSuccessAt: now, lastResult: "unchanged", lastError: null, failingSince: null, nextSyncAt: nextSyncAt(now, options), leaseOwner: null, leaseUntil: null, updatedAt: now })
      .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.leaseOwner, owner)));
    return { ok: true, unchanged: true, created: 0, updated: 0, cancelled: 0, stays: feed.staysCount, blocks: feed.blocksCount };
  }
  if (fetched.text.trim() === "") return releaseWithFailure(db, feedId, owner, now, "Error: el calendario llegó vacío", options);

  let parsed;
  try {
    parsed = parseCalendarFeed(fetched.text, { channel: feed.channelSetting as CalendarChannelSetting, url, timeZone });
  } catch (error) {
    if (error instanceof CalendarFeedError) return releaseWithFailure(db, feedId, owner, now, CALENDAR_MESSAGES_SYNC.notIcal, options);
    throw error;
  }
  const today = dateInZone(now.getTime(), timeZone);

  try {
    return await db.transaction(async (tx) => {
      // The lease is still ours (it did not run out while reading), and held till the commit.
      const [locked] = await tx.select({ leaseOwner: calendarFeeds.leaseOwner }).from(calendarFeeds).where(eq(calendarFeeds.id, feedId)).for("update");
      if (!locked || locked.leaseOwner !== owner) throw new SyncAborted(CALENDAR_MESSAGES_SYNC.busy);
      const rows = await tx
        .select({
          id: calendarStays.reservationId,
          uid: calendarStays.uid,
          missedSyncs: calendarStays.missedSyncs,
          notReservation: calendarStays.notReservation,
          checkIn: reservations.checkInDate,
          checkOut: reservations.checkOutDate,
          cancelledAt: reservations.cancelledAt,
        })
        .from(calendarStays)
        .innerJoin(reservations, eq(reservations.id, calendarStays.reservationId))
        .where(eq(calendarStays.feedId, feedId));
      const existing: ImportedReservation[] = rows
        .filter((r) => r.notReservation || !r.cancelledAt)
        .map((r) => ({ id: r.id, uid: r.uid, checkIn: r.checkIn, checkOut: r.checkOut, missedSyncs: r.missedSyncs, notReservation: r.notReservation }));
      const planned = planCalendarSync({ channel: parsed.channel, events: parsed.events, existing, today });
      if (!planned.ok) throw new SyncAborted(planned.message);
      const counts = await applyPlan(tx, { feedId, propertyId: feed.propertyId, channel: parsed.channel, today, now }, planned.plan, existing);
      const stays = parsed.events.filter((e) => e.kind === "stay").length;
      const blocks = parsed.events.filter((e) => e.kind === "block").length;
      await tx
        .update(calendarFeeds)
        .set({
          channel: parsed.channel,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          lastSyncAt: now,
          lastSuccessAt: now,
          lastResult: "ok",
          lastError: null,
          failingSince: null,
          staysCount: stays,
          blocksCount: blocks,
          nextSyncAt: nextSyncAt(now, options),
          leaseOwner: null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(calendarFeeds.id, feedId));
      return { ok: true as const, unchanged: false, ...counts, stays, blocks };
    });
  } catch (error) {
    if (!(error instanceof SyncAborted)) {
      // The database failed mid-sync: nothing was applied; the lease runs out and the next round tries again.
      throw error;
    }
    if (error.message === CALENDAR_MESSAGES_SYNC.busy) return { ok: false, message: error.message };
    return releaseWithFailure(db, feedId, owner, now, error.message, options);
  }
}

type ApplyContext = { feedId: string; propertyId: string; channel: CalendarChannel; today: string; now: Date };

async function applyPlan(tx: Tx, ctx: ApplyContext, plan: CalendarSyncPlan, existing: readonly ImportedReservation[]): Promise<{ created: number; updated: number; cancelled: number }> {
  let created = 0;
  let updated = 0;
  let cancelled = 0;
  const byId = new Map(existing.map((r) => [r.id, r]));

  for (const event of plan.creates) {
    // A stay this feed imported before and that was cancelled since (its event is back): the
    // cancelled reservation stays as history, the new one takes over the UID.
    await tx
      .delete(calendarStays)
      .where(
        and(
          eq(calendarStays.feedId, ctx.feedId),
          eq(calendarStays.uid, event.uid),
          inArray(calendarStays.reservationId, tx.select({ id: reservations.id }).from(reservations).where(sql`${reservations.cancelledAt} is not null`)),
        ),
      );
    if (event.bookingCode) {
      const [holder] = await tx
        .select({ id: calendarStays.reservationId, cancelledAt: reservations.cancelledAt })
        .from(calendarStays)
        .innerJoin(reservations, eq(reservations.id, calendarStays.reservationId))
        .where(and(eq(calendarStays.propertyId, ctx.propertyId), eq(calendarStays.channel, ctx.channel), eq(calendarStays.bookingCode, event.bookingCode)));
      // The same booking already imported by another feed of this property on this channel.
      if (holder && !holder.cancelledAt) continue;
      if (holder) await tx.update(calendarStays).set({ bookingCode: null }).where(eq(calendarStays.reservationId, holder.id));
    }
    const row = await insertReservation(
      tx,
      {
        propertyId: ctx.propertyId,
        guestCount: 1,
        checkInDate: event.start,
        checkOutDate: event.end,
        notes: stayNotes(ctx.channel, event),
        paymentType: "EFECT",
        contractDate: ctx.today,
        rooms: 1,
        bookingChannel: ctx.channel,
      },
      null,
    );
    await tx.insert(calendarStays).values({
      reservationId: row.id,
      feedId: ctx.feedId,
      propertyId: ctx.propertyId,
      channel: ctx.channel,
      uid: event.uid,
      bookingCode: event.bookingCode ?? null,
      phoneLast4: event.phoneLast4 ?? null,
      lastSeenAt: ctx.now,
    });
    created++;
  }

  for (const update of plan.updates) {
    const record = byId.get(update.id);
    const datesChanged = update.checkIn !== update.previous.checkIn || update.checkOut !== update.previous.checkOut;
    if (datesChanged) {
      if (record?.notReservation) {
        // A mark is a cancelled record: its dates follow the closure, nothing is filed.
        await tx.update(reservations).set({ checkInDate: update.checkIn, checkOutDate: update.checkOut, updatedAt: ctx.now }).where(eq(reservations.id, update.id));
      } else if (await moveReservationDates(tx, update.id, update.checkIn, update.checkOut)) {
        updated++;
      }
    }
    if (update.uid !== update.previous.uid) await tx.update(calendarStays).set({ uid: update.uid }).where(eq(calendarStays.reservationId, update.id));
  }

  const missing = new Set<string>();
  for (const miss of plan.misses) {
    missing.add(miss.id);
    await tx.update(calendarStays).set({ missedSyncs: miss.missedSyncs }).where(eq(calendarStays.reservationId, miss.id));
  }
  for (const { id } of plan.cancellations) {
    missing.add(id);
    await tx.update(calendarStays).set({ missedSyncs: (byId.get(id)?.missedSyncs ?? 0) + 1 }).where(eq(calendarStays.reservationId, id));
    if ((await cancelReservation(tx, id)) === "cancelled") cancelled++;
  }
  for (const { id } of plan.forgottenMarks) {
    missing.add(id);
    // The closure is gone: the mark (a cancelled reservation and its link) is deleted.
    await deleteReservation(tx, id);
  }
  const seen = existing.map((r) => r.id).filter((id) => !missing.has(id));
  if (seen.length > 0) await tx.update(calendarStays).set({ lastSeenAt: ctx.now, missedSyncs: 0 }).where(inArray(calendarStays.reservationId, seen));
  return { created, updated, cancelled };
}

export type SyncDueOptions = Omit<CalendarSyncOptions, "leased" | "owner"> & { owner: string; limit?: number };

/**
 * Claims a due feed (its lease), syncs it, and again until none is due; returns what each sync
 * did. One claim at a time, so a lease never runs out while earlier feeds are read.
 */
export async function syncDueCalendars(db: Db, options: SyncDueOptions): Promise<{ feedId: string; outcome: CalendarSyncOutcome }[]> {
  const now = options.now ?? new Date();
  const timeoutMs = options.timeoutMs ?? CALENDAR_FETCH_DEFAULTS.timeoutMs;
  const results: { feedId: string; outcome: CalendarSyncOutcome }[] = [];
  for (let round = 0; round < (options.limit ?? 100); round++) {
    const due = db
      .select({ id: calendarFeeds.id })
      .from(calendarFeeds)
      .where(and(lte(calendarFeeds.nextSyncAt, now), or(isNull(calendarFeeds.leaseUntil), lte(calendarFeeds.leaseUntil, now))))
      .orderBy(asc(calendarFeeds.nextSyncAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [claimed] = await db
      .update(calendarFeeds)
      .set({ leaseOwner: options.owner, leaseUntil: new Date(now.getTime() + leaseMsFor(timeoutMs)) })
      .where(and(inArray(calendarFeeds.id, due), lte(calendarFeeds.nextSyncAt, now), or(isNull(calendarFeeds.leaseUntil), lte(calendarFeeds.leaseUntil, now))))
      .returning({ id: calendarFeeds.id });
    if (!claimed) break;
    results.push({ feedId: claimed.id, outcome: await syncCalendarFeed(db, claimed.id, { ...options, now, leased: true }) });
  }
  return results;
}

export type CalendarSyncService = { stop(): Promise<void> };

export function startCalendarSyncService(
  db: Db,
  options: { logger: Logger; key: CredentialsKey; allowPrivate: boolean; intervalS: number; timeoutMs: number; /** First look after start-up (15 s by default; tests 0). */ startDelayMs?: number },
): CalendarSyncService {
  const owner = randomUUID();
  const intervalMs = options.intervalS * 1000;
  // Looked for due feeds every minute (or the interval when shorter), with jitter so instances
  // started together do not ask the database at the same moment.
  const tickMs = Math.min(60_000, intervalMs);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, Math.round(ms * (0.9 + Math.random() * 0.2)));
    timer.unref();
  };
  const tick = () => {
    running = syncDueCalendars(db, { owner, key: options.key, allowPrivate: options.allowPrivate, intervalMs, timeoutMs: options.timeoutMs })
      .then((results) => {
        for (const { feedId, outcome } of results) {
          // Never the URL (its token reads the bookings): the feed's id and the Spanish result.
          if (outcome.ok) options.logger.info({ feedId, ...outcome }, "calendar synced");
          else options.logger.warn({ feedId, error: outcome.message }, "calendar sync failed");
        }
      })
      .catch((error: unknown) => options.logger.error({ err: error }, "calendar sync round failed"))
      .finally(() => {
        running = null;
        schedule(tickMs);
      });
  };
  schedule(options.startDelayMs ?? Math.min(15_000, tickMs));
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * "No es una reserva": staff say an imported stay is a closure (Booking.com cannot tell them
 * apart). The reservation is cancelled (its filings withdrawn, as a cancellation) and kept as a
 * mark the sync matches like any record: never imported again, its dates following the closure,
 * deleted once the closure is gone (ADR 0026). False when it is not an imported stay.
 */
export async function markNotAReservation(db: Db, reservationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx.update(calendarStays).set({ notReservation: true, missedSyncs: 0 }).where(eq(calendarStays.reservationId, reservationId)).returning({ id: calendarStays.reservationId });
    if (marked.length === 0) return false;
    await cancelReservation(tx, reservationId);
    return true;
  });
}
