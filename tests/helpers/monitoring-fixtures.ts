import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { devices, guests, properties, reservations } from "#app/db/schema.ts";
import { verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// Data for the Monitorización tests. Devices are registered through the Dispositivos screen
// (its one-time secret read from the answer) and readings go in through the real ingest
// endpoint; properties, stays and guests belong to other screens and are inserted directly.

export const DEVICES_PATH = "/admin/viajeros/dispositivos";

/**
 * When the fixtures' properties and devices were set up: long before any reading a test sends.
 * Readings count for a property only from its creation and the device's assignment (issue 27),
 * and most tests backfill hours or weeks of history into a flat that has "always" been watched.
 */
export const SETTLED_SINCE = new Date("2020-01-01T00:00:00Z");

/** A property created at `createdAt` (by default SETTLED_SINCE; `null`: now). */
export async function createProperty(server: TestServer, name: string, address: string, options: { createdAt?: Date | null } = {}): Promise<string> {
  const createdAt = options.createdAt === undefined ? SETTLED_SINCE : (options.createdAt ?? undefined);
  const [row] = await server.db.insert(properties).values({ name, address, establishmentCode: "0000000001", createdAt }).returning({ id: properties.id });
  return row!.id;
}

/** A stay of `guestCount` with `registered` guests already registered. */
export async function createStay(
  server: TestServer,
  propertyId: string,
  dates: { checkIn: string; checkOut: string },
  guestCount: number,
  registered: number,
): Promise<string> {
  const [row] = await server.db
    .insert(reservations)
    .values({
      propertyId,
      propertyName: "Vivienda de prueba",
      guestCount,
      checkInDate: dates.checkIn,
      checkOutDate: dates.checkOut,
      uniqueLink: randomBytes(16).toString("base64url"),
    })
    .returning({ id: reservations.id });
  for (let position = 1; position <= registered; position++) {
    await server.db.insert(guests).values(storedGuestRow(row!.id, { position, documentNumber: `1234567${position}Z` }));
  }
  return row!.id;
}

/** Registers a device as staff do on the Dispositivos screen and returns its one-time secret. */
export async function registerDevice(
  server: TestServer,
  cookie: string,
  fields: { deviceId: string; name: string; propertyId: string },
  options: { assignedAt?: Date | null } = {},
): Promise<string> {
  const response = await fetch(`${server.url}${DEVICES_PATH}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams({ intent: "register", ...fields }),
  });
  if (response.status !== 201) throw new Error(`device registration → ${response.status}`);
  const text = await response.text();
  // Installed long ago, as the fixtures' properties, unless the test is about the assignment.
  const assignedAt = options.assignedAt === undefined ? SETTLED_SINCE : options.assignedAt;
  if (assignedAt) await server.db.update(devices).set({ assignedAt }).where(eq(devices.id, fields.deviceId));
  const [row] = await server.db.select().from(devices).where(eq(devices.id, fields.deviceId));
  for (const candidate of new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])) {
    if (await verifyDeviceSecret(candidate, row!.secretHash)) return candidate;
  }
  throw new Error("the registration answer did not include the device secret");
}

export type ReadingJson = { ts: string; window_s?: number } & Record<string, number | boolean | string | null | undefined>;

/** POST /api/devices/{id}/telemetry, as the NS-01 sends it. */
export async function ingest(server: TestServer, deviceId: string, secret: string, readings: ReadingJson[]): Promise<Response> {
  const response = await fetch(`${server.url}/api/devices/${encodeURIComponent(deviceId)}/telemetry`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify({ readings }),
  });
  if (response.status >= 300) throw new Error(`ingest → ${response.status}: ${await response.text()}`);
  return response;
}

/** yyyy-MM-dd `days` from a date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
