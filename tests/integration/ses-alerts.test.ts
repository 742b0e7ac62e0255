import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { landlordAccounts, properties, reservations, sesAlerts, sesCommunications } from "#app/db/schema.ts";
import { DEFAULT_FAKE_ACCOUNT, startFakeSes, type RunningFakeSes } from "#tests/fake-ses/fake-ses.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Alert e-mails (issue 10 §6): a failed filing and a deadline 2 hours away are announced once
// each to SES_ALERT_TO, even with two senders racing on one database (the key is inserted
// before sending; only the winner sends). The deadline is brought near by moving due_at in the
// database, the stand-in for a clock 22 hours later.

type Received = { to: string[]; raw: string };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("SES alert e-mails", () => {
  const received: Received[] = [];
  /** The SMTP server refuses this many more messages with a transient 451. */
  let refuseNext = 0;
  let refused = 0;
  let smtp: SMTPServer;
  let fake: RunningFakeSes;
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        if (refuseNext > 0) {
          refuseNext -= 1;
          stream.resume();
          stream.on("end", () => {
            refused += 1;
            callback(Object.assign(new Error("Servidor ocupado, inténtalo más tarde"), { responseCode: 451 }));
          });
          return;
        }
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    fake = await startFakeSes({ advanceOnPoll: true });
    database = await createTestDatabase("pglite");
    const shared = await database.open();
    database = { kind: "pglite", open: async () => ({ ...shared, close: async () => {} }), drop: () => shared.close() };
    // SMTP_URL and LEAD_NOTIFY_TO are read from the environment at start-up (lead-notify.server.ts).
    const saved = { SMTP_URL: process.env.SMTP_URL, LEAD_NOTIFY_TO: process.env.LEAD_NOTIFY_TO };
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    process.env.LEAD_NOTIFY_TO = "ventas@example.com";
    try {
      // A deadline brought near is noticed by the next tick, every 50 ms. SES_TIMEOUT_MS also
      // bounds an alert e-mail: a try cut off by it may still arrive and be sent again, so it
      // stays long enough for a loaded machine (the refused alert's retry waits twice as long).
      const env = {
        SES_SENDER: "on",
        SES_ENDPOINT: fake.url,
        SES_POLL_INTERVAL_MS: "40",
        SES_RETRY_BASE_MS: "40",
        SES_TICK_MS: "50",
        SES_TIMEOUT_MS: "5000",
        SES_ALERT_TO: "policia@example.com",
        TRUST_PROXY: "true",
        SES_CREDENTIALS_KEY: "c".repeat(64),
      };
      a = await startTestServer({ testDatabase: database, env });
      b = await startTestServer({ testDatabase: database, env });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
  /** Three full rounds of each sender begun now, both at once as they run. */
  const moreRounds = () =>
    Promise.all(
      [a, b].map(async (server) => {
        for (let round = 0; round < 3; round++) await server.running.sesSender!.runOnce();
      }),
    );

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await fake?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test("a failed filing and a near deadline: one e-mail each, to SES_ALERT_TO, with two senders", async () => {
    const cookie = await a.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const post = async (path: string, body: Record<string, string>) => {
      const response = await fetch(`${a.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url, Cookie: cookie },
        body: new URLSearchParams(body).toString(),
      });
      expect(response.status).toBeLessThan(300);
    };
    const account = DEFAULT_FAKE_ACCOUNT;
    await post("/admin/viajeros/arrendadores", { intent: "create", name: "Ejemplo SL", landlordCode: account.codigoArrendador, wsUser: account.user, wsPassword: account.password, application: "NidoSmart", autoSend: "true" });
    const [landlord] = await a.db.select().from(landlordAccounts);
    await post("/admin/viajeros/viviendas", { intent: "create", name: "Ático Alerta", address: "Calle Mayor 1", establishmentCode: account.establecimientos[0], landlordAccountId: landlord.id });
    const [property] = await a.db.select().from(properties);
    const create = async (name: string) => {
      await post("/admin/viajeros?index", { intent: "create", propertyId: property.id, guestCount: "1", checkInDate: day(5), checkOutDate: day(8), holderGivenName: name, holderFirstSurname: "Ejemplo", holderEmail: "t@example.com", bookingChannel: "direct" });
      const [row] = await a.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
      return row;
    };

    // A data-class refusal (10111) fails the filing at once.
    fake.control.failNext("code-10111", { operation: "comunicacion" });
    const failing = await create("Fallo");
    const [failed] = await waitUntil(async () => {
      const rows = await a.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, failing.id));
      return rows[0]?.state === "error" ? rows : null;
    }, "the RH to fail");

    fake.control.failNext("stuck");
    const late = await create("Tarde");
    const [open] = await waitUntil(async () => {
      const rows = await a.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, late.id));
      return rows[0]?.state === "sent" ? rows : null;
    }, "the RH to be sent and stuck");
    await a.db.update(sesCommunications).set({ dueAt: new Date(Date.now() + 3_600_000) }).where(eq(sesCommunications.id, open.id));

    await waitUntil(async () => {
      const alerts = await a.db.select().from(sesAlerts);
      return alerts.length === 2 && alerts.every((alert) => alert.sentAt) ? alerts : null;
    }, "both alerts to be sent");
    // Several more full rounds of both senders, racing, must not send either again.
    await moreRounds();
    expect(received).toHaveLength(2);
    expect(received.every((mail) => mail.to.join(",") === "policia@example.com")).toBe(true);
    const subjects = received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "");
    expect(subjects.some((subject) => subject.includes("error"))).toBe(true);
    expect(subjects.some((subject) => /2[ _]horas/.test(subject))).toBe(true);
    // Each alert links to the Comunicaciones screen at its real (Spanish) URL.
    for (const mail of received) expect(mail.raw.replace(/=\r?\n/g, "")).toContain("/admin/viajeros/comunicaciones");
    expect((await a.db.select().from(sesAlerts)).map((alert) => alert.key).sort()).toEqual([`deadline:${open.id}`, `failed:${failed.id}`].sort());
  }, 60_000);

  test("an alert whose e-mail the SMTP server refused is sent on a later round, still once", async () => {
    const [property] = await a.db.select().from(properties);
    const cookie = await b.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const before = received.length;
    refuseNext = 1;
    fake.control.failNext("code-10111", { operation: "comunicacion" });
    const response = await fetch(`${b.url}/admin/viajeros?index`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: b.url, Cookie: cookie },
      body: new URLSearchParams({ intent: "create", propertyId: property.id, guestCount: "1", checkInDate: day(6), checkOutDate: day(9), holderGivenName: "Reintento", holderFirstSurname: "Ejemplo", holderEmail: "t@example.com", bookingChannel: "direct" }).toString(),
    });
    expect(response.status).toBe(201);
    const [reservation] = await a.db.select().from(reservations).orderBy(desc(reservations.createdAt)).limit(1);
    const [failed] = await waitUntil(async () => {
      const rows = await a.db.select().from(sesCommunications).where(eq(sesCommunications.reservationId, reservation.id));
      return rows[0]?.state === "error" ? rows : null;
    }, "the RH to fail");
    const alert = await waitUntil(async () => {
      const [row] = await a.db.select().from(sesAlerts).where(eq(sesAlerts.key, `failed:${failed.id}`));
      return row?.sentAt ? row : null;
    }, "the alert to be sent after the refusal", 45_000);
    expect(alert.sentAt).toBeTruthy();
    expect(refused).toBe(1);
    await moreRounds();
    // The alert names the reservation by property and check-in day.
    const mine = received.slice(before).filter((mail) => mail.raw.replace(/=\r?\n/g, "").includes(day(6)));
    expect(mine).toHaveLength(1);
    expect(received).toHaveLength(before + 1);
  }, 60_000);
});
