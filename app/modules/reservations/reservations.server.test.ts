import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { guestDataAccessLog, guests, properties, rateLimitEvents, reservations, users } from "#app/db/schema.ts";
import { exportPoliceXml } from "#app/modules/guests/guest-xml.server.ts";
import { listGuestsForReservation } from "#app/modules/guests/guests.server.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { validateAgainstXsd } from "#app/modules/guests/xsd-validate.server.ts";
import { createProperty, deleteProperty, getProperty, listProperties, updateProperty } from "#app/modules/properties/properties.server.ts";
import type { NewReservation } from "#app/modules/reservations/reservations.server.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import {
  createReservation,
  deleteReservation,
  generateUniqueLink,
  getReservationByLink,
  getReservationStats,
  isWellFormedLink,
  listReservations,
  registerGuests,
  ReservationRuleError,
  UNIQUE_LINK_LENGTH,
} from "./reservations.server.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";

// Properties, reservations, guest registration and the XML export against a real database
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), without the HTTP layer.

const TODAY = "2026-07-20";

const property = {
  name: "Ático Sol",
  address: "Calle Sol 3, Sevilla",
  establishmentCode: "0000012345",
  imageUrl: "https://images.example.com/atico.jpg",
  internetAvailable: true,
  timeZone: "Europe/Madrid" as const,
};

function reservationInput(propertyId: string, overrides: Partial<NewReservation> = {}): NewReservation {
  return {
    propertyId,
    guestCount: 2,
    checkInDate: "2026-08-01",
    checkOutDate: "2026-08-05",
    notes: "Nota interna",
    paymentType: "EFECT",
    contractDate: "2026-07-01",
    rooms: 1,
    ...overrides,
  };
}

const adult = (overrides: Partial<GuestFormValues> = {}): GuestFormValues =>
  validGuestForm({ phone: "", addressProvince: "41", addressMunicipalityCode: "41091", addressPostalCode: "41001", ...overrides });

