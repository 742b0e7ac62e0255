import { Writable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { guests, properties, reservations } from "#app/db/schema.ts";
import { storedGuestRow } from "#tests/helpers/guest-fixtures.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { loggablePath, redactSecrets } from "#server/log-path.ts";
import { createLogger } from "#server/server.ts";

// What the log says about a request and an error (ADR 0012): never a guest registration link,
// never the values of a failed query. The errors here are real: queries that fail on a real
// database, logged by the server's own logger.

const LINK = "Zq8pLk3Xw9RtYb2Nc5Vd7F";

function capturingLogger() {
  let output = "";
  const destination = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  return { logger: createLogger("debug", destination), output: () => output };
}

describe("secrets in request paths (guest links, evidence share tokens)", () => {
  test.each([
    [`/registro-viajeros/${LINK}`, "/registro-viajeros/:link"],
    [`/registro-viajeros/${LINK}.data`, "/registro-viajeros/:link"],
    [`/REGISTRO-VIAJEROS/${LINK}`, "/registro-viajeros/:link"],
    [`/Registro-Viajeros/${LINK}/`, "/registro-viajeros/:link/"],
    [`/registro-viajeros//${LINK}`, "/registro-viajeros/:link"],
    [`//registro-viajeros/${LINK}/mas`, "//registro-viajeros/:link/mas"],
    [`/registro-viajeros%2F${LINK}`, "/registro-viajeros/:link"],
    // An evidence share token, on the page and its downloads (ADR 0022).
    [`/evidencia/${LINK}`, "/evidencia/:token"],
    [`/evidencia/${LINK}.data`, "/evidencia/:token"],
    [`/evidencia/${LINK}/descargar/pdf`, "/evidencia/:token/descargar/pdf"],
    [`/Evidencia//${LINK}/descargar/zip`, "/evidencia/:token/descargar/zip"],
    [`/evidencia%2f${LINK}`, "/evidencia/:token"],
    // A property's calendar export (issue 28).
    [`/api/ical/${LINK}.ics`, "/api/ical/:token"],
    [`/API/ICAL/${LINK}.ics`, "/API/ical/:token"],
    // A property's registration link (issue 28), the page and its data request.
    [`/registro/${LINK}`, "/registro/:token"],
    [`/registro/${LINK}.data`, "/registro/:token"],
    [`/Registro//${LINK}`, "/registro/:token"],
    ["/verificar/2b8f3c1e-0000-4000-8000-000000000000", "/verificar/2b8f3c1e-0000-4000-8000-000000000000"],
    ["/apertura-puerta", "/apertura-puerta"],
    ["/admin/viajeros", "/admin/viajeros"],
  ])("%s is logged as %s", (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });

  test("a message or stack that quotes a link loses it", () => {
    expect(redactSecrets(`No route matches URL "/registro-viajeros/${LINK}/x"`)).toBe('No route matches URL "/registro-viajeros/:link/x"');
    expect(redactSecrets(`No route matches URL "/evidencia/${LINK}/x"`)).toBe('No route matches URL "/evidencia/:token/x"');
  });
});

describe.each(testDatabases())("errors of failed queries, on %s", (kind) => {
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

  test("are logged with their query and code, never the link or a guest's identity", async () => {
    const { db } = database;
    const [property] = await db.insert(properties).values({ name: "Casa Log", address: "Calle 1", establishmentCode: "0000000001" }).returning();
    const stay = { propertyId: property.id, propertyName: "Casa Log", guestCount: 1, checkInDate: "2027-01-01", checkOutDate: "2027-01-03", uniqueLink: LINK };
    const [reservation] = await db.insert(reservations).values(stay).returning();
    const guest = storedGuestRow(reservation.id, { givenName: "Evaristo", firstSurname: "Villalobos", documentNumber: "11223344B" });
    await db.insert(guests).values(guest);

    const { logger, output } = capturingLogger();
    const failures: unknown[] = [];
    // A unique violation naming the link in PostgreSQL's detail, and the link among the params.
    await db.insert(reservations).values(stay).catch((error: unknown) => failures.push(error));
    // The guest's identity among the params, and in the detail of the duplicate row.
    await db.insert(guests).values(guest).catch((error: unknown) => failures.push(error));
    // A lookup by link that fails (a cast error), with the link as a parameter.
    await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.uniqueLink, LINK), sql`${reservations.guestCount} = ${LINK}::integer`))
      .catch((error: unknown) => failures.push(error));
    expect(failures).toHaveLength(3);
    // The raw errors do carry the values: this is what the serializer must keep out.
    expect(failures.map((error) => `${(error as Error).message} ${JSON.stringify(error)}`).join(" ")).toContain(LINK);
    for (const error of failures) logger.error({ err: error }, "query failed");
    logger.error({ err: new Error("wrapped", { cause: failures[0] }) }, "wrapped failure");

    const log = output();
    expect(log.split("\n").filter(Boolean)).toHaveLength(4);
    for (const secret of [LINK, "Evaristo", "Villalobos", "11223344B"]) expect(log, secret).not.toContain(secret);
    // Still useful: the query, PostgreSQL's code and constraint.
    expect(log).toContain("Failed query: insert into \\\"reservations\\\"");
    expect(log).toContain('"code":"23505"');
    expect(log).toContain("reservations_unique_link_idx");
  });
});
