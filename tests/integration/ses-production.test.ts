import type { X509Certificate } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { landlordAccounts, properties, reservations, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { classifySesCode, SOAP_CLIENT_FAULT_TRIES } from "#app/modules/ses/ses-classify.ts";
import { loadSesCa, parsePemCertificates, SesCaError, shippedSesCaPath, SHIPPED_SES_CA_FILES } from "#app/modules/ses/ses-ca.server.ts";
import { createSesClient, SES_TLS_MESSAGES, type SesResult } from "#app/modules/ses/ses-client.server.ts";
import { SES_CONNECTION_MESSAGES } from "#app/modules/ses/ses-connection.server.ts";
import { buildAltaParteHospedaje, buildAltaReservaHospedaje } from "#app/modules/ses/ses-documents.ts";
import { SES_MESSAGES } from "#app/modules/ses/ses-sender.server.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { createTestPki, type TestPki } from "#tests/helpers/test-pki.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Issue 22 item 1: what production needs from the SES client beyond the protocol. TLS against a
// local HTTPS fake that sends only its leaf (a PKI made with the openssl CLI), the dates as the
// production clients send them, 10121 read as a duplicate only on a resend in doubt, consultaLote
// missing, SES answers on HTTP 500, SOAP Client faults and a Latin-1 answer, all through real
// HTTP against the fake; then the sender and "Probar conexión" through the app's own routes.

const account = DEFAULT_FAKE_ACCOUNT;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function expectOk<T>(result: SesResult<T>): asserts result is Extract<SesResult<T>, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.failure)}`);
}
function failureOf<T>(result: SesResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.failure;
}

let counter = 0;
function rh(checkIn = "2026-12-01"): string {
  counter += 1;
  return buildAltaReservaHospedaje({
    establishmentCode: "0000012345",
    timeZone: "Europe/Madrid",
    contract: { reference: `PROD-${counter}`, contractDate: "2026-11-20", checkIn, checkOut: "2026-12-04", guestCount: 2, paymentType: "PLATF" },
    holder: { givenName: "Lucía", firstSurname: "Ejemplo", email: "lucia@example.com" },
  });
}

describe("TLS: a server that sends only its leaf (openssl-made root → intermediate → leaf)", () => {
  let pki: TestPki;
  let fake: RunningFakeSes;
  const clientWith = (ca?: string) =>
    createSesClient({ endpoint: fake.url, codigoArrendador: account.codigoArrendador, user: account.user, password: account.password, aplicacion: "NidoSmart", timeoutMs: 10_000, ...(ca ? { ca } : {}) });

  beforeAll(async () => {
    pki = createTestPki();
    fake = await startFakeSes({ tls: { key: pki.leafKey, cert: pki.leafPem } });
  });
  afterAll(async () => {
    await fake?.close();
    pki?.cleanup();
  });

  it("with Node's default store: UNABLE_TO_VERIFY_LEAF_SIGNATURE, a configuration problem in words, not a retry", async () => {
    expect(fake.url.startsWith("https://127.0.0.1:")).toBe(true);
    const failure = failureOf(await clientWith().catalogo(""));
    expect(failure.code).toBe("tls");
    expect(failure.class).toBe("credentials");
    expect(classifySesCode(failure.code)).not.toBe("retry");
    expect(failure.message).toBe(`${SES_TLS_MESSAGES.chain} (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
    expect(failure.mayHaveArrived).toBe(false);
    // The handshake failed: no SOAP request reached the service.
    expect(fake.control.counts().catalogoRequest).toBeUndefined();
  });

  it("the shipped FNMT bundle does not open the door to a foreign chain", async () => {
    expect(failureOf(await clientWith(loadSesCa({})).catalogo("")).code).toBe("tls");
  });

  it("with the intermediate as SES_CA_FILE it connects, and only this client trusts it", async () => {
    const caFile = pki.writeFile("ses-ca.pem", pki.intermediatePem);
    const ca = loadSesCa({ SES_CA_FILE: caFile });
    const tables = await clientWith(ca).catalogo("");
    expectOk(tables);
    expect(tables.tuplas.map((tupla) => tupla.codigo)).toContain("TIPO_DOCUMENTO");
    const sent = await clientWith(ca).sendAlta("RH", rh());
    expectOk(sent);
    // The rest of the process keeps the default store.
    await expect(fetch(fake.url, { method: "POST", body: "" })).rejects.toThrow();
  });

  it("an intermediate + root file works too; a missing or empty SES_CA_FILE stops with a clear message", async () => {
    const chain = pki.writeFile("ses-chain.pem", pki.intermediatePem + pki.rootPem);
    expectOk(await clientWith(loadSesCa({ SES_CA_FILE: chain })).catalogo(""));
    expect(() => loadSesCa({ SES_CA_FILE: `${pki.dir}/missing.pem` })).toThrow(SesCaError);
    expect(() => loadSesCa({ SES_CA_FILE: `${pki.dir}/missing.pem` })).toThrow(/SES_CA_FILE: no se puede leer/);
    const empty = pki.writeFile("empty.pem", "nada\n");
    expect(() => loadSesCa({ SES_CA_FILE: empty })).toThrow(/no contiene ningún certificado/);
  });
});

