import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#app/db/schema.ts";
import { resolveCredentialsKey, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { runMailWorkerOnce } from "#app/modules/mail/mail-outbox.server.ts";
import { createSmtpSender } from "#app/modules/mail/mail-transport.server.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";
import type { ResolveHost } from "./webhook-http.server.ts";
import {
  claimDueWebhookDeliveries,
  deliverWebhook,
  runWebhookWorkerOnce,
  WEBHOOK_RETRY_BASE_MS,
  WEBHOOK_RETRY_MAX_MS,
  type DeliverOptions,
} from "./webhook-sender.server.ts";
import { startWebhookService } from "./webhook-service.server.ts";
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointInput } from "./webhooks.schema.ts";
import {
  createWebhookEndpoint,
  enqueueWebhookEvent,
  getWebhookDeliveryDetail,
  listWebhookDeliveries,
  purgeOldWebhookEvents,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhookEvent,
  setWebhookEndpointEnabled,
  WEBHOOK_RETRY_WINDOW_MS,
} from "./webhooks.server.ts";

// The webhook outbox against a real database, a real HTTP receiver that verifies every signature
// with the standardwebhooks library, and a real SMTP server: enqueueing once per key, signing,
// retries with the same webhook-id, backoff over 24 h on a fake clock, disabling with one staff
// e-mail, the address checks (after DNS resolution, on redirects), the lease after a crash, and
// two workers (two connection pools on PostgreSQL) delivering each event once.

const HOUR = 60 * 60_000;
const quietLogger = pino({ level: "silent" });

