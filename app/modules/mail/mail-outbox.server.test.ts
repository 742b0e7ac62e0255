import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { landlordAccounts, mailOutbox, properties, reservations } from "#app/db/schema.ts";
import {
  createTestDatabase,
  testDatabases,
  type TestDatabase,
} from "#tests/helpers/test-server.ts";
import { mimePart, parseMime } from "#tests/helpers/mime.ts";
import {
  runMailSchedule,
  sendGuestLink,
  type MailSettings,
} from "./guest-mail.server.ts";
import {
  claimDueMail,
  MAX_MAIL_ATTEMPTS,
  runMailWorkerOnce,
  SENDING_LEASE_MS,
} from "./mail-outbox.server.ts";
import { mailReplyToFrom } from "./mail-service.server.ts";
import { createSmtpSender } from "./mail-transport.server.ts";
import { MAIL_MESSAGES } from "./mail.schema.ts";

// The outbox against a real database and a real SMTP server in this process: one e-mail per
// event even when two instances (two connection pools on one PostgreSQL; on PGlite, two
// concurrent callers) queue, schedule and send at the same time; reminders and the arrival-day
// list on a fake clock; a crash between sending and marking; mail not configured.

type Received = { to: string[]; raw: string; original: string };

/** Headers unfolded and quoted-printable decoded, to read the message as the recipient would. */
function readable(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
    "latin1",
  ).toString("utf8");
}

// 2026-09-10 in Madrid (UTC+2): 11:59 and 12:00 local.
const BEFORE_NOON = new Date("2026-09-10T09:59:00Z");
const NOON = new Date("2026-09-10T10:00:00Z");
const SITE = "https://nido.example";

