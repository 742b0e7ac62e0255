import { and, eq, sql } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appSettings, incidentEvents, incidents, pushOutbox, pushSubscriptions, users } from "#app/db/schema.ts";
import { runIncidentEscalations, type EngineSettings } from "#app/modules/incidents/incidents-engine.server.ts";
import { resolveVapidKeys, VAPID_SETTING, VapidKeyError, vapidKeysFor } from "#app/modules/push/push-keys.server.ts";
import { loadConfig } from "#app/config/env.server.ts";
import { NO_CREDENTIALS_KEY } from "#app/modules/landlords/credentials-key.server.ts";
import { purgeOldPushes, savePushSubscription } from "#app/modules/push/push.server.ts";
import { checkVapid, decryptAes128gcm, startFakePush, type FakePush, type TestSubscription } from "#tests/fake-push/fake-push.ts";
import { createProperty } from "#tests/helpers/monitoring-fixtures.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Web push to staff phones (issue 31, ADR 0027), server side: TWO app instances on one database,
// each running its push sender, against a local push service that verifies the VAPID JWT and
// decrypts every message with the subscription's private keys (tests/fake-push). Incidents are
// escalated by the engine's own step (runIncidentEscalations); every request that reaches the
// push service is counted, so a duplicate from either instance would show.

const MINUTE = 60_000;
const UA_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("the fake push service refuses what a real one would", () => {
  test("a JWT for another origin, signed by another key, expired or too long, and a payload for other keys", async () => {
    const push = await startFakePush();
    try {
      const subscription = push.subscribe();
      const keys = webpush.generateVAPIDKeys();
      const details = (audience: string, exp?: number, vapid = keys) =>
        webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, "hola", {
          vapidDetails: { subject: "mailto:avisos@nidosmart.es", publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          contentEncoding: "aes128gcm",
        }).headers.Authorization as string;
      const good = details(push.origin);
      expect(checkVapid(good, push.origin, keys.publicKey)).toBeNull();
      expect(checkVapid(good, "http://127.0.0.1:1", keys.publicKey)).toMatch(/^aud /);
      expect(checkVapid(good, push.origin, webpush.generateVAPIDKeys().publicKey)).toMatch(/expected VAPID public key/);
      const other = webpush.generateVAPIDKeys();
      const forged = good.replace(/k=.*$/, `k=${other.publicKey}`);
      expect(checkVapid(forged, push.origin, null)).toMatch(/does not verify/);
      const expired = webpush.getVapidHeaders(push.origin, "mailto:a@b.es", keys.publicKey, keys.privateKey, "aes128gcm", Math.floor(Date.now() / 1000) + 10).Authorization;
      expect(checkVapid(expired, push.origin, keys.publicKey, Date.now() + 20_000)).toMatch(/exp missing or past/);
      expect(checkVapid(good, push.origin, keys.publicKey, Date.now() - 2 * 86_400_000)).toMatch(/more than 24 h/);
      const body = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, "hola", { contentEncoding: "aes128gcm" }).body!;
      expect(decryptAes128gcm(body, subscription.privateKey, subscription.authSecret).toString()).toBe("hola");
      const stranger = push.subscribe();
      expect(() => decryptAes128gcm(body, stranger.privateKey, stranger.authSecret)).toThrow();
      expect(() => decryptAes128gcm(body, subscription.privateKey, stranger.authSecret)).toThrow();
    } finally {
      await push.close();
    }
  });
});

describe("VAPID keys from the environment", () => {
  test("a matching pair is used as it is; a private key of another pair stops the start; no key at all means push off", async () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const db = null as never; // the variables' path reads no database
    const keys = await resolveVapidKeys(db, loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }), NO_CREDENTIALS_KEY);
    expect(keys).toMatchObject({ publicKey: pair.publicKey, privateKey: pair.privateKey, source: "env", subject: "mailto:avisos@nidosmart.es" });
    await expect(resolveVapidKeys(db, loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey }), NO_CREDENTIALS_KEY)).rejects.toThrow(VapidKeyError);
    expect(await resolveVapidKeys(db, loadConfig({ VAPID_SUBJECT: "https://nido.example" }), NO_CREDENTIALS_KEY)).toMatchObject({ publicKey: null, source: "none", subject: "https://nido.example" });
  });
});