describe.each(testDatabases())("reservations on %s", (kind) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let viewer: { id: string; email: string };
  let ipCounter = 0;
  const ip = () => `192.0.2.${++ipCounter}`;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = await testDatabase.open();
    await database.db.insert(users).values({ id: "staff-1", email: "staff@nidosmart.test", name: "Staff", role: "admin" });
    viewer = { id: "staff-1", email: "staff@nidosmart.test" };
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(guestDataAccessLog);
    await database.db.delete(reservations);
    await database.db.delete(properties);
    await database.db.delete(rateLimitEvents);
  });

  test("guest links: 22 base62 characters from the CSPRNG, every character used", () => {
    const links = Array.from({ length: 2000 }, () => generateUniqueLink());
    expect(new Set(links).size).toBe(links.length);
    const seen = new Set<string>();
    for (const link of links) {
      expect(link).toHaveLength(UNIQUE_LINK_LENGTH);
      expect(isWellFormedLink(link)).toBe(true);
      for (const char of link) seen.add(char);
    }
    expect(seen.size).toBe(62);
    expect(isWellFormedLink("short")).toBe(false);
    expect(isWellFormedLink("a".repeat(22) + "-")).toBe(false);
  });

  test("properties: list with reservation counts, update, and delete only when unused", async () => {
    const { id } = await createProperty(database.db, property, "staff-1");
    const other = await createProperty(database.db, { ...property, name: "Casa Teide", timeZone: "Atlantic/Canary" }, null);
    await createReservation(database.db, reservationInput(id), "staff-1");
    await createReservation(database.db, reservationInput(id), "staff-1");
    const list = await listProperties(database.db);
    expect(list.map((p) => [p.name, p.reservationCount])).toEqual([
      ["Casa Teide", 0],
      ["Ático Sol", 2],
    ]);
    expect(await updateProperty(database.db, other.id, { ...property, name: "Casa Teide Norte" })).toBe(true);
    expect((await getProperty(database.db, other.id))?.name).toBe("Casa Teide Norte");
    expect(await deleteProperty(database.db, id)).toBe("has-reservations");
    expect(await deleteProperty(database.db, other.id)).toBe("deleted");
    expect(await deleteProperty(database.db, other.id)).toBe("not-found");
    expect(await getProperty(database.db, id)).not.toBeNull();
  });

  test("create, list with the joined property, stats, and delete", async () => {
    const { id } = await createProperty(database.db, property, null);
    const first = await createReservation(database.db, reservationInput(id, { guestCount: 3 }), "staff-1");
    await createReservation(database.db, reservationInput(id, { guestCount: 4 }), "staff-1");
    await expect(createReservation(database.db, reservationInput("00000000-0000-4000-8000-000000000000"), null)).rejects.toThrow(
      ReservationRuleError,
    );

    expect(await getReservationStats(database.db)).toEqual({ total: 2, completed: 0, pending: 2, totalGuests: 7 });
    expect(await registerGuests(database.db, first.uniqueLink, { guests: [adult()] }, { lang: "es", clientIp: ip(), today: TODAY })).toEqual({
      ok: true,
      count: 1,
    });
    expect(await getReservationStats(database.db)).toEqual({ total: 2, completed: 1, pending: 1, totalGuests: 5 });

    const list = await listReservations(database.db);
    expect(list).toHaveLength(2);
    const completed = list.find((r) => r.id === first.id)!;
    expect(completed).toMatchObject({
      propertyName: "Ático Sol",
      propertyAddress: "Calle Sol 3, Sevilla",
      establishmentCode: "0000012345",
      status: "completed",
      guestCount: 1,
      registeredGuests: 1,
    });
    expect(list.find((r) => r.id !== first.id)?.registeredGuests).toBe(0);

    expect(await deleteReservation(database.db, first.id)).toBe(true);
    expect(await deleteReservation(database.db, first.id)).toBe(false);
    expect(await deleteReservation(database.db, "not-a-uuid")).toBe(false);
    expect(await database.db.select().from(guests).where(eq(guests.reservationId, first.id))).toHaveLength(0);
  });

  test("getReservationByLink returns exactly the guest screen's fields", async () => {
    const { id } = await createProperty(database.db, property, null);
    const { uniqueLink } = await createReservation(database.db, reservationInput(id), null);
    expect(await getReservationByLink(database.db, uniqueLink)).toEqual({
      propertyName: "Ático Sol",
      // The privacy notice's controller: the landlord account, else the property (ADR 0014).
      hostName: "Ático Sol",
      propertyImageUrl: "https://images.example.com/atico.jpg",
      checkInDate: "2026-08-01",
      checkOutDate: "2026-08-05",
      guestCount: 2,
      status: "pending",
      // Not published by the operator (the default): the page carries no registry numbers.
      registryNumbers: null,
    });
    expect(await getReservationByLink(database.db, uniqueLink.toLowerCase() === uniqueLink ? `${uniqueLink}X` : uniqueLink.toLowerCase())).toBeNull();
    expect(await getReservationByLink(database.db, "' or 1=1 --")).toBeNull();
  });

  test("registerGuests: refusals change nothing; concurrent submissions complete the reservation once", async () => {
    const { id } = await createProperty(database.db, property, null);
    const { id: reservationId, uniqueLink } = await createReservation(database.db, reservationInput(id), null);
    const options = () => ({ lang: "es" as const, clientIp: ip(), today: TODAY });

    expect(await registerGuests(database.db, uniqueLink, { guests: [adult({ addressMunicipalityCode: "41999" })] }, options())).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Huésped 1: Municipio *",
      position: 1,
      field: "addressMunicipality",
    });
    expect(await registerGuests(database.db, "AAAAAAAAAAAAAAAAAAAAAA", { guests: [adult()] }, options())).toMatchObject({ reason: "not-found" });

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => registerGuests(database.db, uniqueLink, { guests: [adult(), adult({ givenName: `Otro ${i}` })] }, options())),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "completed")).toHaveLength(9);
    const stored = await database.db.select().from(guests).where(eq(guests.reservationId, reservationId)).orderBy(guests.position);
    expect(stored.map((g) => g.position)).toEqual([1, 2]);
    // The INE name is filled in by the server, whatever the browser sent.
    expect(stored[0]).toMatchObject({ addressMunicipality: "Sevilla", fullName: "Lucía Ejemplo Ficticia" });

    // The rate limit answers first, in the guest's language.
    const client = ip();
    for (let i = 0; i < 3; i++) await registerGuests(database.db, uniqueLink, {}, { lang: "en", clientIp: client, today: TODAY });
    expect(await registerGuests(database.db, uniqueLink, {}, { lang: "en", clientIp: client, today: TODAY })).toMatchObject({
      ok: false,
      reason: "rate-limited",
      message: "Too many attempts. Please wait a few minutes.",
    });
  });

  test("guest list and XML export log who looked, and the XML validates", async () => {
    const { id } = await createProperty(database.db, property, null);
    const { id: reservationId, uniqueLink } = await createReservation(database.db, reservationInput(id), null);
    expect((await exportPoliceXml(database.db, reservationId, viewer)).ok).toBe(false);
    expect(await listGuestsForReservation(database.db, reservationId, viewer)).toEqual([]);
    await registerGuests(database.db, uniqueLink, { guests: [adult()] }, { lang: "es", clientIp: ip(), today: TODAY });

    const list = await listGuestsForReservation(database.db, reservationId, viewer);
    expect(list?.[0]).toMatchObject({
      fullName: "Lucía Ejemplo Ficticia",
      nationalityName: "España",
      documentTypeLabel: "DNI",
      addressProvince: "Sevilla",
      addressMunicipality: "Sevilla",
      sexLabel: "Mujer",
    });
    const exported = await exportPoliceXml(database.db, reservationId, viewer);
    if (!exported.ok) throw new Error(exported.message);
    expect(exported.fileName).toBe("registro-huespedes-atico-sol-2026-08-01.xml");
    expect((await validateAgainstXsd(exported.xml)).valid).toBe(true);
    expect(await listGuestsForReservation(database.db, "00000000-0000-4000-8000-000000000000", viewer)).toBeNull();

    const log = await database.db.select().from(guestDataAccessLog).where(eq(guestDataAccessLog.reservationId, reservationId)).orderBy(guestDataAccessLog.id);
    expect(log.map((entry) => [entry.action, entry.userId, entry.userEmail])).toEqual([
      ["view", "staff-1", "staff@nidosmart.test"],
      ["view", "staff-1", "staff@nidosmart.test"],
      ["export", "staff-1", "staff@nidosmart.test"],
    ]);
  });
});
