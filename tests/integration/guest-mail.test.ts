import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landlordAccounts, mailOutbox, properties, reservations } from "#app/db/schema.ts";
import { registerDevice } from "#app/modules/door/door.server.ts";
import { MAIL_MESSAGES } from "#app/modules/mail/mail.schema.ts";
import { RESERVATION_MESSAGES } from "#app/modules/reservations/reservations.schema.ts";
import { mimePart, parseMime } from "#tests/helpers/mime.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";

// "Enviar enlace", the link on creation and the "not configured" answers over real HTTP, a real
// database and a real SMTP server in this process. On PostgreSQL two servers share the database
// and both run the mail worker: every e-mail still arrives once.

const decodeHtml = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function readable(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
  return Buffer.from(unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}

function isoDaysFromToday(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

const HOLDER = {
  holderGivenName: "Lena",
  holderFirstSurname: "Muster",
  holderEmail: "lena@example.com",
  holderPhone: "",
  holderDocumentType: "",
  holderDocumentNumber: "",
  holderLang: "de",
  bookingChannel: "direct",
};
const stay = { guestCount: "2", checkInDate: isoDaysFromToday(10), checkOutDate: isoDaysFromToday(13) };

describe.each(testDatabases())("guest link e-mails over HTTP on %s", (kind) => {
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: { to: string[]; raw: string; original: string }[] = [];
  let testDatabase: TestDatabase;
  let server: TestServer;
  let twin: TestServer | undefined;
  let noMail: TestServer;
  let cookie = "";
  let noMailCookie = "";
  let propertyId = "";

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: readable(Buffer.concat(chunks).toString("latin1")), original: Buffer.concat(chunks).toString("latin1") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STAFF_NOTIFY_TO: "equipo@nido.example",
      MAIL_REPLY_TO: "reservas@nido.example",
      TRUST_PROXY: "true",
    };
    testDatabase = await createTestDatabase(kind);
    server = await startTestServer({ testDatabase, env });
    if (kind === "postgres") twin = await startTestServer({ testDatabase, env });
    noMail = await startTestServer({ database: kind, env: { TRUST_PROXY: "true" } });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    noMailCookie = await noMail.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    for (const [target, targetCookie] of [
      [server, cookie],
      [noMail, noMailCookie],
    ] as const) {
      const created = await post(target, "/admin/viajeros/viviendas", { intent: "create", name: "Casa Azul", address: "Calle Mar 1", establishmentCode: "H0001" }, targetCookie);
      expect(created.status).toBe(201);
    }
    [{ id: propertyId }] = await server.db.select({ id: properties.id }).from(properties).limit(1);
    // The property's landlord: the host the guest e-mails name.
    const [landlord] = await server.db
      .insert(landlordAccounts)
      .values({ name: "Apartamentos Sol S.L.", landlordCode: "0000000042", wsUser: "ws-sol" })
      .returning({ id: landlordAccounts.id });
    await server.db.update(properties).set({ landlordAccountId: landlord!.id }).where(eq(properties.id, propertyId));
  });
  afterAll(async () => {
    await twin?.stop();
    await server?.stop();
    await noMail?.stop();
    await testDatabase?.drop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  let ip = 0;
  function post(target: TestServer, path: string, body: Record<string, string>, withCookie: string) {
    ip += 1;
    return fetch(`${target.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: target.url,
        "X-Forwarded-For": `10.91.${(ip >> 8) & 255}.${ip & 255}`,
        Cookie: withCookie,
      },
      body: new URLSearchParams(body).toString(),
    });
  }

  /** Waits until every queued e-mail has been sent (the workers poll every few seconds). */
  async function allSent() {
    for (;;) {
      const rows = await server.db.select({ status: mailOutbox.status }).from(mailOutbox);
      if (rows.length > 0 && rows.every((row) => row.status === "sent")) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test("creation with the switch on, then Enviar enlace: one e-mail each, in German, recorded on the reservation", async () => {
    await registerDevice(server.db, { deviceId: `ns01-mail-${kind}`, name: "Puerta", propertyId });
    const created = await post(server, "/admin/viajeros?index", { intent: "create", propertyId, ...stay, ...HOLDER, sendLink: "on" }, cookie);
    expect(created.status).toBe(201);
    expect(decodeHtml(await created.text())).toContain("Reserva creada exitosamente. Enlace enviado por email al titular.");
    const [row] = await server.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    expect(row.holderLang).toBe("de");
    await allSent();
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["lena@example.com"]);
    expect(received[0].raw).toContain("Hallo Lena,");
    expect(received[0].raw).toContain(`/registro-viajeros/${row.uniqueLink}?lang=de`);
    expect(received[0].raw).toContain("Link zum Öffnen der Tür");
    expect(received[0].raw).toContain("/apertura-puerta?");
    // Answers reach staff (MAIL_REPLY_TO); a text and an HTML part; German dates; the host named.
    const mail = parseMime(received[0].original);
    expect(mail.headers["reply-to"]).toBe("reservas@nido.example");
    const germanDay = (iso: string) => iso.split("-").reverse().join(".");
    const text = mimePart(mail, "text/plain")!;
    expect(text).toContain(`Casa Azul (${germanDay(stay.checkInDate)} bis ${germanDay(stay.checkOutDate)})`);
    expect(text).toContain("Apartamentos Sol S.L. ist Ihr Gastgeber in Casa Azul.");
    const html = mimePart(mail, "text/html")!;
    expect(html).toContain('<html lang="de">');
    expect(html).toMatch(/<a href="[^"]+\/apertura-puerta\?[^"]+"[^>]*>Tür öffnen<\/a>/);

    const sent = await post(twin ?? server, "/admin/viajeros?index", { intent: "send-link", id: row.id }, twin ? await twin.signIn(TEST_ADMIN.email, TEST_ADMIN.password) : cookie);
    expect(sent.status).toBe(200);
    expect(decodeHtml(await sent.text())).toContain(MAIL_MESSAGES.queued);
    await allSent();
    expect(received).toHaveLength(2);
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, row.id))).toHaveLength(2);

    // The guests dialog lists them: which, to whom, when.
    const view = decodeHtml(await (await post(server, "/admin/viajeros?index", { intent: "view-guests", id: row.id }, cookie)).text());
    expect(view).toContain("lena@example.com");
    expect(view).toContain("Gästeregistrierung: Casa Azul");
  });

  test("a holder language that is not one of the six → 400, nothing stored", async () => {
    const before = await server.db.select({ id: reservations.id }).from(reservations);
    const response = await post(server, "/admin/viajeros?index", { intent: "create", propertyId, ...stay, ...HOLDER, holderLang: "nl" }, cookie);
    expect(response.status).toBe(400);
    expect(decodeHtml(await response.text())).toContain(RESERVATION_MESSAGES.holderLangInvalid);
    expect(await server.db.select({ id: reservations.id }).from(reservations)).toHaveLength(before.length);
  });

  test("without SMTP_URL: Enviar enlace says mail is not set up, creation says the link was not sent, nothing queued", async () => {
    const [property] = await noMail.db.select({ id: properties.id }).from(properties).limit(1);
    const created = await post(noMail, "/admin/viajeros?index", { intent: "create", propertyId: property.id, ...stay, ...HOLDER, sendLink: "on" }, noMailCookie);
    expect(created.status).toBe(201);
    expect(decodeHtml(await created.text())).toContain("Reserva creada exitosamente. El correo no está configurado (SMTP_URL): no se ha enviado el enlace.");
    const [row] = await noMail.db.select({ id: reservations.id }).from(reservations).limit(1);
    const sent = await post(noMail, "/admin/viajeros?index", { intent: "send-link", id: row.id }, noMailCookie);
    expect(sent.status).toBe(503);
    expect(decodeHtml(await sent.text())).toContain("El correo no está configurado (SMTP_URL)");
    expect(await noMail.db.select().from(mailOutbox)).toEqual([]);
  });
});