describe.each(testDatabases())("webhook outbox on %s", (kind) => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;
  let receiver: WebhookReceiver;
  let trap: WebhookReceiver;
  let key: CredentialsKey;
  let smtp: SMTPServer;
  let smtpUrl = "";
  const mails: { to: string[]; raw: string }[] = [];
  let now = new Date();
  const clock = () => now;
  const mail = { enabled: true, staffTo: ["equipo@nido.example", "guardia@nido.example"], siteUrl: "https://nido.example" };

  const options = (http: Partial<DeliverOptions["http"]> = {}): DeliverOptions => ({
    key,
    now: clock,
    mail,
    random: () => 0.5,
    http: { timeoutMs: 5_000, allowPrivate: true, ...http },
  });

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    first = await testDatabase.open();
    second = kind === "postgres" ? await testDatabase.open() : first;
    key = resolveCredentialsKey({ envKey: "c".repeat(64), database: { kind: "pglite", dataDir: null } });
    receiver = await startWebhookReceiver();
    trap = await startWebhookReceiver({ host: "127.0.0.2" });
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await receiver?.close();
    await trap?.close();
    if (second && second !== first) await second.close();
    await first?.close();
    await testDatabase?.drop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(async () => {
    now = new Date();
    receiver.received.length = 0;
    receiver.secrets.length = 0;
    receiver.respond = () => ({ status: 204 });
    trap.received.length = 0;
    mails.length = 0;
    await first.db.delete(webhookEvents);
    await first.db.delete(webhookEndpoints);
    await first.db.delete(mailOutbox);
  });

  async function endpoint(url: string, input: Partial<WebhookEndpointInput> = {}) {
    const created = await createWebhookEndpoint(first.db, key, { url, description: "PMS de prueba", eventTypes: [...WEBHOOK_EVENT_TYPES], enabled: true, ...input }, null, now);
    receiver.secrets.push(created.secret);
    return created;
  }

  const event = (n: number, type: (typeof WEBHOOK_EVENT_TYPES)[number] = "incident.opened") => ({
    type,
    key: `incident:${n}:opened`,
    data: { incidentId: `inc-${n}`, propertyId: "prop-1", kind: "Ruido excesivo", laeq: 71.5 },
    occurredAt: new Date("2026-11-20T23:15:00Z"),
  });

  async function deliveries() {
    return first.db.select().from(webhookDeliveries);
  }

  async function attemptsOf(deliveryId: string) {
    return first.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attempt);
  }

  test("an event is queued once per key and endpoint, only for enabled endpoints subscribed to its type", async () => {
    const a = await endpoint(`${receiver.url}/a`, { eventTypes: ["incident.opened", "incident.resolved"] });
    const b = await endpoint(`${receiver.url}/b`, { eventTypes: ["device.offline"] });
    const off = await endpoint(`${receiver.url}/off`, { eventTypes: ["incident.opened"], enabled: false });
    // Nobody wants device.online: nothing is stored at all.
    expect(await enqueueWebhookEvent(first.db, { type: "device.online", key: "device:x:online:1", data: {} })).toBe(0);
    expect(await first.db.select().from(webhookEvents)).toHaveLength(0);

    expect(await first.db.transaction((tx) => enqueueWebhookEvent(tx, event(1)))).toBe(1);
    // The same key again (a retried transaction, another instance): nothing more.
    expect(await first.db.transaction((tx) => enqueueWebhookEvent(tx, event(1)))).toBe(0);
    // Both instances at once, 20 keys each: one event and one delivery per key.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [first, second].map((db) => db.db.transaction((tx) => enqueueWebhookEvent(tx, event(100 + i))))).flat(),
    );
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(20);
    // A rolled-back transaction queues nothing.
    await expect(
      first.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, event(999));
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");

    const events = await first.db.select().from(webhookEvents);
    expect(events).toHaveLength(21);
    expect(new Set(events.map((e) => e.messageId)).size).toBe(21);
    const rows = await deliveries();
    expect(rows).toHaveLength(21);
    expect(rows.every((row) => row.endpointId === a.id)).toBe(true);
    expect(rows.some((row) => row.endpointId === b.id || row.endpointId === off.id)).toBe(false);
    // A new endpoint subscribed later gets the key's event if it is queued again, and only once.
    const late = await endpoint(`${receiver.url}/late`, { eventTypes: ["incident.opened"] });
    expect(await enqueueWebhookEvent(first.db, event(1))).toBe(1);
    expect(await enqueueWebhookEvent(first.db, event(1))).toBe(0);
    expect((await deliveries()).filter((row) => row.endpointId === late.id)).toHaveLength(1);
  });

  test("a delivery is signed per Standard Webhooks; the body is {type, timestamp, data}; 2xx is delivered", async () => {
    const { id } = await endpoint(`${receiver.url}/hook?tenant=7`);
    receiver.respond = () => ({ status: 200, body: '{"ok":true}' });
    await enqueueWebhookEvent(first.db, event(1), { now });
    const results = await runWebhookWorkerOnce(first.db, options());
    expect(results.map((r) => r.status)).toEqual(["delivered"]);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.path).toBe("/hook?tenant=7");
    expect(got!.verifiedWith).toBe(0);
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(got!.headers["webhook-timestamp"]) - now.getTime() / 1000)).toBeLessThan(1);
    expect(JSON.parse(got!.body)).toEqual({
      type: "incident.opened",
      timestamp: "2026-11-20T23:15:00.000Z",
      data: { incidentId: "inc-1", propertyId: "prop-1", kind: "Ruido excesivo", laeq: 71.5 },
    });
    const [delivery] = await listWebhookDeliveries(first.db, id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, lastExcerpt: '{"ok":true}', eventType: "incident.opened" });
    expect(delivery!.messageId).toBe(got!.headers["webhook-id"]);
    const [endpointRow] = await first.db.select().from(webhookEndpoints);
    expect(endpointRow!.lastSuccessAt).not.toBeNull();
    // The secret is stored only encrypted.
    expect(endpointRow!.secretEncrypted).not.toContain(receiver.secrets[0]!.slice(6));
    expect(endpointRow!.secretEncrypted).toMatch(/^v1\./);
  });

  test("a retry keeps the webhook-id and the body: 500, then 200 after the backoff", async () => {
    const { id } = await endpoint(`${receiver.url}/flaky`);
    receiver.respond = (_request, count) => (count === 1 ? { status: 500, body: "Internal error: database down" } : { status: 200, body: "ok" });
    await enqueueWebhookEvent(first.db, event(2), { now });
    expect((await runWebhookWorkerOnce(first.db, options())).map((r) => r.status)).toEqual(["pending"]);
    let [delivery] = await deliveries();
    // base × 2^0 with the jitter at its middle: exactly the base.
    expect(delivery!.nextAttemptAt.getTime() - now.getTime()).toBe(WEBHOOK_RETRY_BASE_MS);
    expect(delivery!.lastStatusCode).toBe(500);
    // Not due yet: nothing happens.
    now = new Date(now.getTime() + WEBHOOK_RETRY_BASE_MS - 1_000);
    expect(await runWebhookWorkerOnce(first.db, options())).toEqual([]);
    now = new Date(now.getTime() + 1_000);
    expect((await runWebhookWorkerOnce(first.db, options())).map((r) => r.status)).toEqual(["delivered"]);
    expect(receiver.received).toHaveLength(2);
    const [one, two] = receiver.received;
    expect(two!.headers["webhook-id"]).toBe(one!.headers["webhook-id"]);
    expect(two!.body).toBe(one!.body);
    expect([one!.verifiedWith, two!.verifiedWith]).toEqual([0, 0]);
    // Each attempt carries its own time (the wall clock, which receivers compare with theirs).
    expect(Number(two!.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(Number(one!.headers["webhook-timestamp"]));
    [delivery] = await deliveries();
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt, a.error])).toEqual([
      [1, 500, "Internal error: database down", "El endpoint respondió 500"],
      [2, 200, "ok", null],
    ]);
    expect(attempts[0]!.remoteAddress).toBe("127.0.0.1");
    const detail = await getWebhookDeliveryDetail(first.db, id, delivery!.id);
    expect(detail!.attempts.map((a) => a.attempt)).toEqual([2, 1]);
    expect(detail!.payload).toBe(one!.body);
  });

  test("backoff doubles with jitter up to 2 h, the last try is at 24 h, then failed; the endpoint is disabled and staff get one e-mail", async () => {
    const { id } = await endpoint(`${receiver.url}/down`);
    const other = await endpoint(`${receiver.url}/down-too`, { eventTypes: ["device.offline"] });
    receiver.respond = () => ({ status: 503, body: "<html>Service Unavailable</html>" });
    const start = now;
    await enqueueWebhookEvent(first.db, event(3), { now });
    const tries: number[] = [];
    const randoms = [0, 1, 0.5];
    let n = 0;
    for (;;) {
      const results = await runWebhookWorkerOnce(first.db, { ...options(), random: () => randoms[n++ % 3]! });
      if (results.length === 0) break;
      tries.push(now.getTime() - start.getTime());
      const open = (await deliveries()).filter((row) => row.status === "pending");
      if (open.length === 0) break;
      now = new Date(Math.min(...open.map((row) => row.nextAttemptAt.getTime())));
    }
    const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
    // Attempt k waits base × 2^(k−1), ±25 % (the fake random walks 0, 1, ½), at most 2 h.
    gaps.slice(0, -1).forEach((gap, i) => {
      const nominal = Math.min(WEBHOOK_RETRY_BASE_MS * 2 ** i, WEBHOOK_RETRY_MAX_MS);
      expect(gap).toBeGreaterThanOrEqual(Math.round(nominal * 0.75));
      expect(gap).toBeLessThanOrEqual(Math.round(nominal * 1.25));
    });
    expect(Math.max(...gaps)).toBeLessThanOrEqual(WEBHOOK_RETRY_MAX_MS * 1.25);
    expect(tries.at(-1)).toBe(WEBHOOK_RETRY_WINDOW_MS);
    expect(tries.length).toBeGreaterThan(15);
    expect(tries.length).toBeLessThan(30);
    const [delivery] = (await deliveries()).filter((row) => row.endpointId === id);
    expect(delivery).toMatchObject({ status: "failed", attempts: tries.length, lastStatusCode: 503 });
    expect(receiver.received).toHaveLength(tries.length);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(receiver.received.every((r) => r.verifiedBy.includes(0))).toBe(true);

    // Every attempt to it failed for 24 h: disabled, with the reason, and one e-mail queued.
    const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "Desactivado automáticamente: todas las entregas fallaron durante más de 24 horas" });
    // The other endpoint (another event type) never failed, and stays on.
    expect((await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, other.id)))[0]!.enabled).toBe(true);
    // Nothing new goes to a disabled endpoint.
    expect(await enqueueWebhookEvent(first.db, { ...event(4), type: "incident.opened", key: "incident:4:opened" }, { now })).toBe(0);
    expect(await enqueueWebhookEvent(first.db, { ...event(4), type: "device.offline", key: "device:d1:offline:1" }, { now })).toBe(1);
    expect((await deliveries()).filter((d) => d.endpointId === id)).toHaveLength(1);

    const queued = await first.db.select().from(mailOutbox);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: "webhook-disabled", recipient: "equipo@nido.example, guardia@nido.example", subject: `Webhook desactivado: ${new URL(receiver.url).host}` });
    const sender = createSmtpSender(smtpUrl, { messageIdDomain: "nido.example" });
    try {
      expect(await runMailWorkerOnce(first.db, sender.send, { now })).toBe(1);
    } finally {
      sender.close();
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["equipo@nido.example", "guardia@nido.example"]);
    const text = mails[0]!.raw.replace(/=\r?\n/g, "");
    expect(text).toContain("se ha desactivado autom");
    expect(text).toContain(`https://nido.example/admin/webhooks/${id}`);
    expect(text).toContain("El endpoint respondi");
  });

  test("one success in between resets the failure record: the endpoint is not disabled", async () => {
    const { id } = await endpoint(`${receiver.url}/mostly-down`);
    receiver.respond = (request) => (JSON.parse(request.body).data.incidentId === "inc-6" ? { status: 200 } : { status: 500 });
    const start = now;
    await enqueueWebhookEvent(first.db, event(5), { now });
    await runWebhookWorkerOnce(first.db, options());
    // 20 h later another event goes through.
    now = new Date(start.getTime() + 20 * HOUR);
    await enqueueWebhookEvent(first.db, event(6), { now });
    await runWebhookWorkerOnce(first.db, options());
    now = new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS);
    await runWebhookWorkerOnce(first.db, options());
    const rows = await deliveries();
    expect(rows.map((r) => r.status).sort()).toEqual(["delivered", "failed"]);
    const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.enabled).toBe(true);
    expect(await first.db.select().from(mailOutbox)).toHaveLength(0);
  });

  describe("no server-side request forgery (WEBHOOK_ALLOW_PRIVATE unset)", () => {
    const refuse = { allowPrivate: false };

    async function attemptTo(url: string, http: Partial<DeliverOptions["http"]> = refuse) {
      await first.db.delete(webhookEndpoints);
      await endpoint(url);
      await enqueueWebhookEvent(first.db, { ...event(7), key: `ssrf:${url}:${Math.random()}` }, { now });
      const [result] = await runWebhookWorkerOnce(first.db, options(http));
      const [delivery] = await deliveries();
      const [attempt] = await attemptsOf(delivery!.id);
      return { result, delivery: delivery!, attempt: attempt! };
    }

    test.each([
      ["loopback", () => `${receiver.url}/`, "Destino no permitido: 127.0.0.1 es una dirección de bucle local (loopback)"],
      ["10/8", () => "http://10.0.0.1:9/", "Destino no permitido: 10.0.0.1 es una dirección privada"],
      ["the metadata service", () => "http://169.254.169.254/latest/meta-data/", "Destino no permitido: 169.254.169.254 es una dirección de enlace local"],
      ["::1", () => `http://[::1]:${receiver.port}/`, "Destino no permitido: ::1 es una dirección de bucle local (loopback)"],
      ["IPv4-mapped loopback", () => `http://[::ffff:127.0.0.1]:${receiver.port}/`, "Destino no permitido: ::ffff:7f00:1 es una dirección de bucle local (loopback)"],
      ["localhost, through the system resolver", () => `http://localhost:${receiver.port}/`, "Destino no permitido: localhost resuelve a"],
    ])("%s is refused before any connection", async (_name, url, message) => {
      const { result, delivery, attempt } = await attemptTo(url());
      expect(result!.status).toBe("pending");
      expect(attempt.error).toContain(message);
      expect(attempt.statusCode).toBeNull();
      expect(attempt.remoteAddress).toBeNull();
      expect(delivery.lastError).toContain("WEBHOOK_ALLOW_PRIVATE");
      expect(receiver.received).toHaveLength(0);
    });

    test("a name resolving to 127.0.0.1 (or to a public and a private address) is refused after resolution", async () => {
      const lookups: string[] = [];
      const resolve: ResolveHost = async (hostname) => {
        lookups.push(hostname);
        if (hostname === "hooks.customer.example") return [{ address: "127.0.0.1", family: 4 }];
        if (hostname === "mixed.customer.example") return [{ address: "93.184.215.14", family: 4 }, { address: "10.9.8.7", family: 4 }];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      };
      let { attempt } = await attemptTo(`http://hooks.customer.example:${receiver.port}/`, { ...refuse, resolve });
      expect(attempt.error).toContain("Destino no permitido: hooks.customer.example resuelve a 127.0.0.1 es una dirección de bucle local");
      ({ attempt } = await attemptTo(`http://mixed.customer.example:${receiver.port}/`, { ...refuse, resolve }));
      expect(attempt.error).toContain("mixed.customer.example resuelve a 10.9.8.7 es una dirección privada");
      ({ attempt } = await attemptTo(`http://nowhere.customer.example/`, { ...refuse, resolve }));
      expect(attempt.error).toBe("No se encontró el nombre nowhere.customer.example en el DNS (ENOTFOUND)");
      expect(lookups).toEqual(["hooks.customer.example", "mixed.customer.example", "nowhere.customer.example"]);
      expect(receiver.received).toHaveLength(0);
    });

    test("the socket connects to the address that was checked: a second answer of the DNS is never asked", async () => {
      let calls = 0;
      // A rebinding DNS: the checked answer first, a private address to anyone who asks again.
      const resolve: ResolveHost = async () => (++calls === 1 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.0.0.1", family: 4 }]);
      const { result, attempt } = await attemptTo(`http://rebind.customer.example:${receiver.port}/in`, { ...refuse, resolve, allowAddresses: ["127.0.0.1"] });
      expect(result!.status).toBe("delivered");
      expect(calls).toBe(1);
      expect(attempt.remoteAddress).toBe("127.0.0.1");
      expect(receiver.received.map((r) => r.headers.host)).toEqual([`rebind.customer.example:${receiver.port}`]);
    });

    test("a redirect to a private address is not followed: the 3xx is a failed attempt", async () => {
      receiver.respond = () => ({ status: 307, headers: { location: `${trap.url}/internal` } });
      const { result, attempt } = await attemptTo(`${receiver.url}/moved`, { ...refuse, allowAddresses: ["127.0.0.1"] });
      expect(result!.status).toBe("pending");
      expect(attempt.statusCode).toBe(307);
      expect(attempt.error).toBe(`Redirección 307 a ${trap.url}/internal no seguida: los webhooks no siguen redirecciones, pon en el endpoint la URL final`);
      expect(receiver.received).toHaveLength(1);
      expect(trap.received).toHaveLength(0);
      receiver.respond = () => ({ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/iam" } });
      const metadata = await attemptTo(`${receiver.url}/moved-again`, { ...refuse, allowAddresses: ["127.0.0.1"] });
      expect(metadata.attempt.error).toContain("Redirección 302 a http://169.254.169.254/latest/meta-data/iam no seguida");
    });

    test("with WEBHOOK_ALLOW_PRIVATE=1, 127.0.0.1 and localhost are delivered", async () => {
      let { result } = await attemptTo(`${receiver.url}/allowed`, { allowPrivate: true });
      expect(result!.status).toBe("delivered");
      ({ result } = await attemptTo(`http://localhost:${receiver.port}/allowed`, { allowPrivate: true }));
      expect(result!.status).toBe("delivered");
      expect(receiver.received.map((r) => r.path)).toEqual(["/allowed", "/allowed"]);
    });
  });

  test("a silent receiver is cut at the timeout; a huge answer is read only up to its excerpt", async () => {
    receiver.respond = (request) => (request.path === "/hang" ? "hang" : { status: 200, body: Buffer.alloc(4 * 1024 * 1024, "é") });
    await endpoint(`${receiver.url}/hang`, { eventTypes: ["device.offline"] });
    await endpoint(`${receiver.url}/huge`, { eventTypes: ["device.online"] });
    await enqueueWebhookEvent(first.db, event(8, "device.offline"), { now });
    await enqueueWebhookEvent(first.db, event(9, "device.online"), { now });
    await runWebhookWorkerOnce(first.db, options({ timeoutMs: 400 }));
    const rows = await first.db
      .select({ path: webhookEndpoints.url, status: webhookDeliveries.status, error: webhookAttempts.error, excerpt: webhookAttempts.responseExcerpt })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
    const hang = rows.find((r) => r.path.endsWith("/hang"))!;
    const huge = rows.find((r) => r.path.endsWith("/huge"))!;
    expect(hang).toMatchObject({ status: "pending", error: "Sin respuesta en 0.4 s: se cortó la conexión", excerpt: null });
    expect(huge.status).toBe("delivered");
    expect(Buffer.byteLength(huge.excerpt!)).toBeLessThanOrEqual(1024);
    expect(huge.excerpt!.startsWith("ééé")).toBe(true);
  });

  test("a crash after the claim: another worker takes the delivery after the lease, same webhook-id; the stale worker cannot overwrite it", async () => {
    await endpoint(`${receiver.url}/lease`);
    await enqueueWebhookEvent(first.db, event(10), { now });
    const leaseMs = 60_000;
    const [stale] = await claimDueWebhookDeliveries(first.db, { now, limit: 10, leaseMs });
    expect(stale).toBeDefined();
    // Still leased: the other instance gets nothing.
    expect(await claimDueWebhookDeliveries(second.db, { now: new Date(now.getTime() + leaseMs - 1), limit: 10, leaseMs })).toEqual([]);
    now = new Date(now.getTime() + leaseMs);
    const [taken] = await claimDueWebhookDeliveries(second.db, { now, limit: 10, leaseMs });
    expect(taken).toMatchObject({ id: stale!.id, messageId: stale!.messageId, attempts: 2 });
    expect((await deliverWebhook(second.db, taken!, options())).status).toBe("delivered");
    // The first worker wakes up and sends too (at-least-once), but its record changes nothing.
    expect((await deliverWebhook(first.db, stale!, options())).status).toBe("superseded");
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([stale!.messageId, stale!.messageId]);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
  });

  test("Rotar secreto: both secrets sign for 24 h, then only the new one", async () => {
    const { id } = await endpoint(`${receiver.url}/rotate`);
    const newSecret = (await rotateWebhookSecret(first.db, key, id, now))!;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.secrets.push(newSecret);
    await enqueueWebhookEvent(first.db, event(11), { now });
    await runWebhookWorkerOnce(first.db, options());
    expect(receiver.received[0]!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(receiver.received[0]!.verifiedBy).toEqual([0, 1]);
    now = new Date(now.getTime() + 24 * HOUR + 1);
    await enqueueWebhookEvent(first.db, event(12), { now });
    await runWebhookWorkerOnce(first.db, options());
    expect(receiver.received[1]!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(receiver.received[1]!.verifiedBy).toEqual([1]);
  });

  test("Reenviar repeats the same event with the same webhook-id; a test event goes to one endpoint once", async () => {
    const { id } = await endpoint(`${receiver.url}/again`, { eventTypes: ["incident.resolved"] });
    await enqueueWebhookEvent(first.db, { ...event(13), type: "incident.resolved", key: "incident:13:resolved" }, { now });
    await runWebhookWorkerOnce(first.db, options());
    const [delivery] = await deliveries();
    expect(await resendWebhookDelivery(first.db, id, delivery!.id, now)).toBe("queued");
    expect(await resendWebhookDelivery(first.db, "00000000-0000-4000-8000-000000000000", delivery!.id, now)).toBe("not-found");
    await runWebhookWorkerOnce(first.db, options());
    const firstId = receiver.received[0]!.headers["webhook-id"];
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([firstId, firstId]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect((await deliveries())[0]).toMatchObject({ status: "delivered", attempts: 2 });

    // A manual resend that fails is one attempt, not another 24 hours.
    receiver.respond = () => ({ status: 500 });
    await resendWebhookDelivery(first.db, id, delivery!.id, now);
    await runWebhookWorkerOnce(first.db, options());
    expect((await deliveries())[0]).toMatchObject({ status: "failed", attempts: 3 });

    receiver.respond = () => ({ status: 200 });
    expect(await sendTestWebhookEvent(first.db, id, now)).toBe("queued");
    await runWebhookWorkerOnce(first.db, options());
    const test = receiver.received.at(-1)!;
    expect(JSON.parse(test.body)).toMatchObject({ type: "webhook.test", data: { endpointId: id } });
    expect(test.verifiedWith).toBe(0);

    await setWebhookEndpointEnabled(first.db, id, false, now);
    expect(await sendTestWebhookEvent(first.db, id, now)).toBe("endpoint-disabled");
    expect(await resendWebhookDelivery(first.db, id, delivery!.id, now)).toBe("endpoint-disabled");
  });

  test("deliveries pending while an endpoint is off wait, and go when it is switched on", async () => {
    const { id } = await endpoint(`${receiver.url}/paused`);
    await enqueueWebhookEvent(first.db, event(14), { now });
    await setWebhookEndpointEnabled(first.db, id, false, now);
    expect(await runWebhookWorkerOnce(first.db, options())).toEqual([]);
    await setWebhookEndpointEnabled(first.db, id, true, now);
    expect((await runWebhookWorkerOnce(first.db, options())).map((r) => r.status)).toEqual(["delivered"]);
  });

  test("old events are purged with their deliveries; one still being delivered is kept", async () => {
    await endpoint(`${receiver.url}/old`);
    const old = new Date(now.getTime() - 31 * 24 * HOUR);
    await enqueueWebhookEvent(first.db, event(15), { now: old });
    await enqueueWebhookEvent(first.db, event(16), { now: old });
    await first.db.execute(sql`update webhook_deliveries set status = 'delivered' where event_id = (select id from webhook_events where event_key = 'incident:15:opened')`);
    expect(await purgeOldWebhookEvents(first.db, now)).toBe(1);
    expect((await first.db.select().from(webhookEvents)).map((e) => e.eventKey)).toEqual(["incident:16:opened"]);
  });

  test("two workers (two instances) deliver each of 60 events exactly once, promptly woken by the commit", async () => {
    const { id } = await endpoint(`${receiver.url}/both`);
    const services = await Promise.all(
      [first, second].map((database) =>
        startWebhookService(database, { logger: quietLogger, key, allowPrivate: true, timeoutMs: 5_000, mail, pollMs: 60_000 }),
      ),
    );
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          Promise.all([first, second].map((db) => db.db.transaction((tx) => enqueueWebhookEvent(tx, { ...event(200 + i), key: `both:${i}` })))),
        ),
      );
      const deadline = Date.now() + 30_000;
      while (receiver.received.length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await Promise.all(services.map((s) => s.idle()));
    } finally {
      await Promise.all(services.map((s) => s.close()));
    }
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(receiver.received.every((r) => r.verifiedWith === 0)).toBe(true);
    const rows = await listWebhookDeliveries(first.db, id, { limit: 100 });
    expect(rows.every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
  });
});
