import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { ertzaintzaCredentials, landlordAccounts, policeTasks, properties, reservations, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { createErtzaintzaClient } from "#app/modules/ertzaintza/ertzaintza-client.server.ts";
import { CERTIFICATE_MESSAGES } from "#app/modules/ertzaintza/ertzaintza-certificate.server.ts";
import { type GuestFormValues } from "#app/modules/guests/guests.schema.ts";
import { startFakeErtzaintza, type RunningFakeErtzaintza } from "#tests/fake-ertzaintza/fake-ertzaintza.ts";
import { startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { validGuestForm } from "#tests/helpers/guest-fixtures.ts";
import { createSigningCertificates, P12_PASSWORD, type TestSigningCertificates } from "#tests/helpers/test-signing-certificates.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Issue 22 item 4 end to end: a landlord account with only an Ertzaintza certificate (uploaded
// as a PKCS#12 through the real Arrendadores route), a property in Bizkaia, a guest registering
// over HTTP. The server's own sender signs and files the PV with the fake A19 service, which
// verifies the signature against the certificate; the fake SES counts that it heard nothing.
// Then the paths the service forces: CTO01 on a resend after a crash (lease taken over), a data
// error shown in Spanish, a cancellation and a correction that become staff tasks.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const HOLDER = { holderGivenName: "Lucía", holderFirstSurname: "Ejemplo", holderEmail: "lucia@example.com", holderPhone: "+34 600 000 000", bookingChannel: "direct" };
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

let ip = 0;

// One set of throwaway certificates for both databases: openssl takes seconds to make them.
let certs: TestSigningCertificates;
beforeAll(() => {
  certs = createSigningCertificates();
});
afterAll(() => certs?.cleanup());

describe.each(testDatabases())("the Ertzaintza outbox against the fake A19 service on %s", (database) => {
  let ertzaintza: RunningFakeErtzaintza;
  let ses: RunningFakeSes;
  let server: TestServer;
  let cookie: string;
  let landlordId: string;
  let propertyId: string;
  let xmlsecDir: string;

  function headers(withCookie = true) {
    ip += 1;
    return { Origin: server.url, "X-Forwarded-For": `10.93.${(ip >> 8) & 255}.${ip & 255}`, ...(withCookie ? { Cookie: cookie } : {}) };
  }
  const post = (path: string, body: Record<string, string>, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers(withCookie) },
      body: new URLSearchParams(body).toString(),
    });
  const get = async (path: string) => decode(await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text());
  /** The certificate upload as the dialog sends it: multipart, the file as a Blob. */
  function uploadCertificate(file: Buffer, password: string, lessorCode = "") {
    const form = new FormData();
    form.set("intent", "ertzaintza-certificate");
    form.set("id", landlordId);
    form.set("certificate", new Blob([new Uint8Array(file)], { type: "application/x-pkcs12" }), "certificado.p12");
    form.set("certificatePassword", password);
    form.set("lessorCode", lessorCode);
    return fetch(`${server.url}/admin/viajeros/arrendadores`, { method: "POST", redirect: "manual", headers: headers(), body: form });
  }

  async function createReservation() {
    const response = await post("/admin/viajeros?index", { intent: "create", propertyId, guestCount: "1", checkInDate: day(3), checkOutDate: day(6), ...HOLDER });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    return row!;
  }
  async function register(link: string) {
    const fields: Record<string, string> = { client: "js" };
    for (const [field, value] of Object.entries(validGuestForm())) fields[guestInputName(0, field as keyof GuestFormValues)] = value ?? "";
    expect((await post(`/registro-viajeros/${link}?lang=es&personas=1`, fields, false)).status).toBe(201);
  }
  const pvOf = (reservationId: string) =>
    server.db.select().from(sesCommunications).where(and(eq(sesCommunications.reservationId, reservationId), eq(sesCommunications.kind, "PV"))).orderBy(sesCommunications.createdAt);
  const settled = (reservationId: string, state: string) =>
    waitUntil(async () => (await pvOf(reservationId)).find((row) => row.state === state) ?? null, `PV ${state} of ${reservationId}`);
  const filingsOf = (reference: string) => ertzaintza.control.filings().filter((filing) => filing.referencia === reference);

  beforeAll(async () => {
    xmlsecDir = mkdtempSync(path.join(tmpdir(), "ertzaintza-xmlsec-"));
    ertzaintza = await startFakeErtzaintza({ authorisedTaxIds: [certs.person.taxId], establishments: { [certs.person.taxId]: ["480000"] } });
    ses = await startFakeSes({ advanceOnPoll: true });
    server = await startTestServer({
      database,
      env: {
        TRUST_PROXY: "true",
        SES_SENDER: "on",
        SES_ENDPOINT: ses.url,
        ERTZAINTZA_ENDPOINT: ertzaintza.url,
        SES_POLL_INTERVAL_MS: "40",
        SES_RETRY_BASE_MS: "40",
        // A lease run out and a retry come due between nudges: looked for every 50 ms, not every second.
        SES_TICK_MS: "50",
        SES_TIMEOUT_MS: "5000",
        SES_CREDENTIALS_KEY: "b".repeat(64),
      },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    // An account of Basque properties only: no SES user or password.
    const account = { intent: "create", name: "Ejemplo Bizkaia SL", landlordCode: "B00000048", wsUser: "", wsPassword: "", application: "NidoSmart 1.0" };
    expect((await post("/admin/viajeros/arrendadores", account)).status).toBe(201);
    [{ id: landlordId }] = await server.db.select({ id: landlordAccounts.id }).from(landlordAccounts).limit(1);
    // Automatic sending needs the password or the certificate.
    expect((await post("/admin/viajeros/arrendadores", { ...account, intent: "update", id: landlordId, autoSend: "true" })).status).toBe(400);
    expect(
      (await post("/admin/viajeros/viviendas", { intent: "create", name: "Piso Abando", address: "Calle Ercilla 1, Bilbao", establishmentCode: "480000", landlordAccountId: landlordId, provinceCode: "48", policeRecipient: "auto" })).status,
    ).toBe(201);
    [{ id: propertyId }] = await server.db.select({ id: properties.id }).from(properties).limit(1);
  });

  afterAll(async () => {
    await server?.stop();
    await ertzaintza?.close();
    await ses?.close();
    if (xmlsecDir) rmSync(xmlsecDir, { recursive: true, force: true });
  });

  test("the certificate upload: wrong password, not a certificate, expired → 400 in Spanish, nothing stored; the right one is saved encrypted, checked, and shown by what it says", async () => {
    for (const [file, password, message] of [
      [certs.person.p12, "no-es-esta", CERTIFICATE_MESSAGES.wrongPassword],
      [Buffer.from("no soy un certificado"), P12_PASSWORD, CERTIFICATE_MESSAGES.notCertificate],
      [certs.expiredP12, P12_PASSWORD, "El certificado caducó el"],
    ] as const) {
      const response = await uploadCertificate(file, password);
      expect(response.status).toBe(400);
      expect(decode(await response.text())).toContain(message);
    }
    expect(await server.db.select().from(ertzaintzaCredentials)).toEqual([]);

    const saved = await uploadCertificate(certs.person.legacyP12, P12_PASSWORD);
    expect(saved.status).toBe(200);
    expect(decode(await saved.text())).toContain("Certificado guardado. Prueba de conexión: Conexión correcta con la Ertzaintza: firma aceptada y certificado autorizado");
    const [row] = await server.db.select().from(ertzaintzaCredentials);
    expect(row).toMatchObject({ lessorCode: "12345678Z", taxId: "12345678Z", connectionOk: true });
    expect(row.certificateEncrypted).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.certificateEncrypted).not.toContain("PRIVATE");
    // The page names the certificate; neither its key nor the ciphertext nor the password reach it.
    for (const pathname of ["/admin/viajeros/arrendadores", "/admin/viajeros/arrendadores.data"]) {
      const page = await get(pathname);
      expect(page).toContain("EJEMPLO FICTICIA LUCÍA - 12345678Z");
      for (const secret of [P12_PASSWORD, row.certificateEncrypted.split(".")[4]!, certs.person.privateKeyPem.split("\n")[1]!]) expect(page).not.toContain(secret);
    }
    const probe = ertzaintza.control.answers().at(-1);
    expect(probe).toBe("PET07");
    // Now automatic sending can be switched on with the certificate alone.
    expect(
      (await post("/admin/viajeros/arrendadores", { intent: "update", id: landlordId, name: "Ejemplo Bizkaia SL", landlordCode: "B00000048", wsUser: "", wsPassword: "", application: "NidoSmart 1.0", autoSend: "true" }))
        .status,
    ).toBe(200);
  });

  test("a guest registers in Bilbao: the PV is signed and accepted by the Ertzaintza, the signature verifies with xmlsec1 too, and SES hears nothing", async () => {
    const stay = await createReservation();
    await register(stay.uniqueLink);
    const pv = await settled(stay.id, "accepted");
    expect(pv.recipient).toBe("ertzaintza");
    const [filing] = filingsOf(stay.reference);
    expect(filing).toMatchObject({ establecimiento: "480000", codigoArrendador: "12345678Z", tipo: "PV", peticion: pv.codigoComunicacion });
    expect(filing.solicitud).toContain("<rol>TI</rol><nombre>Lucía</nombre>");
    expect(filing.solicitud).toContain(`<fechaContrato>${stay.checkInDate}</fechaContrato>`);
    // The envelope the server sent, verified by an independent implementation (libxmlsec1).
    const envelope = ertzaintza.control.envelopes().find((xml) => xml.includes(`<referencia>${stay.reference}</referencia>`))!;
    writeFileSync(path.join(xmlsecDir, "pv.xml"), envelope);
    writeFileSync(path.join(xmlsecDir, "cert.pem"), certs.person.certificatePem);
    const verified = execFileSync("xmlsec1", ["--verify", "--pubkey-cert-pem", "cert.pem", "--id-attr:Id", "Body", "--id-attr:Id", "Timestamp", "--id-attr:Id", "BinarySecurityToken", "pv.xml"], {
      cwd: xmlsecDir,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
    expect(verified).toBeDefined();
    // Nothing at all went to SES: no RH, no PV, no query.
    expect(ses.control.counts()).toEqual({ lotes: 0, filings: 0 }); // no request counter at all
    // The audit trail keeps the signed exchange; the reservation row and Comunicaciones say it.
    const [attempt] = await server.db.select().from(sesAttempts).where(eq(sesAttempts.communicationId, pv.id));
    expect(attempt).toMatchObject({ operation: "envioFicheroXML-PV", outcome: "ok" });
    expect(attempt.requestBody).not.toContain("PRIVATE KEY");
    const rows = await get("/admin/viajeros");
    expect(rows).toMatch(/data-police-recipient="ertzaintza"[^]*?data-ses-state="accepted"/);
    const communications = await get("/admin/viajeros/comunicaciones");
    expect(communications).toContain(pv.codigoComunicacion!);
    expect(communications).toContain('data-recipient="ertzaintza"');
  });

  test("a crash after the service stored the PV: the lease runs out, another round resends it and CTO01 counts as done; one filing", async () => {
    const stay = await createReservation();
    await register(stay.uniqueLink);
    const pv = await settled(stay.id, "accepted");
    // As if the instance died after the POST reached the service: the row is back in "sending"
    // with an expired lease, its bytes already filed.
    await server.db.execute(sql`UPDATE ses_communications SET state = 'sending', lease_until = now() - interval '1 second', in_doubt = false, codigo_comunicacion = NULL WHERE id = ${pv.id}`);
    const again = await waitUntil(async () => {
      const [row] = await server.db.select().from(sesCommunications).where(eq(sesCommunications.id, pv.id));
      return row.state === "accepted" && row.attempts === 2 ? row : null;
    }, "PV taken over and accepted");
    expect(again.inDoubt).toBe(true);
    expect(again.errorText).toBe("La Ertzaintza ya tenía este parte (CTO01 al reenviarlo tras una respuesta perdida): consta como presentado.");
    expect(filingsOf(stay.reference)).toHaveLength(1);
    expect(ertzaintza.control.answers()).toContain("CTO01");

    // A reply lost in flight (stored, connection dropped) ends the same way.
    const lost = await createReservation();
    ertzaintza.control.failNext("reply-lost");
    await register(lost.uniqueLink);
    const landed = await settled(lost.id, "accepted");
    expect(landed).toMatchObject({ inDoubt: true, attempts: 2 });
    expect(filingsOf(lost.reference)).toHaveLength(1);
  });

  test("a data error (the reference already used by another filing) is an error shown in Spanish with the service's text, not retried", async () => {
    const stay = await createReservation();
    // Someone else filed this contract number first (as the service sees it).
    const other = createErtzaintzaClient({
      endpoint: ertzaintza.url,
      lessorCode: certs.person.taxId,
      aplicacion: "otro",
      signingKey: { certificatePem: certs.person.certificatePem, privateKeyPem: certs.person.privateKeyPem },
      timeoutMs: 5_000,
    });
    const squatter = `<?xml version="1.0" encoding="UTF-8"?>\n<alt:peticion xmlns:alt="http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV"><solicitud><codigoEstablecimiento>480000</codigoEstablecimiento><comunicacion><contrato><referencia>${stay.reference}</referencia><fechaContrato>${stay.checkInDate}</fechaContrato><fechaEntrada>${stay.checkInDate}T00:00:00</fechaEntrada><fechaSalida>${stay.checkOutDate}T00:00:00</fechaSalida><numPersonas>1</numPersonas><pago><tipoPago>EFECT</tipoPago></pago></contrato><persona><rol>TI</rol><nombre>Otro</nombre><apellido1>Huésped</apellido1><tipoDocumento>PAS</tipoDocumento><numeroDocumento>X1</numeroDocumento><fechaNacimiento>1980-01-01</fechaNacimiento><nacionalidad>FRA</nacionalidad><direccion><direccion>Rue 1</direccion><nombreMunicipio>Paris</nombreMunicipio><codigoPostal>75001</codigoPostal><pais>FRA</pais></direccion><correo>otro@example.com</correo></persona></comunicacion></solicitud></alt:peticion>`;
    expect(await other.send("PV", squatter)).toMatchObject({ outcome: "done" });
    await register(stay.uniqueLink);
    const failed = await settled(stay.id, "error");
    expect(failed.errorText).toBe("La Ertzaintza rechazó el parte: El contrato ya existe (C_1_CTO01)");
    expect(failed.attempts).toBe(1);
    expect(await get("/admin/viajeros")).toContain("La Ertzaintza rechazó el parte: El contrato ya existe (C_1_CTO01)");
    expect(await get("/admin/viajeros/comunicaciones")).toContain("La Ertzaintza rechazó el parte: El contrato ya existe (C_1_CTO01)");
    // No B exists for the Ertzaintza: "Anular" is refused with the reason.
    const accepted = (await server.db.select().from(sesCommunications).where(and(eq(sesCommunications.recipient, "ertzaintza"), eq(sesCommunications.state, "accepted"))).limit(1))[0];
    const annul = await post("/admin/viajeros/comunicaciones", { intent: "annul", id: accepted.id });
    expect(annul.status).toBe(409);
    expect(decode(await annul.text())).toContain("La Ertzaintza no tiene anulación por servicio web");
  });

  test("a cancellation or a correction after acceptance becomes a staff task with the steps; nothing more is sent", async () => {
    const stay = await createReservation();
    await register(stay.uniqueLink);
    await settled(stay.id, "accepted");
    const requests = ertzaintza.control.requests();

    // A change of the stay: no second PV (the service would answer CTO01), a correction task.
    expect((await post("/admin/viajeros?index", { intent: "update", id: stay.id, guestCount: "1", checkInDate: stay.checkInDate, checkOutDate: day(8), ...HOLDER })).status).toBe(200);
    expect((await post("/admin/viajeros?index", { intent: "cancel", id: stay.id })).status).toBe(200);
    const tasks = await server.db.select().from(policeTasks).where(eq(policeTasks.reservationId, stay.id)).orderBy(policeTasks.createdAt);
    expect(tasks.map((task) => task.kind)).toEqual(["ertzaintza-correct", "ertzaintza-cancel"]);
    expect(tasks[1].steps).toContain(`busca el parte de viajeros del contrato ${stay.reference}`);
    expect(tasks[1].steps).toContain("con el usuario del establecimiento 480000 (arrendador 12345678Z)");
    expect(tasks[1].steps).toContain("el servicio web de la Ertzaintza no tiene operación de anulación");
    expect(await pvOf(stay.id)).toHaveLength(1);
    const page = await get("/admin/viajeros/comunicaciones");
    expect(page).toContain("Anular en el portal de la Ertzaintza");
    expect(page).toContain("Corregir en el portal de la Ertzaintza");
    // Three more full rounds of the sender: still nothing sent for it.
    for (let round = 0; round < 3; round++) await server.running.sesSender!.runOnce();
    expect(ertzaintza.control.requests()).toBe(requests);
  });

  test("a certificate the service refuses stops this account's Ertzaintza queue with words; a new upload resumes it", async () => {
    expect((await uploadCertificate(certs.stranger.p12, P12_PASSWORD)).status).toBe(200);
    const stay = await createReservation();
    await register(stay.uniqueLink);
    const stopped = await waitUntil(async () => {
      const [row] = await server.db.select().from(ertzaintzaCredentials).where(eq(ertzaintzaCredentials.landlordAccountId, landlordId));
      return row.queueStoppedReason ? row : null;
    }, "Ertzaintza queue stopped");
    expect(stopped.queueStoppedReason).toContain("Envío a la Ertzaintza detenido: La Ertzaintza no autoriza este certificado");
    const [waiting] = await pvOf(stay.id);
    expect(waiting.state).toBe("queued");
    expect(await get("/admin/viajeros/comunicaciones")).toContain(`data-stopped-ertzaintza="${landlordId}"`);
    expect((await uploadCertificate(certs.person.p12, P12_PASSWORD)).status).toBe(200);
    await settled(stay.id, "accepted");
    expect(filingsOf(stay.reference)).toHaveLength(1);
    expect(ses.control.counts()).toEqual({ lotes: 0, filings: 0 }); // no request counter at all
  });
});