describe.each(testDatabases())("mail outbox on %s", (kind) => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;
  let smtp: SMTPServer;
  let smtpUrl = "";
  const received: Received[] = [];
  let propertyId = "";
  const settings = (): MailSettings => ({
    enabled: true,
    siteUrl: SITE,
    reminderDays: 2,
    staffTo: ["equipo@nido.example"],
  });

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    first = await testDatabase.open();
    // Two instances on one PostgreSQL; PGlite is one process's database, so both are one handle.
    second = kind === "postgres" ? await testDatabase.open() : first;
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: readable(Buffer.concat(chunks).toString("latin1")),
            original: Buffer.concat(chunks).toString("latin1"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) =>
      smtp.listen(0, "127.0.0.1", () => resolve()),
    );
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (second && second !== first) await second.close();
    await first?.close();
    await testDatabase?.drop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(async () => {
    received.length = 0;
    await first.db.delete(mailOutbox);
    await first.db.delete(reservations);
    await first.db.delete(properties);
    await first.db.delete(landlordAccounts);
    [{ id: propertyId }] = await first.db
      .insert(properties)
      .values({
        name: "Casa Azul",
        address: "Calle Mar 1",
        establishmentCode: "0000000001",
      })
      .returning({ id: properties.id });
  });

  let linkSeq = 0;
  async function reservation(
    values: Partial<typeof reservations.$inferInsert> = {},
  ) {
    linkSeq++;
    const [row] = await first.db
      .insert(reservations)
      .values({
        propertyId,
        propertyName: "Casa Azul",
        guestCount: 2,
        checkInDate: "2026-09-12",
        checkOutDate: "2026-09-15",
        uniqueLink: `mailtestlink${String(linkSeq).padStart(10, "0")}`,
        holderGivenName: "Lena",
        holderFirstSurname: "Muster",
        holderEmail: `lena${linkSeq}@example.com`,
        holderLang: "de",
        createdAt: new Date("2026-09-01T10:00:00Z"),
        ...values,
      })
      .returning();
    return row;
  }

  /** Both instances' workers at once, until nothing is due. */
  async function drain(now: Date) {
    const senders = [
      createSmtpSender(smtpUrl, { messageIdDomain: "nido.example" }),
      createSmtpSender(smtpUrl, { messageIdDomain: "nido.example" }),
    ];
    try {
      for (;;) {
        const sent = await Promise.all([
          runMailWorkerOnce(first.db, senders[0].send, { now }),
          runMailWorkerOnce(second.db, senders[1].send, { now }),
        ]);
        if (sent[0] + sent[1] === 0) break;
      }
    } finally {
      for (const sender of senders) sender.close();
    }
  }

  test("a guest e-mail names the host, answers go to staff, and it has a text and an escaped HTML part", async () => {
    const [landlord] = await first.db
      .insert(landlordAccounts)
      .values({ name: "Ferienwohnungen Sol & Mar S.L.", landlordCode: "0000000042", wsUser: "ws-sol" })
      .returning({ id: landlordAccounts.id });
    await first.db.update(properties).set({ landlordAccountId: landlord!.id }).where(eq(properties.id, propertyId));
    const hostile = `Casa <script>alert("x")</script>`;
    const row = await reservation({ propertyName: hostile, checkInDate: "2026-12-10", checkOutDate: "2026-12-13" });
    expect((await sendGuestLink(first.db, settings(), { reservationId: row.id, trigger: "created", now: NOON })).ok).toBe(true);
    const sender = createSmtpSender(smtpUrl, { messageIdDomain: "nido.example", replyTo: ["reservas@nido.example"] });
    try {
      expect(await runMailWorkerOnce(first.db, sender.send, { now: NOON })).toBe(1);
    } finally {
      sender.close();
    }
    expect(received).toHaveLength(1);
    const mail = parseMime(received[0].original);
    expect(mail.headers["reply-to"]).toBe("reservas@nido.example");
    expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative;/);
    const text = mimePart(mail, "text/plain")!;
    const html = mimePart(mail, "text/html")!;
    // German dates as Germans write them; the property and its host named.
    expect(text).toContain(`vielen Dank für Ihre Buchung in ${hostile} (10.12.2026 bis 13.12.2026)`);
    expect(text).toContain(`Ferienwohnungen Sol & Mar S.L. ist Ihr Gastgeber in ${hostile}. Bei Fragen antworten Sie einfach auf diese E-Mail.`);
    expect(text).toContain(`${SITE}/registro-viajeros/${row.uniqueLink}?lang=de`);
    // The HTML part: every value escaped, the link a real link, the language declared.
    expect(html).toContain('<html lang="de">');
    expect(html).not.toContain("<script");
    expect(html).toContain("Casa &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; (10.12.2026 bis 13.12.2026)");
    expect(html).toContain("Ferienwohnungen Sol &amp; Mar S.L.");
    expect(html).toMatch(new RegExp(`<a href="${SITE}/registro-viajeros/${row.uniqueLink}\\?lang=de"[^>]*>Gäste registrieren</a>`));
    expect(html).toContain("<title>Gästeregistrierung: Casa &lt;script&gt;");
  });

  test("Reply-To: MAIL_REPLY_TO, else STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO; staff lists get none", async () => {
    const base = { SMTP_URL: "smtp://127.0.0.1:25" } as Parameters<typeof mailReplyToFrom>[0];
    expect(mailReplyToFrom({ ...base, MAIL_REPLY_TO: ["a@x.example"], STAFF_NOTIFY_TO: ["b@x.example"], LEAD_NOTIFY_TO: ["c@x.example"] })).toEqual(["a@x.example"]);
    expect(mailReplyToFrom({ ...base, STAFF_NOTIFY_TO: ["b@x.example"], LEAD_NOTIFY_TO: ["c@x.example"] })).toEqual(["b@x.example"]);
    expect(mailReplyToFrom({ ...base, LEAD_NOTIFY_TO: ["c@x.example"] })).toEqual(["c@x.example"]);
    expect(mailReplyToFrom(base)).toEqual([]);
    // The arrival-day list goes to staff: no Reply-To, no HTML; a property without a landlord
    // account still tells the guest to reply.
    await reservation({ checkInDate: "2026-09-10", holderLang: "en", createdAt: new Date("2026-09-01T10:00:00Z") });
    await runMailSchedule(first.db, settings(), { now: NOON });
    const sender = createSmtpSender(smtpUrl, { messageIdDomain: "nido.example", replyTo: ["reservas@nido.example"] });
    try {
      await runMailWorkerOnce(first.db, sender.send, { now: NOON });
    } finally {
      sender.close();
    }
    const staffList = received.map((r) => parseMime(r.original)).find((m) => m.headers.to === "equipo@nido.example")!;
    expect(staffList.headers["reply-to"]).toBeUndefined();
    expect(mimePart(staffList, "text/html")).toBeUndefined();
  });

  test("the link on creation goes once, in the holder's language", async () => {
    const row = await reservation();
    const outcomes = await Promise.all([
      sendGuestLink(first.db, settings(), {
        reservationId: row.id,
        trigger: "created",
        now: NOON,
      }),
      sendGuestLink(second.db, settings(), {
        reservationId: row.id,
        trigger: "created",
        now: NOON,
      }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    await drain(NOON);
    await drain(NOON);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([row.holderEmail]);
    expect(received[0].raw).toContain(
      "Subject: =?UTF-8?Q?Gästeregistrierung:_Casa_Azul",
    );
    expect(received[0].raw).toContain("Hallo Lena,");
    expect(received[0].raw).toContain(
      `${SITE}/registro-viajeros/${row.uniqueLink}?lang=de`,
    );
    const [stored] = await first.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reservationId, row.id));
    expect(stored).toMatchObject({
      status: "sent",
      kind: "guest-link",
      recipient: row.holderEmail,
      lang: "de",
      attempts: 1,
    });
    expect(stored.sentAt).toEqual(NOON);
  });

  test("reminders: N days before check-in, once, only for open, incomplete stays with an e-mail", async () => {
    const due = await reservation({ checkInDate: "2026-09-12" });
    const within = await reservation({
      checkInDate: "2026-09-11",
      holderLang: "fr",
    });
    await reservation({ checkInDate: "2026-09-13" }); // three days ahead: not yet
    await reservation({
      checkInDate: "2026-09-12",
      status: "completed",
      completedAt: new Date(),
    });
    await reservation({ checkInDate: "2026-09-12", cancelledAt: new Date() });
    await reservation({
      checkInDate: "2026-09-12",
      holderEmail: null,
      holderPhone: "+34600000000",
    });
    await reservation({
      checkInDate: "2026-09-12",
      createdAt: new Date("2026-09-10T02:00:00Z"),
    }); // made today: its creation e-mail just went
    const runs = await Promise.all([
      runMailSchedule(first.db, settings(), { now: BEFORE_NOON }),
      runMailSchedule(second.db, settings(), { now: BEFORE_NOON }),
    ]);
    expect(runs[0].reminders + runs[1].reminders).toBe(2);
    expect(runs.some((run) => run.arrivalDay)).toBe(false);
    // The next tick, and the next day, queue nothing new for the same check-in.
    await runMailSchedule(first.db, settings(), { now: NOON });
    await runMailSchedule(second.db, settings(), {
      now: new Date("2026-09-11T08:00:00Z"),
    });
    await drain(NOON);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(
      [due.holderEmail, within.holderEmail].sort(),
    );
    const french = received.find((mail) => mail.to[0] === within.holderEmail)!;
    expect(french.raw).toContain("Rappel");
  });

  test("arrival-day list at 12:00 Madrid: once, to staff, listing only today's unregistered stays", async () => {
    await reservation({ checkInDate: "2026-09-10", propertyName: "Casa Azul" });
    await reservation({
      checkInDate: "2026-09-10",
      propertyName: "Ático Norte",
      holderEmail: null,
      holderPhone: "+34600111222",
    });
    await reservation({
      checkInDate: "2026-09-10",
      propertyName: "Loft Registrado",
      status: "completed",
      completedAt: new Date(),
    });
    await reservation({
      checkInDate: "2026-09-10",
      propertyName: "Piso Cancelado",
      cancelledAt: new Date(),
    });
    await reservation({ checkInDate: "2026-09-11", propertyName: "Mañana" });
    const before = await runMailSchedule(first.db, settings(), {
      now: BEFORE_NOON,
    });
    expect(before.arrivalDay).toBe(false);
    const runs = await Promise.all([
      runMailSchedule(first.db, settings(), { now: NOON }),
      runMailSchedule(second.db, settings(), { now: NOON }),
    ]);
    expect(runs.filter((run) => run.arrivalDay)).toHaveLength(1);
    await runMailSchedule(second.db, settings(), {
      now: new Date("2026-09-10T15:00:00Z"),
    });
    await drain(NOON);
    const staff = received.filter((mail) =>
      mail.to.includes("equipo@nido.example"),
    );
    expect(staff).toHaveLength(1);
    const text = staff[0].raw;
    expect(text).toContain("Casa Azul");
    expect(text).toContain("Ático Norte");
    expect(text).not.toContain("Loft Registrado");
    expect(text).not.toContain("Piso Cancelado");
    expect(text).not.toContain("Mañana");
  });

  test("a crash after sending and before marking: the row is taken back after its lease, same Message-ID", async () => {
    const row = await reservation();
    await sendGuestLink(first.db, settings(), {
      reservationId: row.id,
      trigger: "created",
      now: NOON,
    });
    // An instance claims the row and dies before marking it.
    const [claimed] = await claimDueMail(first.db, { now: NOON });
    expect(claimed.attempts).toBe(1);
    await drain(new Date(NOON.getTime() + SENDING_LEASE_MS - 1_000));
    expect(received).toHaveLength(0);
    await drain(new Date(NOON.getTime() + SENDING_LEASE_MS));
    expect(received).toHaveLength(1);
    expect(received[0].raw).toMatch(
      /Message-ID: <guest-link:[0-9a-f-]+:created@nido\.example>/i,
    );
    const [stored] = await first.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, claimed.id));
    expect(stored).toMatchObject({ status: "sent", attempts: 2 });
  });

  test("a failing server: backoff, the error kept, failed after the last attempt", async () => {
    const row = await reservation();
    await sendGuestLink(first.db, settings(), {
      reservationId: row.id,
      trigger: "created",
      now: NOON,
    });
    let now = NOON;
    const refuse = async () => {
      throw new Error("550 mailbox unavailable");
    };
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await runMailWorkerOnce(first.db, refuse, { now })).toBe(0);
      const [stored] = await first.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.reservationId, row.id));
      expect(stored.attempts).toBe(attempt);
      expect(stored.lastError).toBe("550 mailbox unavailable");
      // Nothing is retried before its backoff is over.
      expect(await claimDueMail(first.db, { now })).toEqual([]);
      now = stored.nextAttemptAt;
    }
    const [stored] = await first.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reservationId, row.id));
    expect(stored.status).toBe("failed");
    expect(
      await claimDueMail(first.db, {
        now: new Date(now.getTime() + 86_400_000),
      }),
    ).toEqual([]);
  });

  test("without SMTP_URL nothing is queued and staff are told so; cancelled and e-mail-less holders are refused", async () => {
    const row = await reservation({ checkInDate: "2026-09-10" });
    const off = { ...settings(), enabled: false };
    expect(
      await sendGuestLink(first.db, off, {
        reservationId: row.id,
        trigger: "manual",
      }),
    ).toEqual({
      ok: false,
      status: 503,
      message: MAIL_MESSAGES.notConfigured,
    });
    expect(await runMailSchedule(first.db, off, { now: NOON })).toEqual({
      reminders: 0,
      arrivalDay: false,
    });
    expect(await first.db.select().from(mailOutbox)).toEqual([]);
    const noEmail = await reservation({
      holderEmail: null,
      holderPhone: "+34600000000",
    });
    expect(
      await sendGuestLink(first.db, settings(), {
        reservationId: noEmail.id,
        trigger: "manual",
      }),
    ).toMatchObject({ ok: false, message: MAIL_MESSAGES.noHolderEmail });
    const cancelled = await reservation({ cancelledAt: new Date() });
    expect(
      await sendGuestLink(first.db, settings(), {
        reservationId: cancelled.id,
        trigger: "manual",
      }),
    ).toMatchObject({ ok: false, message: MAIL_MESSAGES.cancelled });
    // A manual send is one e-mail per click, a double click within the minute one.
    const clicks = await Promise.all([
      sendGuestLink(first.db, settings(), {
        reservationId: row.id,
        trigger: "manual",
        now: NOON,
      }),
      sendGuestLink(second.db, settings(), {
        reservationId: row.id,
        trigger: "manual",
        now: NOON,
      }),
    ]);
    expect(clicks.map((click) => click.message).sort()).toEqual(
      [MAIL_MESSAGES.alreadyQueued, MAIL_MESSAGES.queued].sort(),
    );
  });
});