describe.each(testDatabases())("web push on %s", (kind) => {
  let push: FakePush;
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let settings: EngineSettings;
  let propertyId: string;
  const subs: Record<"super1" | "super2" | "admin" | "plain", TestSubscription> = {} as never;

  beforeAll(async () => {
    push = await startFakePush();
    database = await createTestDatabase(kind);
    if (kind === "pglite") {
      const shared = await database.open();
      database = { kind, open: async () => ({ ...shared, close: async () => {} }), drop: () => shared.close() };
    }
    const env = { SES_CREDENTIALS_KEY: "e".repeat(64), PUSH_ALLOW_PRIVATE: "1" };
    // Both instances start at once: the VAPID pair is generated by one and read by the other.
    [a, b] = await Promise.all([startTestServer({ testDatabase: database, env }), startTestServer({ testDatabase: database, env })]);
    settings = { mailEnabled: false, staffTo: [], siteUrl: a.url, offlineAfterS: 300, staleAfterS: 3600 };
    const [superUser] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
    const admin = await a.createUser({ email: "guardia@nido.example", password: "guardia-secret-1", role: "admin" });
    const plain = await a.createUser({ email: "usuario@nido.example", password: "usuario-secret-1", role: "user" });
    for (const [name, userId] of [
      ["super1", superUser!.id],
      ["super2", superUser!.id],
      ["admin", admin.id],
      ["plain", plain.id],
    ] as const) {
      const subscription = push.subscribe();
      subs[name] = subscription;
      await savePushSubscription(a.db, userId, { endpoint: subscription.endpoint, keys: subscription.keys }, UA_ANDROID);
    }
    propertyId = await createProperty(a, "Ático Centro", "Calle Mayor 1, Madrid");
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await push?.close();
  });

  async function openIncident(type: "noise" | "smoke", deviceId: string, now: Date) {
    const [row] = await a.db
      .insert(incidents)
      .values({ propertyId, deviceId, type, status: "open", startedAt: new Date(now.getTime() - 20 * MINUTE), lastTriggerAt: now, openedAt: new Date(now.getTime() - 15 * MINUTE), threshold: 55, peakValue: 68.4, notify: true, ...(type === "noise" ? { band: "night" } : {}) })
      .returning();
    await a.db.insert(incidentEvents).values({ incidentId: row!.id, kind: "opened", at: row!.openedAt, detail: type === "noise" ? "LAeq 68,4 dB(A) > 55 dB(A) durante 10 min" : "Humo detectado" });
    return row!;
  }

  const requestsFor = (incidentId: string) => push.requests.filter((r) => (r.payload as { incidentId?: string } | null)?.incidentId === incidentId);
  const outboxOf = (incidentId: string) => a.db.select().from(pushOutbox).where(eq(pushOutbox.incidentId, incidentId));
  const settled = async (incidentId: string) => {
    const rows = await outboxOf(incidentId);
    return rows.length > 0 && rows.every((r) => r.status !== "pending") ? rows : null;
  };

  test("the VAPID pair is one for both instances, and its private half is stored encrypted", async () => {
    const keysA = vapidKeysFor(a.db);
    const keysB = vapidKeysFor(b.db);
    expect(keysA?.source).toBe("database");
    expect(keysB?.publicKey).toBe(keysA?.publicKey);
    expect(keysB?.privateKey).toBe(keysA?.privateKey);
    const [stored] = await a.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
    expect(stored!.value).not.toContain(keysA!.privateKey!);
    expect(JSON.parse(stored!.value)).toMatchObject({ publicKey: keysA!.publicKey, privateKey: expect.stringMatching(/^v1\./) });
    push.expectKey(keysA!.publicKey!);
    const [device] = await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.super1.endpoint));
    expect(device!.label).toBe("Chrome en Android");
  });

  test("Mis avisos: a staff user adds this browser, bad input is refused in Spanish with nothing stored, and removes only their own devices", async () => {
    const cookie = await a.signIn("guardia@nido.example", "guardia-secret-1");
    const post = (fields: Record<string, string>, ua = UA_ANDROID) =>
      fetch(`${a.url}/admin/avisos`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url, Cookie: cookie, "User-Agent": ua },
        body: new URLSearchParams(fields),
      });
    const count = async () => (await a.db.select().from(pushSubscriptions)).length;
    const before = await count();
    const phone = push.subscribe();
    for (const [fields, message] of [
      [{ endpoint: "no es una url", p256dh: phone.keys.p256dh, auth: phone.keys.auth }, "La dirección del servicio de avisos no es válida"],
      [{ endpoint: phone.endpoint, p256dh: phone.keys.p256dh.slice(0, 40), auth: phone.keys.auth }, "La clave del navegador (p256dh) no es válida"],
      [{ endpoint: phone.endpoint, p256dh: phone.keys.p256dh }, "El secreto del navegador (auth) no es válido"],
    ] as const) {
      const refused = await post({ intent: "subscribe", ...fields });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await count()).toBe(before);

    const created = await post({ intent: "subscribe", endpoint: phone.endpoint, p256dh: phone.keys.p256dh, auth: phone.keys.auth }, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1");
    expect(created.status).toBe(201);
    const page = await (await fetch(`${a.url}/admin/avisos`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Safari en iOS");
    expect(page).toContain("Activar avisos en este dispositivo");
    expect(page).toContain('rel="manifest" href="/admin/manifest.webmanifest"');
    const [mine] = await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    const [othersDevice] = await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.super1.endpoint));
    const notMine = await post({ intent: "remove", id: othersDevice!.id });
    expect(notMine.status).toBe(404);
    expect(await notMine.text()).toContain("Ese dispositivo ya no está en tu lista");
    expect((await post({ intent: "remove", id: mine!.id })).status).toBe(200);
    expect(await count()).toBe(before);
  });

  test("an escalated incident sends exactly one decrypted notification per staff subscription, none to a plain user", async () => {
    const now = new Date();
    const incident = await openIncident("noise", "ns01-push-noise", now);
    // Both instances take the step at once: one escalates, the outbox row is queued once.
    await Promise.all([runIncidentEscalations(a.db, settings, { now }), runIncidentEscalations(b.db, settings, { now })]);
    const rows = await waitUntil(() => settled(incident.id), "the notifications sent");
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    const received = requestsFor(incident.id);
    expect(received.map((r) => r.error)).toEqual([null, null, null]);
    expect(received.map((r) => r.subscriptionId).sort()).toEqual([subs.super1.id, subs.super2.id, subs.admin.id].sort());
    expect(push.requests.filter((r) => r.subscriptionId === subs.plain.id)).toEqual([]);
    for (const request of received) {
      expect(request.status).toBe(201);
      expect(request.urgency).toBe("normal");
      expect(request.ttl).toBeGreaterThan(3000);
      expect(request.ttl).toBeLessThanOrEqual(3600);
      expect(request.payload).toMatchObject({
        title: "Ruido excesivo en Ático Centro",
        body: expect.stringMatching(/^LAeq 68,4 dB\(A\) > 55 dB\(A\) durante 10 min\. Desde las \d\d:\d\d del \d\d\/\d\d\.$/),
        url: `${a.url}/admin/monitorizacion/incidencias/${incident.id}`,
        incidentId: incident.id,
        tag: `incident:${incident.id}:escalated`,
      });
    }
    // Another pass of the step adds nothing.
    await runIncidentEscalations(b.db, settings, { now: new Date(now.getTime() + MINUTE) });
    expect(await outboxOf(incident.id)).toHaveLength(3);
    const events = await a.db.select().from(incidentEvents).where(and(eq(incidentEvents.incidentId, incident.id), eq(incidentEvents.kind, "staff_notified")));
    expect(events.map((e) => e.detail)).toEqual(["Aviso push a 3 dispositivos del equipo"]);
    const [device] = await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.admin.endpoint));
    expect(device!.lastSuccessAt).not.toBeNull();
  });

  test("429 is retried after Retry-After, 410 removes the subscription; smoke goes out with urgency high", async () => {
    push.script(subs.super1.id, [{ status: 429, retryAfter: "1" }]);
    push.script(subs.super2.id, [{ status: 410 }]);
    const now = new Date();
    const incident = await openIncident("smoke", "ns01-push-smoke", now);
    await runIncidentEscalations(b.db, settings, { now });
    await waitUntil(async () => (await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.super2.endpoint))).length === 0, "the 410 subscription removed");
    const rows = await waitUntil(() => settled(incident.id), "the retried notification sent");
    // super2's row went with its subscription; super1 was answered 429 then 201; admin 201.
    expect(rows.map((r) => [r.subscriptionId, r.status, r.attempts]).length).toBe(2);
    const bySub = (id: string) => requestsFor(incident.id).filter((r) => r.subscriptionId === id);
    expect(bySub(subs.super1.id).map((r) => r.status)).toEqual([429, 201]);
    expect(bySub(subs.super2.id).map((r) => r.status)).toEqual([410]);
    expect(bySub(subs.admin.id).map((r) => r.status)).toEqual([201]);
    const retried = bySub(subs.super1.id);
    expect(retried[1]!.at - retried[0]!.at).toBeGreaterThanOrEqual(900);
    expect(rows.find((r) => r.attempts === 2)).toMatchObject({ status: "sent", lastStatusCode: 201 });
    for (const request of requestsFor(incident.id)) {
      expect(request.error).toBeNull();
      expect(request.urgency).toBe("high");
      expect(request.payload).toMatchObject({ title: "Humo en Ático Centro", body: expect.stringMatching(/^Humo detectado\. Desde las /) });
    }
  });

  test("a burst of escalations from two instances: every notification once", async () => {
    const now = new Date();
    const opened = await Promise.all(Array.from({ length: 12 }, (_, i) => openIncident("noise", `ns01-push-burst-${i}`, now)));
    await Promise.all([runIncidentEscalations(a.db, settings, { now }), runIncidentEscalations(b.db, settings, { now })]);
    for (const incident of opened) await waitUntil(() => settled(incident.id), "the burst sent");
    for (const incident of opened) {
      // super1 and admin remain (super2 was removed by its 410).
      expect(requestsFor(incident.id).map((r) => `${r.subscriptionId}:${r.status}`).sort()).toEqual([`${subs.admin.id}:201`, `${subs.super1.id}:201`].sort());
    }
  });

  test("sent messages are purged after a week, pending ones never", async () => {
    const total = async () => (await a.db.select().from(pushOutbox)).length;
    const before = await total();
    expect(before).toBeGreaterThan(0);
    await a.db.execute(sql`update push_outbox set created_at = created_at - interval '8 days'`);
    // One still waiting for its retry (not due, so no sender takes it meanwhile).
    await a.db.execute(sql`update push_outbox set status = 'pending', next_attempt_at = now() + interval '1 hour', expires_at = now() + interval '2 hours' where id = (select id from push_outbox limit 1)`);
    expect(await purgeOldPushes(a.db, new Date())).toBe(before - 1);
    expect(await total()).toBe(1);
    await a.db.execute(sql`delete from push_outbox`);
  });
});
