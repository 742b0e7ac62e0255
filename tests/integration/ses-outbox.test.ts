import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { landlordAccounts, properties, reservations, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// The SES outbox end to end (issue 10 items 3, 4, 8): staff and guests act over real HTTP, the
// server's own sender files with the fake ministry over loopback HTTP, and the test reads what
// the fake holds and what the database says. Nothing is mocked.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const HOLDER = {
  holderGivenName: "Lucía",
  holderFirstSurname: "Ejemplo",
  holderSecondSurname: "Ficticia",
  holderEmail: "lucia@example.com",
  holderPhone: "+34 600 000 000",
  bookingChannel: "direct",
};

const guest = validGuestForm;

let ip = 0;

describe.each(testDatabases())("SES outbox against the fake ministry on %s", (database) => {
  let fake: RunningFakeSes;
  let server: TestServer;
  let cookie: string;
  let propertyId: string;
  let landlordId: string;

  function post(path: string, body: Record<string, string>, withCookie = true) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": `10.91.${(ip >> 8) & 255}.${ip & 255}`,
        ...(withCookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  }
  const action = (body: Record<string, string>) => post("/admin/viajeros?index", body);

  async function createReservation(fields: Record<string, string> = {}, property = propertyId) {
    const response = await action({ intent: "create", propertyId: property, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), ...HOLDER, ...fields });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    return row!;
  }

  async function register(link: string) {
    const fields: Record<string, string> = { client: "js" };
    for (const [field, value] of Object.entries(guest())) fields[guestInputName(0, field as keyof GuestFormValues)] = value ?? "";
    const response = await post(`/registro-viajeros/${link}?lang=es&personas=1`, fields, false);
    expect(response.status).toBe(201);
  }

  const communications = (reservationId: string) =>
    server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, reservationId)).orderBy(sesCommunications.createdAt);

  const settled = (reservationId: string, kind: string, state: string, count = 1) =>
    waitUntil(async () => {
      const rows = (await communications(reservationId)).filter((row) => row.kind === kind && row.state === state);
      return rows.length >= count ? rows : null;
    }, `${kind} ${state} of ${reservationId}`);

  beforeAll(async () => {
    // Every poll moves a lote one state (5 → 4 → final), as the standalone fake does.
    fake = await startFakeSes({ advanceOnPoll: true });
    server = await startTestServer({
      database,
      env: {
        TRUST_PROXY: "true",
        SES_SENDER: "on",
        SES_ENDPOINT: fake.url,
        SES_POLL_INTERVAL_MS: "40",
        SES_RETRY_BASE_MS: "40",
        // Polls and retries come due between nudges: looked for every 50 ms, not every second.
        SES_TICK_MS: "50",
        SES_TIMEOUT_MS: "5000",
        // With PostgreSQL the key must come from the environment (ADR 0010).
        SES_CREDENTIALS_KEY: "a".repeat(64),
      },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const account = DEFAULT_FAKE_ACCOUNT;
    expect(
      (
        await post("/admin/viajeros/arrendadores", {
          intent: "create",
          name: "Ejemplo SL",
          landlordCode: account.codigoArrendador,
          wsUser: account.user,
          wsPassword: account.password,
          application: "NidoSmart 1.0",
          autoSend: "true",
        })
      ).status,
    ).toBe(201);
    [{ id: landlordId }] = await server.db.select({ id: landlordAccounts.id }).from(landlordAccounts).limit(1);
    expect(
      (await post("/admin/viajeros/viviendas", { intent: "create", name: "Ático Ejemplo", address: "Calle Mayor 1, Madrid", establishmentCode: account.establecimientos[0], landlordAccountId: landlordId })).status,
    ).toBe(201);
    [{ id: propertyId }] = await server.db.select({ id: properties.id }).from(properties).limit(1);
  });

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("creating a reservation files its RH by itself: accepted with the ministry's code, one filing", async () => {
    const reservation = await createReservation();
    const [rh] = await settled(reservation.id, "RH", "accepted");
    expect(rh.codigoComunicacion).toMatch(/^[0-9a-f-]{36}$/);
    expect(rh.sha256).toHaveLength(64);
    const filings = fake.control.filings().filter((filing) => filing.referencia === reservation.id);
    expect(filings).toHaveLength(1);
    expect(filings[0]).toMatchObject({ tipo: "RH", codigoComunicacion: rh.codigoComunicacion, anulada: false });
    // The audit trail holds the exchanges, the password masked.
    const attempts = await server.db.select().from(sesAttempts).where(eq(sesAttempts.communicationId, rh.id));
    expect(attempts.length).toBeGreaterThan(0);
    for (const attempt of attempts) {
      expect(attempt.requestHeaders).not.toContain(Buffer.from(`${DEFAULT_FAKE_ACCOUNT.user}:${DEFAULT_FAKE_ACCOUNT.password}`).toString("base64"));
      expect(attempt.requestHeaders + attempt.requestBody).not.toContain(DEFAULT_FAKE_ACCOUNT.password);
    }
  });

  test("completing the guest registration files the PV; cancelling the reservation files a B of each", async () => {
    const reservation = await createReservation();
    await settled(reservation.id, "RH", "accepted");
    await register(reservation.uniqueLink);
    const [pv] = await settled(reservation.id, "PV", "accepted");
    expect(fake.control.filings().filter((filing) => filing.tipo === "PV" && filing.codigoComunicacion === pv.codigoComunicacion)).toHaveLength(1);

    expect((await action({ intent: "cancel", id: reservation.id })).status).toBe(200);
    await settled(reservation.id, "B", "accepted", 2);
    await settled(reservation.id, "RH", "annulled");
    await settled(reservation.id, "PV", "annulled");
    const mine = fake.control.filings().filter((filing) => filing.referencia === reservation.id || filing.codigoComunicacion === pv.codigoComunicacion);
    expect(mine).toHaveLength(2);
    expect(mine.every((filing) => filing.anulada)).toBe(true);
  });

  test("deleting a filed reservation files the B of its RH and its PV; the record of all stays", async () => {
    const reservation = await createReservation();
    const [rh] = await settled(reservation.id, "RH", "accepted");
    await register(reservation.uniqueLink);
    const [pv] = await settled(reservation.id, "PV", "accepted");
    expect((await action({ intent: "delete", id: reservation.id })).status).toBe(200);
    for (const alta of [rh, pv]) {
      const b = await waitUntil(async () => {
        const [row] = await server.db.select().from(sesCommunications).where(and(eq(sesCommunications.targetId, alta.id), eq(sesCommunications.state, "accepted")));
        return row;
      }, `the B of the deleted reservation's ${alta.kind}`);
      expect(b.reservationId).toBeNull();
      expect(fake.control.filings().find((filing) => filing.codigoComunicacion === alta.codigoComunicacion)?.anulada).toBe(true);
    }
  });

  test("changing the dates of a filed reservation files B of the old RH and a new A", async () => {
    const reservation = await createReservation();
    await settled(reservation.id, "RH", "accepted");
    const update = await action({ intent: "update", id: reservation.id, guestCount: "2", checkInDate: day(10), checkOutDate: day(12), ...HOLDER });
    expect(update.status).toBe(200);
    await settled(reservation.id, "RH", "annulled");
    await settled(reservation.id, "B", "accepted");
    const [fresh] = await settled(reservation.id, "RH", "accepted");
    const filings = fake.control.filings().filter((filing) => filing.referencia === reservation.id);
    expect(filings).toHaveLength(2);
    expect(filings.filter((filing) => !filing.anulada)).toMatchObject([{ codigoComunicacion: fresh.codigoComunicacion, numPersonas: "2" }]);
    expect(filings.find((filing) => !filing.anulada)!.fechaEntrada.startsWith(day(10))).toBe(true);
  });

  test("moving the stay of a registered reservation files B of its RH and PV and a new one of each", async () => {
    const reservation = await createReservation();
    await settled(reservation.id, "RH", "accepted");
    await register(reservation.uniqueLink);
    const [pv] = await settled(reservation.id, "PV", "accepted");
    const update = await action({ intent: "update", id: reservation.id, guestCount: "1", checkInDate: day(4), checkOutDate: day(8), ...HOLDER });
    expect(update.status).toBe(200);
    await settled(reservation.id, "B", "accepted", 2);
    await settled(reservation.id, "RH", "annulled");
    await settled(reservation.id, "PV", "annulled");
    const fresh = (await settled(reservation.id, "PV", "accepted")).find((row) => row.id !== pv.id)!;
    const byCode = (code: string | null) => fake.control.filings().filter((filing) => filing.codigoComunicacion === code);
    expect(byCode(pv.codigoComunicacion)).toMatchObject([{ tipo: "PV", anulada: true }]);
    const [refiled] = byCode(fresh.codigoComunicacion);
    expect(refiled).toMatchObject({ tipo: "PV", anulada: false });
    expect(refiled.fechaEntrada.startsWith(day(4))).toBe(true);
    expect(byCode(pv.codigoComunicacion)[0].fechaEntrada.startsWith(day(3))).toBe(true);
  });

  test("a holder-only change re-files the RH but leaves the accepted PV alone (the PV has no holder)", async () => {
    const reservation = await createReservation();
    await settled(reservation.id, "RH", "accepted");
    await register(reservation.uniqueLink);
    const [pv] = await settled(reservation.id, "PV", "accepted");
    const update = await action({ intent: "update", id: reservation.id, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), ...HOLDER, holderPhone: "+34 611 111 111" });
    expect(update.status).toBe(200);
    await settled(reservation.id, "RH", "annulled");
    await settled(reservation.id, "RH", "accepted");
    const rows = await communications(reservation.id);
    expect(rows.filter((row) => row.kind === "PV").map((row) => [row.id, row.state])).toEqual([[pv.id, "accepted"]]);
    expect(rows.filter((row) => row.kind === "B")).toHaveLength(1);
  });

  test("correcting a registered guest's data files B of the accepted PV and a new PV with the correction", async () => {
    const reservation = await createReservation();
    await register(reservation.uniqueLink);
    const [pv] = await settled(reservation.id, "PV", "accepted");
    const corrected = await action({ intent: "correct-guest", id: reservation.id, position: "1", givenName: "Lucía María" });
    expect(corrected.status).toBe(200);
    await settled(reservation.id, "PV", "annulled");
    await settled(reservation.id, "B", "accepted");
    const fresh = (await settled(reservation.id, "PV", "accepted")).find((row) => row.id !== pv.id)!;
    expect(fresh.codigoComunicacion).not.toBe(pv.codigoComunicacion);
    const byCode = (code: string | null) => fake.control.filings().filter((filing) => filing.codigoComunicacion === code);
    expect(byCode(pv.codigoComunicacion)).toMatchObject([{ tipo: "PV", anulada: true }]);
    const [refiled] = byCode(fresh.codigoComunicacion);
    expect(refiled).toMatchObject({ tipo: "PV", anulada: false });
    expect(JSON.stringify(refiled.personas)).toContain("Lucía María");
    expect(JSON.stringify(byCode(pv.codigoComunicacion)[0].personas)).not.toContain("Lucía María");
  });

  test("a notes-only edit files nothing new", async () => {
    const reservation = await createReservation();
    await settled(reservation.id, "RH", "accepted");
    const update = await action({ intent: "update", id: reservation.id, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), notes: "Cuna", ...HOLDER });
    expect(update.status).toBe(200);
    expect((await communications(reservation.id)).map((row) => [row.kind, row.state])).toEqual([["RH", "accepted"]]);
  });

  test("HTTP 502 then success: retried with backoff, filed exactly once", async () => {
    fake.control.failNext("http-502", { operation: "comunicacion", times: 2 });
    const reservation = await createReservation();
    const [rh] = await settled(reservation.id, "RH", "accepted");
    expect(rh.attempts).toBe(3);
    const attempts = await server.db.select().from(sesAttempts).where(eq(sesAttempts.communicationId, rh.id)).orderBy(sesAttempts.id);
    expect(attempts.map((attempt) => [attempt.outcome, attempt.responseStatus])).toEqual([
      ["retry", 502],
      ["retry", 502],
      ["ok", 200],
    ]);
    expect(fake.control.filings().filter((filing) => filing.referencia === reservation.id)).toHaveLength(1);
  });

  test("state 6 shows the ministry's text; after the fix a resend is accepted", async () => {
    const reservation = await createReservation();
    // Created now, rejected at processing: the test reaches the fake before the first poll.
    fake.control.rejectReference(reservation.id, "correo no válido", 1);
    const [failed] = await settled(reservation.id, "RH", "error");
    // The ministry's literal text, as the fake words it.
    const lote = fake.control.lotes().find((entry) => entry.lote === failed.lote)!;
    expect(lote.codigoEstado).toBe(6);
    expect(failed.errorText).toBe((lote.resultados[0] as { error: string }).error);
    expect(failed.errorText).toContain("correo no válido");
    const page = await (await fetch(`${server.url}/admin/viajeros`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("correo no válido");

    // The same bytes again would be refused again (or taken for a duplicate): not sent.
    const unchanged = await post("/admin/viajeros/comunicaciones", { intent: "retry", id: failed.id });
    expect(unchanged.status).toBe(409);
    expect((await communications(reservation.id)).map((row) => row.state)).toEqual(["error"]);

    // Staff correct the holder: the failed RH is replaced by a new one, which is accepted.
    const fix = await action({ intent: "update", id: reservation.id, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), ...HOLDER, holderEmail: "lucia.corregido@example.com" });
    expect(fix.status).toBe(200);
    const [accepted] = await settled(reservation.id, "RH", "accepted");
    expect(accepted.id).not.toBe(failed.id);
    expect((await communications(reservation.id)).find((row) => row.id === failed.id)?.state).toBe("dropped");
    expect(fake.control.filings().filter((filing) => filing.referencia === reservation.id)).toHaveLength(1);
  });

  test("RH sending switched off for a channel: nothing is queued for that channel", async () => {
    expect((await post("/admin/viajeros/comunicaciones", { intent: "channels", send_airbnb: "off", send_direct: "on", send_booking: "on", send_other: "on" })).status).toBe(200);
    const reservation = await createReservation({ bookingChannel: "airbnb" });
    await register(reservation.uniqueLink);
    await settled(reservation.id, "PV", "accepted");
    expect((await communications(reservation.id)).map((row) => row.kind)).toEqual(["PV"]);
    expect((await post("/admin/viajeros/comunicaciones", { intent: "channels", send_airbnb: "on", send_direct: "on", send_booking: "on", send_other: "on" })).status).toBe(200);
  });

  test("wrong credentials stop that landlord's queue with a clear message; editing the account resumes it", async () => {
    fake.control.addAccount({ ...DEFAULT_FAKE_ACCOUNT, user: "B11111111WS", password: "right-password", codigoArrendador: "0000000002", nombre: "Otra SL", establecimientos: ["0000099999"] });
    const landlord = { name: "Otra SL", landlordCode: "0000000002", wsUser: "B11111111WS", application: "NidoSmart 1.0", autoSend: "true" };
    expect((await post("/admin/viajeros/arrendadores", { intent: "create", ...landlord, wsPassword: "wrong-password" })).status).toBe(201);
    const [other] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.landlordCode, "0000000002"));
    expect((await post("/admin/viajeros/viviendas", { intent: "create", name: "Casa Otra", address: "Calle Otra 2", establishmentCode: "0000099999", landlordAccountId: other.id })).status).toBe(201);
    const [property] = await server.db.select().from(properties).where(eq(properties.landlordAccountId, other.id));

    const reservation = await createReservation({}, property.id);
    const stopped = await waitUntil(async () => {
      const [row] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, other.id));
      return row.queueStoppedReason ? row : null;
    }, "the queue to stop");
    expect(stopped.queueStoppedReason).toMatch(/credenciales/);
    const [queued] = await communications(reservation.id);
    expect(queued.state).toBe("queued");
    const page = await (await fetch(`${server.url}/admin/viajeros/comunicaciones`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Otra SL");
    expect(page).toContain("credenciales");
    // Another landlord's queue keeps going.
    const elsewhere = await createReservation();
    await settled(elsewhere.id, "RH", "accepted");

    expect((await post("/admin/viajeros/arrendadores", { intent: "update", id: other.id, ...landlord, wsPassword: "right-password" })).status).toBe(200);
    await settled(reservation.id, "RH", "accepted");
    expect(fake.control.filings().filter((filing) => filing.referencia === reservation.id)).toHaveLength(1);
  });
});
