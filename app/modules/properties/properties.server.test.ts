import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { landlordAccounts, properties, reservations, sesCommunications } from "#app/db/schema.ts";
import { validatePropertyInput } from "#app/modules/properties/properties.schema.ts";
import { updateProperty } from "#app/modules/properties/properties.server.ts";
import { queueReservationFiling } from "#app/modules/ses/ses-outbox.server.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";

// Moving a property to the Mossos (ADR 0019): the SES filings it had queued but not sent are
// dropped in the same transaction, and nothing new is queued for it; one already accepted stays.

describe.each(testDatabases())("property routing changes on %s", (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  test("unsent SES filings are dropped when the property moves to Catalonia; none is queued after", async () => {
    const db = database.db;
    const [landlord] = await db.insert(landlordAccounts).values({ name: "Ejemplo SL", landlordCode: "0000000001", wsUser: "u", autoSend: true }).returning();
    const base = { name: "Pis", address: "Carrer 1", establishmentCode: "0000000001", landlordAccountId: landlord.id };
    const [property] = await db.insert(properties).values({ ...base, provinceCode: "28" }).returning();
    const stay = async (link: string) => {
      const [row] = await db
        .insert(reservations)
        .values({ propertyId: property.id, propertyName: "Pis", guestCount: 1, checkInDate: "2026-12-01", checkOutDate: "2026-12-03", uniqueLink: link, holderGivenName: "Ana", holderFirstSurname: "Ruiz", holderEmail: "a@example.com" })
        .returning();
      return row.id;
    };
    const queued = await stay("linkqueued000000000000001");
    const accepted = await stay("linkaccepted0000000000001");
    await db.transaction((tx) => queueReservationFiling(tx, queued));
    await db.transaction((tx) => queueReservationFiling(tx, accepted));
    await db.update(sesCommunications).set({ state: "accepted", codigoComunicacion: "c0de" }).where(eq(sesCommunications.reservationId, accepted));

    const input = validatePropertyInput({ ...base, provinceCode: "08", mossosCode: "EX00000001" });
    if (!input.ok) throw new Error(input.message);
    expect(await updateProperty(db, property.id, input.data)).toBe(true);
    const states = Object.fromEntries((await db.select().from(sesCommunications)).map((row) => [row.reservationId, row.state]));
    expect(states).toEqual({ [queued]: "dropped", [accepted]: "accepted" });
    expect(await db.transaction((tx) => queueReservationFiling(tx, queued))).toBeNull();
    expect(await db.select().from(sesCommunications)).toHaveLength(2);
  });
});