describe("the shipped FNMT certificates", () => {
  it("are the intermediate 'AC Componentes Informáticos' signed by 'AC RAIZ FNMT-RCM', with the recorded fingerprints", () => {
    const [intermediate] = parsePemCertificates(loadFile(SHIPPED_SES_CA_FILES[0]), SHIPPED_SES_CA_FILES[0]);
    const [root] = parsePemCertificates(loadFile(SHIPPED_SES_CA_FILES[1]), SHIPPED_SES_CA_FILES[1]);
    expect(intermediate.subject).toContain("OU=AC Componentes Informáticos");
    expect(intermediate.issuer).toContain("OU=AC RAIZ FNMT-RCM");
    expect(intermediate.fingerprint256).toBe("F0:38:42:1F:07:F2:0D:63:A2:0D:36:91:E5:A1:78:AB:84:59:EB:E5:70:C1:64:7B:76:90:55:4E:F2:38:76:AB");
    expect(root.fingerprint256).toBe("EB:C5:57:0C:29:01:8C:4D:67:B1:AA:12:7B:AF:12:F7:03:B4:61:1E:BC:17:B7:DA:B5:57:38:94:17:9B:93:FA");
    expect(intermediate.checkIssued(root)).toBe(true);
    expect(intermediate.verify(root.publicKey)).toBe(true);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(intermediate.ca).toBe(true);
    // loadSesCa() without SES_CA_FILE gives exactly these two.
    expect(parsePemCertificates(loadSesCa({}), "bundle").map((cert: X509Certificate) => cert.fingerprint256)).toEqual([intermediate.fingerprint256, root.fingerprint256]);
  });
});

function loadFile(name: string): string {
  return loadSesCa({ SES_CA_FILE: shippedSesCaPath(name) });
}

