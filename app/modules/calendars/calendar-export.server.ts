import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server.ts";
import { calendarStays, properties, reservations } from "#app/db/schema.ts";
import { exportCalendar } from "./calendar-export.ts";

// "Exportar calendario (iCal)" stored (issue 28, ADR 0026): a property's secret export token and
// the calendar served at /api/ical/<token>.ics. The token is 32 base64url characters (192 bits);
// the path carries it, so the request log redacts the segment after /ical/ (secret-paths.ts).

export const CALENDAR_EXPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The public path of a property's export (relative to SITE_URL). */
export function calendarExportPath(token: string): string {
  return `/api/ical/${token}.ics`;
}

/** Creates or replaces the property's token ("Cambiar enlace"): the old URL stops at once. Null: no such property. */
export async function rotateCalendarExportToken(db: DbOrTx, propertyId: string): Promise<string | null> {
  const token = randomBytes(24).toString("base64url");
  const updated = await db.update(properties).set({ calendarExportToken: token }).where(eq(properties.id, propertyId)).returning({ id: properties.id });
  return updated.length > 0 ? token : null;
}

export async function getCalendarExportToken(db: DbOrTx, propertyId: string): Promise<string | null> {
  const [row] = await db.select({ token: properties.calendarExportToken }).from(properties).where(eq(properties.id, propertyId));
  return row?.token ?? null;
}

/**
 * The iCalendar text for a token, or null when no property has it. Stays imported from a feed
 * (a calendar_stays link) are written as origin "feed" and left out by exportCalendar.
 */
export async function exportCalendarForToken(db: DbOrTx, token: string, siteHost: string, now = new Date()): Promise<string | null> {
  if (!CALENDAR_EXPORT_TOKEN_PATTERN.test(token)) return null;
  const [property] = await db.select({ id: properties.id, name: properties.name }).from(properties).where(eq(properties.calendarExportToken, token));
  if (!property) return null;
  const rows = await db
    .select({
      id: reservations.id,
      checkIn: reservations.checkInDate,
      checkOut: reservations.checkOutDate,
      cancelledAt: reservations.cancelledAt,
      updatedAt: reservations.updatedAt,
      createdAt: reservations.createdAt,
      importedFrom: calendarStays.feedId,
    })
    .from(reservations)
    .leftJoin(calendarStays, eq(calendarStays.reservationId, reservations.id))
    .where(and(eq(reservations.propertyId, property.id), isNull(reservations.cancelledAt)));
  return exportCalendar({
    stays: rows.map((row) => ({
      id: row.id,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      origin: row.importedFrom ? ("feed" as const) : ("typed" as const),
      cancelled: row.cancelledAt !== null,
      updatedAt: row.updatedAt ?? row.createdAt,
    })),
    siteHost,
    calendarName: property.name,
    generatedAt: now,
  });
}
