import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landlordAccounts, properties, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";

// Two app instances on one PostgreSQL, both running the SES sender and poller: every claim is
// FOR UPDATE SKIP LOCKED, so each communication is sent exactly once between them (ADR 0004).
// With PostgreSQL (TEST_DATABASE_URL) they are two connection pools, as two processes would
// have; PGlite is one process's database, so there the two servers share one PGlite instance
// (two sender loops racing on the same claims).

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RESERVATIONS = 40;

describe.each(testDatabases())("two instances on one %s", (kind) => {
  let fake: RunningFakeSes;
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    fake = await startFakeSes({ advanceOnPoll: true });
    database = await createTestDatabase(kind);
    if (kind === "pglite") {
      const shared = await database.open();
      // Each server closes "its" database on stop; the shared one is closed once, by drop().
      database = { kind, open: async () => ({ ...shared, close: async () => {} }), drop: () => shared.close() };
    }
    const env = {
      SES_SENDER: "on",
      SES_ENDPOINT: fake.url,
      SES_POLL_INTERVAL_MS: "40",
      SES_RETRY_BASE_MS: "40",
      SES_TIMEOUT_MS: "5000",
      SES_CREDENTIALS_KEY: "b".repeat(64),
      TRUST_PROXY: "true",
    };
    a = await startTestServer({ testDatabase: database, env });
    b = await startTestServer({ testDatabase: database, env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await fake?.close();
  });

  test(`${RESERVATIONS} reservations created through both instances: each RH sent once and accepted`, async () => {
    let ip = 0;
    const post = async (server: TestServer, cookie: string, path: string, body: Record<string, string>) => {
      ip += 1;
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": `10.93.0.${ip % 250}` },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status).toBeLessThan(300);
    };
    const cookieA = await a.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const cookieB = await b.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const account = DEFAULT_FAKE_ACCOUNT;
    await post(a, cookieA, "/admin/viajeros/arrendadores", {
      intent: "create",
      name: "Ejemplo SL",
      landlordCode: account.codigoArrendador,
      wsUser: account.user,
      wsPassword: account.password,
      application: "NidoSmart 1.0",
      autoSend: "true",
    });
    const [landlord] = await a.db.select().from(landlordAccounts);
    await post(a, cookieA, "/admin/viajeros/viviendas", { intent: "create", name: "Ático", address: "Calle Mayor 1", establishmentCode: account.establecimientos[0], landlordAccountId: landlord.id });
    const [property] = await a.db.select().from(properties);

    await Promise.all(
      Array.from({ length: RESERVATIONS }, (_, index) =>
        post(index % 2 === 0 ? a : b, index % 2 === 0 ? cookieA : cookieB, "/admin/viajeros?index", {
          intent: "create",
          propertyId: property.id,
          guestCount: "2",
          checkInDate: day(3 + (index % 20)),
          checkOutDate: day(25),
          holderGivenName: `Titular ${index}`,
          holderFirstSurname: "Ejemplo",
          holderEmail: `titular${index}@example.com`,
          bookingChannel: "direct",
        }),
      ),
    );

    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await a.db.select({ state: sesCommunications.state }).from(sesCommunications);
      if (rows.length === RESERVATIONS && rows.every((row) => row.state === "accepted")) break;
      if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(rows.map((row) => row.state))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await a.db.select().from(sesCommunications);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // The ministry received each alta once: one POST, one lote, one filing per reservation.
    expect(fake.control.counts().comunicacionRequest).toBe(RESERVATIONS);
    expect(fake.control.lotes()).toHaveLength(RESERVATIONS);
    const references = fake.control.filings().map((filing) => filing.referencia);
    expect(new Set(references).size).toBe(RESERVATIONS);
    expect(references).toHaveLength(RESERVATIONS);
    const sends = await a.db.select().from(sesAttempts).where(eq(sesAttempts.operation, "comunicacion-A"));
    expect(sends).toHaveLength(RESERVATIONS);
  }, 120_000);
});