describe("protocol behaviour against the fake over HTTP", () => {
  let fake: RunningFakeSes;
  const client = () => createSesClient({ endpoint: fake.url, codigoArrendador: account.codigoArrendador, user: account.user, password: account.password, aplicacion: "NidoSmart", timeoutMs: 10_000 });

  beforeAll(async () => {
    fake = await startFakeSes();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.control.reset();
    fake.control.setOptions({ charset: "utf-8", consultaLote: "on", errorsOnHttp500: false });
  });

  it("dates: our documents carry the local day without offset; the fake files both forms", async () => {
    const ours = rh("2026-07-10");
    expect(ours).toContain("<fechaEntrada>2026-07-10T00:00:00</fechaEntrada>");
    const pv = buildAltaParteHospedaje({
      property: { name: "Casa", establishmentCode: "0000012345", internetAvailable: true, timeZone: "Atlantic/Canary" },
      reservation: { reference: "PV-DATES", contractDate: "2026-11-20", checkIn: "2026-12-20", checkOut: "2026-12-22", rooms: 1, paymentType: "TARJT" },
      guests: [{ givenName: "Tom", firstSurname: "Sample", birthDate: "1983-11-02", documentType: "Pasaporte", documentNumber: "X0000000", addressStreet: "1 Example Street", addressCountry: "IRL", addressMunicipalityName: "Dublin", addressPostalCode: "D02 XY00", email: "tom@example.com" }],
    });
    expect(pv).toContain("<fechaEntrada>2026-12-20T00:00:00</fechaEntrada>");
    const withOffset = rh("2026-07-11").replace("2026-07-11T00:00:00", "2026-07-11T00:00:00+02:00");
    for (const [tipo, xml] of [["RH", ours], ["PV", pv], ["RH", withOffset]] as const) expectOk(await client().sendAlta(tipo, xml));
    await fake.control.settle();
    expect(fake.control.lotes().map((lote) => lote.codigoEstado)).toEqual([1, 1, 1]);
    expect(fake.control.filings().map((filing) => filing.fechaEntrada)).toEqual(["2026-07-10T00:00:00", "2026-12-20T00:00:00", "2026-07-11T00:00:00+02:00"]);
  });

  it("10121 on a first send is a data error with its text; on a resend in doubt it means already filed", async () => {
    fake.control.failNext("code-10121");
    const first = failureOf(await client().sendAlta("RH", rh()));
    expect(first).toMatchObject({ code: 10121, class: "data", duplicate: false, message: "Error de validación en la petición" });
    fake.control.failNext("code-10121");
    expect(failureOf(await client().sendAlta("RH", rh(), { resendInDoubt: true }))).toMatchObject({ code: 10121, duplicate: true });
    // "Lote duplicado" itself, on a send that is not in doubt, is shown as the ministry words it.
    const xml = rh();
    expectOk(await client().sendAlta("RH", xml));
    expect(failureOf(await client().sendAlta("RH", xml))).toMatchObject({ code: 10121, duplicate: false, message: "Lote duplicado" });
  });

  it("consultaLote answered 404 or 'unknown operation' is flagged unsupported; the C query answers the same", async () => {
    const sent = await client().sendAlta("RH", rh());
    expectOk(sent);
    await fake.control.settle();
    for (const mode of ["http-404", "unknown-operation"] as const) {
      fake.control.setOptions({ consultaLote: mode });
      const failure = failureOf(await client().consultaLote([sent.lote]));
      expect(failure.unsupportedOperation).toBe(true);
      const viaC = await client().consultaLoteC([sent.lote]);
      expectOk(viaC);
      expect(viaC.lotes.map((lote) => [lote.lote, lote.codigoEstado])).toEqual([[sent.lote, 1]]);
    }
  });

  it("an SES answer carried on HTTP 500 keeps its code and text", async () => {
    fake.control.setOptions({ errorsOnHttp500: true });
    fake.control.failNext("code-10120");
    const result = await client().sendAlta("RH", rh());
    expect(result.exchange.response?.status).toBe(500);
    expect(failureOf(result)).toMatchObject({ code: 10120, class: "credentials", message: "El arrendador no tiene habilitado el envío por servicio web" });
    fake.control.addAccount({ ...account, user: "OTHERWS", password: "p", codigoArrendador: "0000000009" });
    const refused = await createSesClient({ endpoint: fake.url, codigoArrendador: "0000000009", user: account.user, password: account.password, aplicacion: "NidoSmart" }).sendAlta("RH", rh());
    expect(refused.exchange.response?.status).toBe(500);
    expect(failureOf(refused)).toMatchObject({ code: 10107, message: "El usuario no corresponde con el arrendador" });
  });

  it("a SOAP Client fault shows its text and carries a bound on tries; a Server fault is a plain retry", async () => {
    fake.control.failNext("client-fault");
    const client1 = failureOf(await client().sendAlta("RH", rh()));
    expect(client1).toMatchObject({ code: "soap-client-fault", class: "retry", maxTries: SOAP_CLIENT_FAULT_TRIES, mayHaveArrived: false });
    expect(client1.message).toBe("SOAP Fault SOAP-ENV:Client: Petición no válida: el elemento cabecera no es correcto");
    fake.control.failNext("soap-fault");
    const server = failureOf(await client().sendAlta("RH", rh()));
    expect(server).toMatchObject({ code: "soap-fault", class: "retry", mayHaveArrived: true });
    expect(server.maxTries).toBeUndefined();
  });

  it("an ISO-8859-1 answer is decoded by its declared charset", async () => {
    fake.control.setOptions({ charset: "iso-8859-1" });
    fake.control.failNext("code-10121");
    const result = await client().sendAlta("RH", rh());
    expect(failureOf(result).message).toBe("Error de validación en la petición");
    const tables = await client().catalogo("TIPO_PAGO");
    expectOk(tables);
    expect(tables.tuplas).toContainEqual({ codigo: "MOVIL", descripcion: "Pago por móvil" });
  });
});

