import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { guestDataAccessLog, guests, properties, reservations, users } from "#app/db/schema.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { correctGuest, CORRECTION_MESSAGES, type FiledDataChange } from "./guest-correction.server.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";

// Staff corrections against a real database: the guest form's rules and Spanish messages,
// nothing stored on a refusal, an audit entry naming the fields (not the values), and the hook
// the police-registry outbox uses.

const EDITOR = { id: "staff-c", email: "staff-c@nidosmart.test" };
const TODAY = "2026-09-01";

describe.each(testDatabases())("guest corrections on %s", (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let reservationId = "";

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = await testDatabase.open();
    await database.db.insert(users).values({ id: EDITOR.id, email: EDITOR.email, name: "Staff", role: "admin" });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(guestDataAccessLog);
    await database.db.delete(reservations);
    await database.db.delete(properties);
    const [property] = await database.db.insert(properties).values({ name: "Casa Azul", address: "Calle Mar 1", establishmentCode: "0000000001" }).returning();
    const [reservation] = await database.db
      .insert(reservations)
      .values({
        propertyId: property.id,
        propertyName: "Casa Azul",
        guestCount: 1,
        checkInDate: "2026-09-10",
        checkOutDate: "2026-09-12",
        uniqueLink: "correctionlinkxxxxxxxx",
        status: "completed",
        completedAt: new Date("2026-09-01T10:00:00Z"),
      })
      .returning();
    reservationId = reservation.id;
    await database.db
      .insert(guests)
      .values(storedGuestRow(reservationId, { signatureTypedName: "Lucía Ejemplo", signedAt: new Date("2026-09-01T10:00:00Z") }));
  });

  const stored = async () => (await database.db.select().from(guests).where(eq(guests.reservationId, reservationId)))[0];

  test.each([
    ["an empty given name", { givenName: " " }, "Huésped 1: Nombre *"],
    ["a DNI with the wrong letter", { documentNumber: "12345678A" }, "Huésped 1: Número de documento *"],
    ["a birth date in the future", { birthDate: "2030-01-01" }, "Huésped 1: Fecha de nacimiento *"],
    ["an unknown nationality", { nationality: "XXX" }, "Huésped 1: Nacionalidad *"],
    ["neither phone nor e-mail", { phone: "", email: "" }, "Huésped 1: Teléfono o email *"],
  ])("%s is refused with the guest form's message, nothing stored or audited", async (_, values, message) => {
    const before = await stored();
    const result = await correctGuest(database.db, { reservationId, position: 1, values, editor: EDITOR, today: TODAY });
    expect(result).toMatchObject({ ok: false, status: 400, message });
    expect(await stored()).toEqual(before);
    expect(await database.db.select().from(guestDataAccessLog)).toEqual([]);
  });

  test("a valid correction is stored, keeps the signature, audits field names only and calls the filing hook", async () => {
    const before = await stored();
    const changes: FiledDataChange[] = [];
    const result = await correctGuest(database.db, {
      reservationId,
      position: 1,
      values: { firstSurname: "Ejemplar", documentNumber: "87654321x", documentSupport: "XYZ987654" },
      editor: EDITOR,
      today: TODAY,
      onFiledDataChanged: async (_tx, change) => {
        changes.push(change);
      },
    });
    expect(result).toEqual({
      ok: true,
      message: CORRECTION_MESSAGES.corrected,
      changedFields: ["firstSurname", "fullName", "documentNumber", "documentSupport"],
      filedDataChanged: true,
    });
    const after = await stored();
    expect(after).toMatchObject({ firstSurname: "Ejemplar", fullName: "Lucía Ejemplar Ficticia", documentNumber: "87654321X", documentSupport: "XYZ987654" });
    expect(after.signatureTypedName).toBe(before.signatureTypedName);
    expect(after.signedAt).toEqual(before.signedAt);
    const [audit] = await database.db.select().from(guestDataAccessLog);
    expect(audit).toMatchObject({ reservationId, userId: EDITOR.id, userEmail: EDITOR.email, action: "correct", changedFields: ["firstSurname", "fullName", "documentNumber", "documentSupport"] });
    expect(JSON.stringify(audit)).not.toContain("87654321X");
    expect(changes).toEqual([{ reservationId, guestId: after.id, position: 1, changedFields: result.ok ? result.changedFields : [], reservationCompleted: true }]);

    // The same values again: nothing changes, nothing audited, no filing.
    const again = await correctGuest(database.db, { reservationId, position: 1, values: { firstSurname: "Ejemplar" }, editor: EDITOR, today: TODAY });
    expect(again).toEqual({ ok: true, message: CORRECTION_MESSAGES.unchanged, changedFields: [], filedDataChanged: false });
    expect(await database.db.select().from(guestDataAccessLog)).toHaveLength(1);
  });

  test("a correction cannot bring back bidirectional or zero-width characters, nor a name over 50", async () => {
    const result = await correctGuest(database.db, {
      reservationId,
      position: 1,
      values: { givenName: "Lu\u202Ecía\u200B", firstSurname: "\u2067Ejemplar\u2069\u200F" },
      editor: EDITOR,
      today: TODAY,
    });
    expect(result).toMatchObject({ ok: true });
    expect(await stored()).toMatchObject({ givenName: "Lucía", firstSurname: "Ejemplar", fullName: "Lucía Ejemplar Ficticia" });
    const tooLong = await correctGuest(database.db, { reservationId, position: 1, values: { firstSurname: "x".repeat(51) }, editor: EDITOR, today: TODAY });
    expect(tooLong).toMatchObject({ ok: false, status: 400, message: "Huésped 1: Primer apellido *" });
    expect((await stored()).firstSurname).toBe("Ejemplar");
  });

  test("a guest that does not exist, a cancelled or purged reservation are refused", async () => {
    expect(await correctGuest(database.db, { reservationId, position: 2, values: {}, editor: EDITOR, today: TODAY })).toMatchObject({ ok: false, status: 404 });
    await database.db.update(reservations).set({ cancelledAt: new Date() }).where(eq(reservations.id, reservationId));
    expect(await correctGuest(database.db, { reservationId, position: 1, values: { givenName: "Ana" }, editor: EDITOR, today: TODAY })).toMatchObject({
      ok: false,
      message: CORRECTION_MESSAGES.cancelled,
    });
    await database.db.update(reservations).set({ cancelledAt: null, guestDataPurgedAt: new Date() }).where(eq(reservations.id, reservationId));
    expect(await correctGuest(database.db, { reservationId, position: 1, values: { givenName: "Ana" }, editor: EDITOR, today: TODAY })).toMatchObject({
      ok: false,
      message: CORRECTION_MESSAGES.purged,
    });
  });
});
