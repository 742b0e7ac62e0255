import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { guestDataAccessLog, guests, mailOutbox, properties, reservations, users } from "#app/db/schema.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { purgeExpiredGuestData, retentionCutoff } from "./retention.server.ts";

// Retention on a fake clock against a real database: exactly the stays whose check-out is the
// retention period or more in the past lose their guests (identity and signatures), keep their
// dates and counts, and the access log keeps who looked.

// 2029-08-05 10:00 in Madrid; with 1096 days the cutoff is 2026-08-05.
const NOW = new Date("2029-08-05T08:00:00Z");

describe.each(testDatabases())("guest data retention on %s", (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let propertyId = "";

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = await testDatabase.open();
    await database.db.insert(users).values({ id: "staff-r", email: "staff-r@nidosmart.test", name: "Staff", role: "admin" });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(guestDataAccessLog);
    await database.db.delete(reservations);
    await database.db.delete(properties);
    const [property] = await database.db
      .insert(properties)
      .values({ name: "Ático Sol", address: "Calle Sol 3", establishmentCode: "0000012345" })
      .returning({ id: properties.id });
    propertyId = property.id;
  });

  async function stay(checkOutDate: string, guestCount: number) {
    const [row] = await database.db
      .insert(reservations)
      .values({
        propertyId,
        propertyName: "Ático Sol",
        guestCount,
        checkInDate: "2026-07-01",
        checkOutDate,
        uniqueLink: `link${checkOutDate.replace(/-/g, "")}${guestCount}xxxxxxxxxxxx`,
        status: "completed",
        completedAt: new Date("2026-07-01T10:00:00Z"),
        notes: "Llega tarde, llamar a Lucía al 600 000 000",
        holderGivenName: "Lucía",
        holderFirstSurname: "Ejemplo",
        holderEmail: "lucia@example.com",
        holderPhone: "+34600000000",
        holderDocumentType: "DNI",
        holderDocumentNumber: "12345678Z",
        bookingChannel: "airbnb",
      })
      .returning({ id: reservations.id });
    for (let position = 1; position <= guestCount; position++) {
      await database.db.insert(guests).values({
        reservationId: row.id,
        position,
        givenName: "Lucía",
        firstSurname: "Ejemplo",
        fullName: "Lucía Ejemplo",
        sex: "M",
        birthDate: "1985-03-20",
        nationality: "ESP",
        documentType: "DNI",
        documentNumber: "12345678Z",
        addressStreet: "Calle Inventada 1",
        addressCountry: "ESP",
        addressPostalCode: "28001",
        signatureKind: "typed",
        signatureTypedName: "Lucía Ejemplo",
        signedAt: new Date("2026-07-01T10:00:00Z"),
      });
    }
    await database.db.insert(guestDataAccessLog).values({ reservationId: row.id, userId: "staff-r", userEmail: "staff-r@nidosmart.test", action: "view" });
    return row.id;
  }

  const guestsOf = (id: string) => database.db.select().from(guests).where(eq(guests.reservationId, id));
  const reservationOf = async (id: string) => (await database.db.select().from(reservations).where(eq(reservations.id, id)))[0];

  test("the cutoff is the Madrid calendar date minus the retention days", () => {
    expect(retentionCutoff(NOW, 1096)).toBe("2026-08-05");
    // 23:30 UTC on 4 August is already 5 August in Madrid.
    expect(retentionCutoff(new Date("2029-08-04T23:30:00Z"), 1096)).toBe("2026-08-05");
    expect(retentionCutoff(NOW, 30)).toBe("2029-07-06");
  });

  test("deletes exactly the guests past the period; the reservation keeps dates and counts; the log keeps who looked", async () => {
    const old = await stay("2026-08-04", 3);
    const boundary = await stay("2026-08-05", 2);
    const recent = await stay("2026-08-06", 2);
    // E-mails about a stay name its holder: they go with it; a staff digest too.
    const mail = (eventKey: string, values: Partial<typeof mailOutbox.$inferInsert>) =>
      database.db.insert(mailOutbox).values({ eventKey, kind: "guest-link", recipient: "lucia@example.com", lang: "es", subject: "s", body: "b", ...values });
    await mail("old", { reservationId: old });
    await mail("digest", { kind: "arrival-day", recipient: "equipo@example.com", aboutReservationIds: [boundary] });
    await mail("recent", { reservationId: recent });

    const result = await purgeExpiredGuestData(database.db, { now: NOW, retentionDays: 1096 });
    expect(result).toEqual({ skipped: false, reservations: 2, guests: 5, sesDocuments: 0, sesAttempts: 0, mails: 2, mossosFiles: 0, cutoff: "2026-08-05" });

    expect(await guestsOf(old)).toHaveLength(0);
    expect(await guestsOf(boundary)).toHaveLength(0);
    expect(await guestsOf(recent)).toHaveLength(2);
    expect((await database.db.select({ eventKey: mailOutbox.eventKey }).from(mailOutbox)).map((row) => row.eventKey)).toEqual(["recent"]);
    for (const id of [old, boundary]) {
      const row = await reservationOf(id);
      expect(row).toMatchObject({
        checkInDate: "2026-07-01",
        status: "completed",
        notes: null,
        holderGivenName: null,
        holderFirstSurname: null,
        holderEmail: null,
        holderPhone: null,
        holderDocumentType: null,
        holderDocumentNumber: null,
        bookingChannel: "airbnb",
      });
      expect(row.guestDataPurgedAt).toEqual(NOW);
    }
    expect(await reservationOf(old)).toMatchObject({ guestCount: 3, checkOutDate: "2026-08-04" });
    expect(await reservationOf(recent)).toMatchObject({
      guestDataPurgedAt: null,
      notes: "Llega tarde, llamar a Lucía al 600 000 000",
      holderEmail: "lucia@example.com",
    });
    const log = await database.db.select().from(guestDataAccessLog);
    expect(log).toHaveLength(3);
    // changedFields holds a correction's field names, never values (guest-correction.server.ts).
    expect(Object.keys(log[0]).sort()).toEqual(["action", "at", "changedFields", "id", "reservationId", "userEmail", "userId"]);

    // A day later the next stay is due; nothing is deleted twice.
    const nextDay = await purgeExpiredGuestData(database.db, { now: new Date(NOW.getTime() + 86_400_000), retentionDays: 1096 });
    expect(nextDay).toMatchObject({ reservations: 1, guests: 2 });
    expect(await guestsOf(recent)).toHaveLength(0);
    expect(await purgeExpiredGuestData(database.db, { now: new Date(NOW.getTime() + 86_400_000), retentionDays: 1096 })).toMatchObject({
      reservations: 0,
      guests: 0,
    });
  });

  test("two runs at once (two instances) delete each stay once: one works, the other skips or finds nothing", async () => {
    await stay("2026-01-10", 2);
    await stay("2026-02-10", 1);
    const results = await Promise.all([
      purgeExpiredGuestData(database.db, { now: NOW }),
      purgeExpiredGuestData(database.db, { now: NOW }),
    ]);
    const worked = results.filter((result) => !result.skipped && result.reservations > 0);
    expect(worked).toHaveLength(1);
    expect(worked[0]).toMatchObject({ reservations: 2, guests: 3 });
    expect(await database.db.select().from(guests)).toHaveLength(0);
  });

  test("a shorter GUEST_RETENTION_DAYS reaches more recent stays; zero or fractions are refused", async () => {
    const id = await stay("2029-07-01", 1);
    expect(await purgeExpiredGuestData(database.db, { now: NOW, retentionDays: 1096 })).toMatchObject({ reservations: 0 });
    expect(await purgeExpiredGuestData(database.db, { now: NOW, retentionDays: 30 })).toMatchObject({ reservations: 1, guests: 1 });
    expect(await guestsOf(id)).toHaveLength(0);
    await expect(purgeExpiredGuestData(database.db, { now: NOW, retentionDays: 0 })).rejects.toThrow(RangeError);
    await expect(purgeExpiredGuestData(database.db, { now: NOW, retentionDays: 1.5 })).rejects.toThrow(RangeError);
  });
});