describe.each(testDatabases())("the sender and Probar conexión through the app on %s", (database) => {
  let fake: RunningFakeSes;
  let server: TestServer;
  let cookie: string;
  let propertyId: string;
  let landlordId: string;
  let ip = 0;

  function post(path: string, body: Record<string, string>) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": `10.92.${(ip >> 8) & 255}.${ip & 255}` },
      body: new URLSearchParams(body).toString(),
    });
  }
  async function createReservation(): Promise<string> {
    const response = await post("/admin/viajeros?index", {
      intent: "create",
      propertyId,
      guestCount: "1",
      checkInDate: day(3),
      checkOutDate: day(6),
      holderGivenName: "Lucía",
      holderFirstSurname: "Ejemplo",
      holderEmail: "lucia@example.com",
      bookingChannel: "direct",
    });
    expect(response.status).toBe(201);
    const [row] = await server.db.select({ id: reservations.id }).from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    return row.id;
  }
  const rhRow = async (reservationId: string) => (await server.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, reservationId)))[0];
  const settledRh = (reservationId: string, state: string) =>
    waitUntil(async () => {
      const row = await rhRow(reservationId);
      return row?.state === state ? row : null;
    }, `RH ${state}`);

  beforeAll(async () => {
    fake = await startFakeSes({ advanceOnPoll: true });
    server = await startTestServer({
      database,
      env: { TRUST_PROXY: "true", SES_SENDER: "on", SES_ENDPOINT: fake.url, SES_POLL_INTERVAL_MS: "40", SES_RETRY_BASE_MS: "40", SES_TICK_MS: "50", SES_TIMEOUT_MS: "2000", SES_CREDENTIALS_KEY: "b".repeat(64) },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await post("/admin/viajeros/arrendadores", { intent: "create", name: "Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password, application: "NidoSmart 1.0", autoSend: "true" });
    expect(created.status).toBe(201);
    [{ id: landlordId }] = await server.db.select({ id: landlordAccounts.id }).from(landlordAccounts).limit(1);
    expect((await post("/admin/viajeros/viviendas", { intent: "create", name: "Ático", address: "Calle Mayor 1, Madrid", establishmentCode: account.establecimientos[0], landlordAccountId: landlordId })).status).toBe(201);
    [{ id: propertyId }] = await server.db.select({ id: properties.id }).from(properties).limit(1);
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  beforeEach(() => {
    fake.control.setOptions({ consultaLote: "on", duplicates: "reject" });
  });

  it("saving the account ran the connection check and stored it; the button runs it again", async () => {
    const [stored] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlordId));
    expect(stored).toMatchObject({ connectionOk: true, connectionMessage: SES_CONNECTION_MESSAGES.okWithoutTls });
    expect(fake.control.counts().catalogoRequest).toBeGreaterThanOrEqual(1);
    fake.control.addAccount({ ...account, password: "changed-at-the-ministry" });
    try {
      const response = await post("/admin/viajeros/arrendadores", { intent: "test-connection", id: landlordId });
      expect(response.status).toBe(200);
      const [after] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlordId));
      expect(after.connectionOk).toBe(false);
      expect(after.connectionMessage).toBe(`${SES_CONNECTION_MESSAGES.credentials} (usuario o contraseña del servicio web, HTTP 401)`);
      const page = await (await fetch(`${server.url}/admin/viajeros/arrendadores`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain(SES_CONNECTION_MESSAGES.credentials);
    } finally {
      fake.control.addAccount(account);
    }
    expect((await post("/admin/viajeros/arrendadores", { intent: "test-connection", id: landlordId })).status).toBe(200);
    const [again] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlordId));
    expect(again.connectionOk).toBe(true);
  });

  it("10121 on the first send of a filing is an error with the ministry's text, not 'presentado, código desconocido'", async () => {
    fake.control.failNext("code-10121", { operation: "comunicacion" });
    const reservationId = await createReservation();
    const row = await settledRh(reservationId, "error");
    expect(row.errorText).toBe("Error de validación en la petición");
    expect(row.inDoubt).toBe(false);
  });

  it("after a lost reply the byte-identical resend gets 10121 'Lote duplicado': filed, lote unknown, one filing", async () => {
    fake.control.failNext("reply-lost", { operation: "comunicacion" });
    const reservationId = await createReservation();
    const row = await settledRh(reservationId, "filed_unknown");
    expect(row.errorText).toBe(SES_MESSAGES.duplicate);
    expect(row.inDoubt).toBe(true);
    expect(row.attempts).toBe(2);
    await fake.control.settle();
    expect(fake.control.filings().filter((filing) => filing.referencia === reservationId)).toHaveLength(1);
  });

  it("after a definite answer (10999) a 10121 to the resend is not read as a duplicate", async () => {
    fake.control.failNext("code-10999", { operation: "comunicacion" });
    fake.control.failNext("code-10121", { operation: "comunicacion" });
    const reservationId = await createReservation();
    const row = await settledRh(reservationId, "error");
    expect(row).toMatchObject({ attempts: 2, inDoubt: false, errorText: "Error de validación en la petición" });
  });

  it.each(["http-404", "unknown-operation"] as const)("consultaLote answered %s: polled through C, accepted, the queue keeps going", async (mode) => {
    fake.control.setOptions({ consultaLote: mode });
    const before = fake.control.counts().consultaLoteRequest ?? 0;
    const reservationId = await createReservation();
    const row = await settledRh(reservationId, "accepted");
    expect(row.codigoComunicacion).toMatch(/^[0-9a-f-]{36}$/);
    const [landlord] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlordId));
    expect(landlord.queueStoppedReason).toBeNull();
    // Tried once in this process at most, then C only (the fallback is remembered).
    expect((fake.control.counts().consultaLoteRequest ?? 0) - before).toBeLessThanOrEqual(1);
    const polls = await server.db.select().from(sesAttempts).where(eq(sesAttempts.operation, "comunicacion-C"));
    expect(polls.length).toBeGreaterThan(0);
  });

  it(`a SOAP Client fault stops after ${SOAP_CLIENT_FAULT_TRIES} tries with its text`, async () => {
    fake.control.failNext("client-fault", { operation: "comunicacion", times: SOAP_CLIENT_FAULT_TRIES });
    const reservationId = await createReservation();
    const row = await settledRh(reservationId, "error");
    expect(row.attempts).toBe(SOAP_CLIENT_FAULT_TRIES);
    expect(row.errorText).toBe("SOAP Fault SOAP-ENV:Client: Petición no válida: el elemento cabecera no es correcto");
  });
});

