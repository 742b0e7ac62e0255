import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { calendarFeeds, properties } from "#app/db/schema.ts";
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
