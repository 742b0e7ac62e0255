import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { calendarFeeds, calendarStays, properties } from "#app/db/schema.ts";
import { decryptSecret, encryptSecret, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { maskCalendarUrl, type CalendarFeedInput } from "./calendars.schema.ts";

// A property's channel calendars, stored (issue 28, ADR 0026). The URL is a secret (the channel's
// token reads the property's bookings): encrypted under the credentials key with the feed's id as
// authenticated data, shown and logged only masked (maskCalendarUrl).

export class CalendarFeedRuleError extends Error {
  override name = "CalendarFeedRuleError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const urlContext = (feedId: string) => `calendar-feed:${feedId}`;

function requireKey(key: CredentialsKey): Buffer {
  if (!key.key) throw new CalendarFeedRuleError("No se puede guardar la URL del calendario: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor", 409);
  return key.key;
}

/** Adds a feed to a property (input validated by calendarFeedInputSchema); due at once. */
export async function createCalendarFeed(
  db: DbOrTx,
  key: CredentialsKey,
  propertyId: string,
  input: CalendarFeedInput,
  createdBy: string | null,
  now = new Date(),
): Promise<{ id: string }> {
  const keyBytes = requireKey(key);
  const [property] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
  if (!property) throw new CalendarFeedRuleError("Propiedad no encontrada", 404);
  const id = randomUUID();
  await db.insert(calendarFeeds).values({
    id,
    propertyId,
    urlEncrypted: encryptSecret(keyBytes, input.url, urlContext(id)),
    urlMasked: maskCalendarUrl(input.url),
    channelSetting: input.channel,
    nextSyncAt: now,
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  return { id };
}

/** The feed's real URL, for the fetcher only (never shown, never logged). */
export function calendarFeedUrl(key: CredentialsKey, feed: { id: string; urlEncrypted: string }): string {
  return decryptSecret(requireKey(key), feed.urlEncrypted, urlContext(feed.id));
}

/** One feed as the property's "Calendarios" lists it: never the URL, only its masked form. */
export type CalendarFeedView = {
  id: string;
  urlMasked: string;
  channelSetting: string;
  channel: string | null;
  lastSyncAt: string | null;
  lastResult: string | null;
  lastError: string | null;
  failingSince: string | null;
  staysCount: number;
  blocksCount: number;
};

export async function listCalendarFeeds(db: DbOrTx, propertyId: string): Promise<CalendarFeedView[]> {
  const rows = await db
    .select({
      id: calendarFeeds.id,
      urlMasked: calendarFeeds.urlMasked,
      channelSetting: calendarFeeds.channelSetting,
      channel: calendarFeeds.channel,
      lastSyncAt: calendarFeeds.lastSyncAt,
      lastResult: calendarFeeds.lastResult,
      lastError: calendarFeeds.lastError,
      failingSince: calendarFeeds.failingSince,
      staysCount: calendarFeeds.staysCount,
      blocksCount: calendarFeeds.blocksCount,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.propertyId, propertyId))
    .orderBy(asc(calendarFeeds.createdAt), asc(calendarFeeds.id));
  return rows.map((row) => ({
    ...row,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
  }));
}

/** Whether the feed belongs to the property (the route's check before a sync). */
export async function calendarFeedBelongsTo(db: DbOrTx, propertyId: string, feedId: string): Promise<boolean> {
  const [row] = await db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)));
  return row !== undefined;
}

/**
 * "Eliminar": the feed and its links go (calendar_stays cascades); the reservations it imported
 * stay, as if typed, so a removed feed never takes guests' stays and their filings with it.
 */
export async function deleteCalendarFeed(db: DbOrTx, propertyId: string, feedId: string): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.propertyId, propertyId)))
    .returning({ id: calendarFeeds.id });
  return deleted.length > 0;
}

/** The channel of the calendar a reservation was imported from; null when it was not imported. */
export async function importedStayChannel(db: DbOrTx, reservationId: string): Promise<string | null> {
  const [row] = await db.select({ channel: calendarStays.channel }).from(calendarStays).where(eq(calendarStays.reservationId, reservationId));
  return row?.channel ?? null;
}