describe("the app against an HTTPS ministry whose chain it lacks, then given SES_CA_FILE", () => {
  let pki: TestPki;
  let fake: RunningFakeSes;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    pki = createTestPki();
    fake = await startFakeSes({ tls: { key: pki.leafKey, cert: pki.leafPem }, advanceOnPoll: true });
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    servers = [];
    await fake?.close();
    pki?.cleanup();
  });

  async function boot(env: Record<string, string>) {
    const server = await startTestServer({
      env: { TRUST_PROXY: "true", SES_SENDER: "on", SES_ENDPOINT: fake.url, SES_POLL_INTERVAL_MS: "40", SES_RETRY_BASE_MS: "40", SES_TICK_MS: "50", SES_TIMEOUT_MS: "2000", SES_CREDENTIALS_KEY: "c".repeat(64), ...env },
    });
    servers.push(server);
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const post = (path: string, body: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie }, body: new URLSearchParams(body).toString() });
    return { server, post };
  }

  it("without the chain: the save says so in words, the landlord's queue stops instead of retrying; with SES_CA_FILE the check passes", async () => {
    const { server, post } = await boot({});
    const created = await post("/admin/viajeros/arrendadores", { intent: "create", name: "Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password, application: "NidoSmart", autoSend: "true" });
    expect(created.status).toBe(201);
    const [landlord] = await server.db.select().from(landlordAccounts);
    expect(landlord.connectionOk).toBe(false);
    // The app's store is Node's roots plus the shipped FNMT pair, so OpenSSL names the missing
    // issuer "locally"; with Node's bare store it says UNABLE_TO_VERIFY_LEAF_SIGNATURE (above).
    expect(landlord.connectionMessage).toBe(`${SES_TLS_MESSAGES.chain} (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)`);
    expect((await post("/admin/viajeros/viviendas", { intent: "create", name: "Ático", address: "Calle Mayor 1", establishmentCode: account.establecimientos[0], landlordAccountId: landlord.id })).status).toBe(201);
    const [property] = await server.db.select().from(properties);
    const reservation = await post("/admin/viajeros?index", {
      intent: "create",
      propertyId: property.id,
      guestCount: "1",
      checkInDate: day(3),
      checkOutDate: day(6),
      holderGivenName: "Lucía",
      holderFirstSurname: "Ejemplo",
      holderEmail: "lucia@example.com",
      bookingChannel: "direct",
    });
    expect(reservation.status).toBe(201);
    const stopped = await waitUntil(async () => {
      const [row] = await server.db.select().from(landlordAccounts).where(eq(landlordAccounts.id, landlord.id));
      return row.queueStoppedReason ? row : null;
    }, "the landlord's queue to stop on the TLS failure");
    expect(stopped.queueStoppedReason).toBe(`${SES_MESSAGES.queueStoppedTls}: ${SES_TLS_MESSAGES.chain} (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)`);
    const [row] = await server.db.select().from(sesCommunications);
    expect(row).toMatchObject({ state: "queued", attempts: 0, inDoubt: false });
    expect(fake.control.counts().comunicacionRequest).toBeUndefined();
    await server.stop();
    servers = servers.filter((entry) => entry !== server);

    // Same PKI, a fresh app given the test intermediate as its CA file: the button says it is right.
    const caFile = pki.writeFile("app-ca.pem", pki.intermediatePem);
    const second = await boot({ SES_CA_FILE: caFile });
    expect(
      (await second.post("/admin/viajeros/arrendadores", { intent: "create", name: "Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password, application: "NidoSmart", autoSend: "false" })).status,
    ).toBe(201);
    const [secured] = await second.server.db.select().from(landlordAccounts);
    const tested = await second.post("/admin/viajeros/arrendadores", { intent: "test-connection", id: secured.id });
    expect(tested.status).toBe(200);
    const [after] = await second.server.db.select().from(landlordAccounts);
    expect(after).toMatchObject({ connectionOk: true, connectionMessage: SES_CONNECTION_MESSAGES.ok });
  });
});
