import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#app/db/schema.ts";
import { WEBHOOK_MESSAGES, WEBHOOK_EVENT_TYPES } from "#app/modules/webhooks/webhooks.schema.ts";
import { enqueueWebhookEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";

// The Webhooks screen's actions over real HTTP and the delivery workers of two app instances on
// one database, with a local receiver that verifies every signature with the standardwebhooks
// library against the secret the screen showed once. (The incidents engine will call
// enqueueWebhookEvent itself; until then the tests call it the way it will.)

const PATH = "/admin/webhooks";
const SECRET = /whsec_[A-Za-z0-9+/]{43}=/g;

describe.each(testDatabases())("webhooks over HTTP on %s", (kind) => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let strict: TestServer;
  let receiver: WebhookReceiver;
  let adminCookie = "";
  let userCookie = "";
  let strictCookie = "";
  let ip = 0;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    database = await createTestDatabase(kind);
    if (kind === "pglite") {
      const shared = await database.open();
      // Each server closes "its" database on stop; the shared one is closed once, by drop().
      database = { kind, open: async () => ({ ...shared, close: async () => {} }), drop: () => shared.close() };
    }
    const env = { WEBHOOK_ALLOW_PRIVATE: "1", SES_CREDENTIALS_KEY: "d".repeat(64), TRUST_PROXY: "true" };
    a = await startTestServer({ testDatabase: database, env });
    b = await startTestServer({ testDatabase: database, env });
    strict = await startTestServer({ database: kind, env: { SES_CREDENTIALS_KEY: "e".repeat(64), TRUST_PROXY: "true" } });
    await a.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass-1", role: "admin" });
    await a.createUser({ email: "ulises.user@nidosmart.test", password: "user-pass-1", role: "user" });
    adminCookie = await a.signIn("ana.admin@nidosmart.test", "admin-pass-1");
    userCookie = await a.signIn("ulises.user@nidosmart.test", "user-pass-1");
    strictCookie = await strict.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await strict?.stop();
    await database?.drop();
    await receiver?.close();
  });

  function post(server: TestServer, cookie: string, path: string, fields: [string, string][]) {
    ip += 1;
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": `10.44.${ip >> 8}.${ip & 255}` },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const endpointFields = (url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES, description = "PMS Costa del Sol"): [string, string][] => [
    ["intent", "create"],
    ["url", url],
    ["description", description],
    ...events.map((type): [string, string] => ["events", type]),
    ["enabled", "true"],
  ];

  async function createEndpoint(url: string, events?: readonly string[]) {
    const response = await post(a, adminCookie, PATH, endpointFields(url, events));
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const secrets = [...new Set((await response.text()).match(SECRET) ?? [])];
    expect(secrets).toHaveLength(1);
    const [row] = await a.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url));
    receiver.secrets.push(secrets[0]!);
    return { id: row!.id, secret: secrets[0]!, row: row! };
  }

  /** Leaves only this endpoint, so the counts below are its own. */
  async function onlyEndpoint(id: string) {
    await a.db.delete(webhookEndpoints).where(ne(webhookEndpoints.id, id));
  }

  async function received(count: number) {
    await waitUntil(() => receiver.received.length >= count, `${count} webhooks received`);
  }

  test("an admin creates an endpoint: the secret is in that answer only, stored encrypted, never on a page; a user is refused", async () => {
    const before = await a.db.select().from(webhookEndpoints);
    const refused = await post(a, userCookie, PATH, endpointFields(`${receiver.url}/user`));
    expect(refused.status).toBe(403);
    expect(await a.db.select().from(webhookEndpoints)).toHaveLength(before.length);

    const { id, secret, row } = await createEndpoint(`${receiver.url}/hooks/nido?tenant=42`);
    expect(row).toMatchObject({ description: "PMS Costa del Sol", eventTypes: [...WEBHOOK_EVENT_TYPES], enabled: true });
    expect(row.secretEncrypted).toMatch(/^v1\./);
    expect(row.secretEncrypted).not.toContain(secret.slice(6, 20));
    for (const path of [PATH, `${PATH}/${id}`]) {
      const page = await fetch(`${a.url}${path}`, { headers: { Cookie: adminCookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      const html = await page.text();
      expect(html).toContain(`${receiver.url}/hooks/nido?tenant=42`);
      expect(html).not.toMatch(SECRET);
      expect(html).not.toContain(row.secretEncrypted);
    }
    // A user reaching the page is sent away; the log of an unknown endpoint is a 404.
    expect((await fetch(`${a.url}${PATH}`, { redirect: "manual", headers: { Cookie: userCookie } })).status).toBe(302);
    expect((await fetch(`${a.url}${PATH}/00000000-0000-4000-8000-000000000000`, { headers: { Cookie: adminCookie } })).status).toBe(404);
  });

  test("the form refuses other schemes, credentials and (without WEBHOOK_ALLOW_PRIVATE) private targets, storing nothing", async () => {
    const cases: [string, string][] = [
      ["ftp://files.example.com/in", WEBHOOK_MESSAGES.urlScheme],
      ["https://user:secret@hooks.example.com/in", WEBHOOK_MESSAGES.urlCredentials],
      ["http://127.0.0.1:9000/in", "La URL apunta a 127.0.0.1, una dirección de bucle local (loopback)"],
      ["http://10.20.30.40/in", "La URL apunta a 10.20.30.40, una dirección privada"],
      ["http://169.254.169.254/latest/meta-data/", "La URL apunta a 169.254.169.254, una dirección de enlace local"],
      ["http://[::1]/in", "La URL apunta a [::1], una dirección de bucle local (loopback)"],
      ["http://localhost:8080/in", "La URL apunta a localhost, que es este mismo servidor"],
    ];
    for (const [url, message] of cases) {
      const response = await post(strict, strictCookie, PATH, endpointFields(url));
      expect(response.status, url).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const noEvents = await post(strict, strictCookie, PATH, endpointFields("https://hooks.example.com/in", []));
    expect(noEvents.status).toBe(400);
    expect(await noEvents.text()).toContain(WEBHOOK_MESSAGES.eventsRequired);
    expect(await strict.db.select().from(webhookEndpoints)).toHaveLength(0);
    // A public name is accepted (its addresses are checked at each delivery).
    expect((await post(strict, strictCookie, PATH, endpointFields("https://hooks.example.com/in"))).status).toBe(201);
  });

  test("Enviar evento de prueba, then Reenviar from the log: the same webhook-id, signed with the secret shown once", async () => {
    const { id, secret } = await createEndpoint(`${receiver.url}/test-button`, ["device.offline"]);
    const start = receiver.received.length;
    const queued = await post(a, adminCookie, PATH, [
      ["intent", "send-test"],
      ["id", id],
    ]);
    expect(queued.status).toBe(200);
    expect(await queued.text()).toContain(WEBHOOK_MESSAGES.testQueued);
    await received(start + 1);
    const test = receiver.received[start]!;
    expect(test.path).toBe("/test-button");
    expect(receiver.secrets[test.verifiedWith]).toBe(secret);
    expect(JSON.parse(test.body)).toMatchObject({ type: "webhook.test", data: { endpointId: id } });

    const [delivery] = await a.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    await waitUntil(async () => (await a.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]!.status === "delivered", "the test delivery recorded");
    const log = await fetch(`${a.url}${PATH}/${id}?entrega=${delivery!.id}`, { headers: { Cookie: adminCookie } });
    const html = await log.text();
    expect(html).toContain("Evento de prueba");
    expect(html).toContain("Entregado");
    // The attempts dialog itself renders in the browser (tests/e2e/webhooks.test.ts); its data is here.
    expect(html.replace(/\\"/g, '"')).toContain(`"remoteAddress","127.0.0.1"`);
    expect(html).toContain(test.headers["webhook-id"]);

    const resent = await post(b, adminCookie, `${PATH}/${id}`, [
      ["intent", "resend"],
      ["deliveryId", delivery!.id],
    ]);
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(WEBHOOK_MESSAGES.resent);
    await received(start + 2);
    const again = receiver.received[start + 1]!;
    expect(again.headers["webhook-id"]).toBe(test.headers["webhook-id"]);
    expect(again.body).toBe(test.body);
    expect(receiver.secrets[again.verifiedWith]).toBe(secret);
  });

  test("Rotar secreto: the new secret is in the answer; for 24 h events carry a signature for each", async () => {
    const { id, secret } = await createEndpoint(`${receiver.url}/rotate`, ["incident.escalated"]);
    await onlyEndpoint(id);
    const response = await post(a, adminCookie, PATH, [
      ["intent", "rotate-secret"],
      ["id", id],
    ]);
    expect(response.status).toBe(200);
    const secrets = [...new Set((await response.text()).match(SECRET) ?? [])];
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).not.toBe(secret);
    receiver.secrets.push(secrets[0]!);
    const start = receiver.received.length;
    await enqueueWebhookEvent(a.db, { type: "incident.escalated", key: "incident:rot:escalated", data: { incidentId: "rot" } });
    await received(start + 1);
    const got = receiver.received[start]!;
    expect(got.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(got.verifiedBy.map((index) => receiver.secrets[index])).toEqual(expect.arrayContaining([secret, secrets[0]]));
  });

  test("two instances: events queued through both are each delivered exactly once, signed", async () => {
    const { id } = await createEndpoint(`${receiver.url}/both`, ["incident.opened", "incident.resolved"]);
    await onlyEndpoint(id);
    const start = receiver.received.length;
    const EVENTS = 40;
    // Every event is queued by both instances (as both would see the same incident), inside a
    // transaction each, all at once.
    const queued = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) =>
        [a, b].map((server) =>
          server.db.transaction((tx) =>
            enqueueWebhookEvent(tx, {
              type: i % 2 === 0 ? "incident.opened" : "incident.resolved",
              key: `incident:two-${i}:${i % 2 === 0 ? "opened" : "resolved"}`,
              data: { incidentId: `two-${i}`, propertyId: "p-1" },
            }),
          ),
        ),
      ).flat(),
    );
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(EVENTS);
    await received(start + EVENTS);
    // Every delivery recorded after its one claim: a second POST would need a second claim.
    await waitUntil(async () => {
      const rows = await a.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      return rows.length === EVENTS && rows.every((row) => row.status === "delivered" && row.attempts === 1);
    }, "every delivery recorded once");
    const mine = receiver.received.slice(start).filter((r) => r.path === "/both");
    expect(mine).toHaveLength(EVENTS);
    expect(new Set(mine.map((r) => r.headers["webhook-id"])).size).toBe(EVENTS);
    expect(mine.every((r) => r.verifiedWith >= 0)).toBe(true);
    const events = await a.db.select().from(webhookEvents);
    expect(new Set(mine.map((r) => r.headers["webhook-id"]))).toEqual(new Set(events.filter((e) => e.eventKey.startsWith("incident:two-")).map((e) => e.messageId)));
  });

  test("a disabled endpoint gets nothing new; a test event to it is refused", async () => {
    const { id } = await createEndpoint(`${receiver.url}/off`, ["device.online"]);
    await onlyEndpoint(id);
    const off = await post(a, adminCookie, PATH, [
      ["intent", "disable"],
      ["id", id],
    ]);
    expect(off.status).toBe(200);
    expect(await enqueueWebhookEvent(a.db, { type: "device.online", key: "device:ns01-x:online:1", data: { deviceId: "ns01-x" } })).toBe(0);
    const refused = await post(a, adminCookie, `${PATH}/${id}`, [["intent", "send-test"]]);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(WEBHOOK_MESSAGES.endpointDisabled);
    const deleted = await post(a, adminCookie, PATH, [
      ["intent", "delete"],
      ["id", id],
    ]);
    expect(deleted.status).toBe(200);
    expect(await a.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))).toHaveLength(0);
  });
});
