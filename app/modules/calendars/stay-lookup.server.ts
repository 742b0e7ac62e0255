import { randomBytes } from "node:crypto";
import { and, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { calendarStays, properties, reservations } from "#app/db/schema.ts";
// Registers the four catalogues not bundled with the pages (the staff screen shows all six).
import "#app/modules/guests/guest-catalogues.server.ts";
import { GUEST_LANGS, guestMessages, type GuestLang } from "#app/modules/guests/guest-i18n.ts";
import { todayIn } from "#app/modules/guests/identity.ts";
import { STAY_LOOKUP_TOKEN_PATTERN, type StayLookupInput } from "./stay-lookup.ts";

// The property's registration link stored (issue 28, ADR 0026): its token (192 random bits,
// base64url, like the calendar export's) and the lookup of a stay by booking code. The path
// carries the token, so the request log redacts the segment after /registro/ (secret-paths.ts).

/** Creates or replaces the property's token ("Cambiar enlace"): the old link stops at once. Null: no such property. */
export async function rotateStayLookupToken(db: DbOrTx, propertyId: string): Promise<string | null> {
  const token = randomBytes(24).toString("base64url");
  const updated = await db.update(properties).set({ registrationLookupToken: token }).where(eq(properties.id, propertyId)).returning({ id: properties.id });
  return updated.length > 0 ? token : null;
}

export async function getStayLookupToken(db: DbOrTx, propertyId: string): Promise<string | null> {
  const [row] = await db.select({ token: properties.registrationLookupToken }).from(properties).where(eq(properties.id, propertyId));
  return row?.token ?? null;
}

export type StayLookupProperty = { id: string; timeZone: string };

/** The property whose registration link this is, or null (unknown, malformed or replaced). */
export async function findStayLookupProperty(db: DbOrTx, token: string): Promise<StayLookupProperty | null> {
  if (!STAY_LOOKUP_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select({ id: properties.id, timeZone: properties.timeZone }).from(properties).where(eq(properties.registrationLookupToken, token));
  return row ?? null;
}

/**
 * The guest link of the property's stay that the code and detail name, or null. One query of the
 * same shape for every input, with both details inside its WHERE, so every kind of mismatch
 * (unknown code, wrong digits, wrong date, a cancelled or past stay, another property's code)
 * does the same work and finds no row:
 * - an imported stay's booking code (case-insensitive): with the phone's last 4 digits when the
 *   channel is Airbnb, else with the check-in date;
 * - a NidoSmart reference (NS-…), with the check-in date;
 * - only stays not cancelled whose check-out is today or later on the property's clock.
 */
export async function findStayLinkByCode(db: DbOrTx, property: StayLookupProperty, input: StayLookupInput, now = new Date()): Promise<string | null> {
  const today = todayIn(property.timeZone, now);
  // Absent details are NULL (and the phone an empty string): a comparison with them is never true.
  const checkInDate = sql`${input.checkInDate}::date`;
  const rows = await db
    .select({ link: reservations.uniqueLink })
    .from(reservations)
    .leftJoin(calendarStays, eq(calendarStays.reservationId, reservations.id))
    .where(
      and(
        eq(reservations.propertyId, property.id),
        isNull(reservations.cancelledAt),
        gte(reservations.checkOutDate, today),
        or(
          and(
            isNotNull(calendarStays.bookingCode),
            sql`upper(${calendarStays.bookingCode}) = ${input.code}`,
            sql`case when ${calendarStays.channel} = 'airbnb' then ${calendarStays.phoneLast4} = ${input.phoneLast4 ?? ""} else ${reservations.checkInDate} = ${checkInDate} end`,
          ),
          and(eq(reservations.reference, input.code), sql`${reservations.checkInDate} = ${checkInDate}`),
        ),
      ),
    )
    .limit(1);
  return rows[0]?.link ?? null;
}

/** The ready text for Airbnb's scheduled messages with the property's link, in the six guest languages. */
export function stayLookupMessages(url: string): { lang: GuestLang; languageName: string; text: string }[] {
  return GUEST_LANGS.map((lang) => ({ lang, languageName: guestMessages[lang].languageName, text: guestMessages[lang].lookup.airbnbMessage(url) }));
}
