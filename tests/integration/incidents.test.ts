import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { connect, type MqttClient } from "mqtt";
import { and, asc, eq, like } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { incidentEvents, incidentRules, incidents, incidentWork, mailOutbox, properties, reservations, webhookEndpoints, webhookEvents } from "#app/db/schema.ts";
import { runIncidentEscalations, type EngineSettings } from "#app/modules/incidents/incidents-engine.server.ts";
import { DEFAULT_INCIDENT_RULES, type IncidentRules } from "#app/modules/incidents/incidents.schema.ts";
import { kickMailWorker } from "#app/modules/mail/mail-service.server.ts";
import { createSimulatedDevice, simulateReading, type Scenario } from "#app/modules/telemetry/telemetry-simulator.ts";
import { addDays, createProperty, createStay, ingest, registerDevice, type ReadingJson } from "#tests/helpers/monitoring-fixtures.ts";
import { parseMime, mimePart } from "#tests/helpers/mime.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";
import { fileBroker } from "#tests/helpers/mqtt-broker.ts";

// Incidents end to end (issue 20, ADR 0024): readings from the simulator's scenarios through the
// real ingest endpoint, the engine's worker on TWO app instances sharing one database, a real
// SMTP server in this process and a webhook receiver verifying every signature. Every e-mail and
// webhook is counted: each must arrive exactly once. Time is the readings' own (recent, so the
// episodes are news) and, for the escalation delay, the worker's `now` — never a sleep.

const MINUTE = 60_000;
const STAFF = "guardia@nido.example";
const SECRET = /whsec_[A-Za-z0-9+/]{43}=/g;

type Mail = { to: string[]; subject: string; text: string };

// The `aviso` command goes over MQTT: with a Mosquitto of this file (as the MQTT telemetry tests),
// a client subscribed to the device command topics sees it; REQUIRE_MQTT=1 makes its absence fail.
// A Mosquitto of this file only (or TEST_MQTT_URL): tests/helpers/mqtt-broker.ts.
const broker = await fileBroker();
afterAll(() => broker.close());
const MQTT_URL = broker.url;
const brokerUp = broker.up;
if (!brokerUp && process.env.REQUIRE_MQTT === "1") throw new Error(`No MQTT broker answers at ${MQTT_URL}`);
if (!brokerUp) console.warn(`\n!!! No MQTT broker answers at ${MQTT_URL}: the aviso command is NOT checked (REQUIRE_MQTT=1 makes it a failure).\n`);

/** An Etc/GMT zone where it is about 01:00 now: "night" whatever time the tests run. */
function nightZone(now = Date.now()): string {
  const hour = new Date(now).getUTCHours();
  let offset = (1 - hour + 24) % 24;
  if (offset > 12) offset -= 24;
  return offset === 0 ? "Etc/GMT" : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * `count` one-minute readings of a simulator scenario ending at each minute from `first`. The
 * party and quiet-night scenarios depend on Madrid's hour, so they are simulated at 23:30 Madrid
 * and stamped with the recent times the test needs.
 */
function scenarioReadings(scenario: Scenario, first: number, count: number, seed: number, override: Partial<ReadingJson> = {}): ReadingJson[] {
  const device = createSimulatedDevice(scenario, seed);
  const madridNight = Date.parse("2026-11-26T22:30:00Z");
  return Array.from({ length: count }, (_, i) => {
    const reading = simulateReading(device, new Date(madridNight + i * MINUTE), 60) as ReadingJson;
    return { ...reading, ...override, ts: new Date(first + i * MINUTE).toISOString(), window_s: 60 };
  });
}

function rulesWith(extra: Partial<IncidentRules>): IncidentRules {
  return { ...DEFAULT_INCIDENT_RULES, offline: { enabled: false }, emptyPresence: { enabled: false, sustainMin: 10 }, ...extra };
}

describe.each(testDatabases())("incidents on %s", (kind) => {
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  let receiver: WebhookReceiver;
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let cookie = "";
  let settings: EngineSettings;
  let commands: MqttClient | null = null;
  const avisos: { topic: string; message: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const message = parseMime(Buffer.concat(chunks).toString("latin1"));
          const text = mimePart(message, "text/plain") ?? message.parts[0]?.body ?? "";
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeSubject(message.headers.subject ?? ""), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    receiver = await startWebhookReceiver();
    database = await createTestDatabase(kind);
    if (kind === "pglite") {
      const shared = await database.open();
      database = { kind, open: async () => ({ ...shared, close: async () => {} }), drop: () => shared.close() };
    }
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MONITORING_ALERT_TO: STAFF,
      STAFF_NOTIFY_TO: "equipo@nido.example",
      WEBHOOK_ALLOW_PRIVATE: "1",
      SES_CREDENTIALS_KEY: "d".repeat(64),
      TRUST_PROXY: "true",
      // Short, so the silent device is found without waiting minutes; the other properties
      // have the offline rule off.
      DEVICE_OFFLINE_AFTER_S: "2",
      // Commands over MQTT when a broker is there; telemetry stays HTTP-only here.
      ...(brokerUp ? { MQTT_URL, MQTT_TELEMETRY: "off" } : {}),
    };
    if (brokerUp) {
      const client = connect(MQTT_URL, { clientId: `test-incidents-${randomBytes(4).toString("hex")}`, reconnectPeriod: 0 });
      await new Promise<void>((resolve, reject) => {
        client.once("connect", () => client.subscribe("nidosmart/devices/+/commands", { qos: 1 }, (error) => (error ? reject(error) : resolve())));
        client.once("error", reject);
      });
      client.on("message", (topic, payload) => avisos.push({ topic, message: JSON.parse(payload.toString("utf8")) as Record<string, unknown> }));
      commands = client;
    }
    a = await startTestServer({ testDatabase: database, env });
    b = await startTestServer({ testDatabase: database, env });
    settings = { mailEnabled: true, staffTo: [STAFF], siteUrl: a.url, offlineAfterS: 2, staleAfterS: 3600 };
    cookie = await a.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await fetch(`${a.url}/admin/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url, Cookie: cookie, "X-Forwarded-For": "10.9.0.1" },
      body: new URLSearchParams([
        ["intent", "create"],
        ["url", `${receiver.url}/nido`],
        ["description", "PMS"],
        ["enabled", "true"],
        ...["incident.opened", "incident.escalated", "incident.resolved", "device.offline", "device.online"].map((e) => ["events", e]),
      ]),
    });
    expect(created.status).toBe(201);
    receiver.secrets.push([...new Set((await created.text()).match(SECRET) ?? [])][0]!);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await receiver?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await commands?.endAsync();
  });

  async function setUp(name: string, deviceId: string, rules: IncidentRules, stay?: { guests: number; registered: number; email: string; lang: string }) {
    const propertyId = await createProperty(a, name, "Calle Mayor 1, Madrid");
    await a.db.insert(incidentRules).values({ propertyId, preset: "custom", rules });
    let reservationId: string | null = null;
    if (stay) {
      const today = new Date().toISOString().slice(0, 10);
      reservationId = await createStay(a, propertyId, { checkIn: addDays(today, -1), checkOut: addDays(today, 2) }, stay.guests, stay.registered);
      await a.db.update(reservations).set({ holderGivenName: "Lena", holderFirstSurname: "Muster", holderEmail: stay.email, holderLang: stay.lang }).where(eq(reservations.id, reservationId));
    }
    const secret = await registerDevice(a, cookie, { deviceId, name: `NS-01 ${name}`, propertyId });
    return { propertyId, reservationId, secret };
  }

  // In the order the episodes began: two incidents recorded by one transaction share now(), so
  // the recording time alone does not order them.
  const incidentsOf = (deviceId: string) =>
    a.db.select().from(incidents).where(eq(incidents.deviceId, deviceId)).orderBy(asc(incidents.startedAt), asc(incidents.openedAt), asc(incidents.id));
  const timeline = async (id: string) => (await a.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, id)).orderBy(asc(incidentEvents.id))).map((e) => e.kind);
  const hooksFor = (id: string) =>
    receiver.received
      .map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } }))
      .filter(({ body }) => body.data.id === id || body.data.incident_id === id);
  const outboxFor = (id: string) => a.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, `incident:${id}:%`));
  const eventsFor = (id: string) => a.db.select().from(webhookEvents).where(like(webhookEvents.eventKey, `%:${id}%`));

  test("a party at night: the holder is told in German, the device warned, staff after the escalation delay, then resolved — each once", async () => {
    const { secret } = await setUp("Ático Centro", "ns01-party", rulesWith({ timeZone: nightZone(), escalateAfterMin: 1, overcrowding: { enabled: false, tolerance: 0, sustainMin: 15 } }), {
      guests: 2,
      registered: 2,
      email: "lena@example.com",
      lang: "de",
    });
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 40 * MINUTE;
    await ingest(a, "ns01-party", secret, scenarioReadings("party", start, 12, 7));
    const [opened] = await waitUntil(async () => {
      const rows = await incidentsOf("ns01-party");
      return rows.length > 0 ? rows : null;
    }, "the noise incident");
    expect(opened).toMatchObject({ type: "noise", band: "night", status: "open", notify: true, threshold: 55, escalatedAt: null });
    expect(opened!.startedAt.getTime()).toBeGreaterThanOrEqual(start - MINUTE);
    expect((opened!.readings as unknown[]).length).toBeGreaterThanOrEqual(10);

    const holderMail = await waitUntil(() => mails.find((m) => m.to.includes("lena@example.com")), "the holder's e-mail");
    expect(holderMail.subject).toBe("Hinweis zur Lautstärke in Ático Centro");
    expect(holderMail.text).toContain("dB(A)");
    expect(holderMail.text).toContain("Grenzwert von 55,0 dB(A)");
    await waitUntil(() => hooksFor(opened!.id).some((h) => h.body.type === "incident.opened"), "incident.opened");
    if (brokerUp) {
      const aviso = await waitUntil(() => avisos.find((m) => m.message.incidentId === opened!.id), "the aviso command");
      expect(aviso.topic).toBe("nidosmart/devices/ns01-party/commands");
      expect(aviso.message).toMatchObject({ command: "aviso", reason: "noise", duration_s: 30, threshold: 55 });
    }

    // Step 2 on the worker's clock: a minute after opening, from both instances at once.
    const later = new Date(opened!.openedAt.getTime() + 61_000);
    await Promise.all([runIncidentEscalations(a.db, settings, { now: later }), runIncidentEscalations(b.db, settings, { now: later })]);
    kickMailWorker(a.db);
    const staffMail = await waitUntil(() => mails.find((m) => m.to.includes(STAFF) && m.subject.includes("Ático Centro")), "the staff e-mail");
    expect(staffMail.subject).toBe("Incidencia sin resolver: Ruido excesivo en Ático Centro");
    expect(staffMail.text).toContain("El titular de la estancia ya ha sido avisado.");
    const [escalated] = await incidentsOf("ns01-party");
    expect(escalated!.escalatedAt).not.toBeNull();

    // Quiet for the night band's 10 minutes, through the other instance: resolved.
    await ingest(b, "ns01-party", secret, scenarioReadings("quiet-night", start + 12 * MINUTE, 12, 8));
    await waitUntil(async () => (await incidentsOf("ns01-party"))[0]?.status === "resolved", "resolution");
    await waitUntil(() => hooksFor(opened!.id).some((h) => h.body.type === "incident.resolved"), "incident.resolved");

    expect(await incidentsOf("ns01-party")).toHaveLength(1);
    expect(await timeline(opened!.id)).toEqual(["opened", "holder_notified", "device_warned", "escalated", "staff_notified", "resolved"]);
    expect((await outboxFor(opened!.id)).map((m) => m.eventKey).sort()).toEqual([`incident:${opened!.id}:holder`, `incident:${opened!.id}:staff`]);
    expect((await eventsFor(opened!.id)).map((e) => e.type).sort()).toEqual(["incident.escalated", "incident.opened", "incident.resolved"]);
    const hooks = hooksFor(opened!.id);
    expect(hooks.map((h) => h.body.type).sort()).toEqual(["incident.escalated", "incident.opened", "incident.resolved"]);
    for (const { r } of hooks) expect(r.verifiedWith).toBe(0);
    expect(mails.filter((m) => m.subject.includes("Ático Centro"))).toHaveLength(2);
    if (brokerUp) expect(avisos.filter((m) => m.message.incidentId === opened!.id)).toHaveLength(1);
    await waitUntil(async () => (await a.db.select().from(incidentWork).where(eq(incidentWork.deviceId, "ns01-party"))).length === 0, "the work row done");
  });

  test("five people for two registered guests, sustained 15 minutes: holder (in English) and staff at once", async () => {
    const { secret, reservationId } = await setUp("Loft Triana", "ns01-crowd", rulesWith({}), { guests: 2, registered: 2, email: "sam@example.com", lang: "en" });
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 25 * MINUTE;
    await ingest(b, "ns01-crowd", secret, scenarioReadings("quiet-night", start, 16, 11, { occupancy: 5, laeq: 35, lmax: 45 }));
    const [row] = await waitUntil(async () => {
      const rows = (await incidentsOf("ns01-crowd")).filter((i) => i.type === "overcrowding");
      return rows.length > 0 ? rows : null;
    }, "the overcrowding incident");
    expect(row).toMatchObject({ status: "open", notify: true, registeredGuests: 2, peakValue: 5, reservationId });
    expect(row!.escalatedAt).not.toBeNull();
    const holder = await waitUntil(() => mails.find((m) => m.to.includes("sam@example.com")), "the holder's e-mail");
    expect(holder.subject).toBe("Notice about the number of people at Loft Triana");
    expect(holder.text).toContain("5 people");
    expect(holder.text).toContain("2 registered guests");
    const staff = await waitUntil(() => mails.find((m) => m.to.includes(STAFF) && m.subject.includes("Loft Triana")), "the staff e-mail");
    expect(staff.subject).toBe("Incidencia: Más personas que huéspedes registrados en Loft Triana");
    await waitUntil(() => hooksFor(row!.id).length >= 2, "opened and escalated webhooks");
    expect(hooksFor(row!.id).map((h) => h.body.type).sort()).toEqual(["incident.escalated", "incident.opened"]);
    expect(await incidentsOf("ns01-crowd")).toHaveLength(1);
    expect(await outboxFor(row!.id)).toHaveLength(2);
  });

  test("a backlog episode, opened and resolved in the past, and a stale one: recorded with their timeline, nobody told", async () => {
    const allDay = rulesWith({ bands: DEFAULT_INCIDENT_RULES.bands.map((band) => ({ ...band, laeq: 55, lmax: null })) });
    const { secret } = await setUp("Casa Sur", "ns01-backlog", allDay, { guests: 2, registered: 2, email: "old@example.com", lang: "fr" });
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * 3_600_000;
    await ingest(a, "ns01-backlog", secret, [...scenarioReadings("party", start, 12, 21, { occupancy: 2 }), ...scenarioReadings("quiet-night", start + 12 * MINUTE, 12, 22)]);
    // Later, a second stretch of party that stops being sent (its last reading 2 h old).
    await ingest(a, "ns01-backlog", secret, scenarioReadings("party", start + 3 * 3_600_000, 12, 23, { occupancy: 2 }));
    const rows = await waitUntil(async () => {
      const found = await incidentsOf("ns01-backlog");
      return found.length >= 2 ? found : null;
    }, "two recorded episodes");
    expect(rows.map((r) => [r.type, r.status, r.notify])).toEqual([
      ["noise", "resolved", false],
      ["noise", "open", false],
    ]);
    expect(await timeline(rows[0]!.id)).toEqual(["opened", "resolved"]);
    expect(await timeline(rows[1]!.id)).toEqual(["opened"]);
    // The escalation never picks a silent one, whatever the clock.
    await runIncidentEscalations(a.db, settings, { now: new Date(Date.now() + 3_600_000) });
    for (const row of rows) {
      expect(await outboxFor(row.id)).toHaveLength(0);
      expect(await eventsFor(row.id)).toHaveLength(0);
    }
    expect(mails.some((m) => m.to.includes("old@example.com") || m.subject.includes("Casa Sur"))).toBe(false);
  });

  test("a silent device goes offline (device.offline, staff told), then a reading brings it back (device.online)", async () => {
    const { secret } = await setUp("Estudio Norte", "ns01-silent", rulesWith({ offline: { enabled: true } }));
    await ingest(a, "ns01-silent", secret, scenarioReadings("empty", Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE, 1, 31));
    const [offline] = await waitUntil(async () => {
      const rows = (await incidentsOf("ns01-silent")).filter((i) => i.type === "offline");
      return rows.length > 0 ? rows : null;
    }, "the offline incident");
    expect(offline).toMatchObject({ status: "open", notify: true });
    await waitUntil(() => hooksFor(offline!.id).some((h) => h.body.type === "device.offline"), "device.offline");
    const staff = await waitUntil(() => mails.find((m) => m.subject.includes("Estudio Norte")), "the staff e-mail");
    expect(staff.subject).toBe("Incidencia: Sin conexión en Estudio Norte");
    expect(staff.to).toEqual([STAFF]);

    await ingest(b, "ns01-silent", secret, scenarioReadings("empty", Date.now(), 1, 32));
    await waitUntil(async () => (await a.db.select().from(incidents).where(eq(incidents.id, offline!.id)))[0]?.status === "resolved", "back online");
    await waitUntil(() => hooksFor(offline!.id).some((h) => h.body.type === "device.online"), "device.online");
    const hooks = hooksFor(offline!.id);
    expect(hooks.map((h) => h.body.type).sort()).toEqual(["device.offline", "device.online", "incident.escalated", "incident.opened", "incident.resolved"]);
    for (const { r } of hooks) expect(r.verifiedWith).toBe(0);
    // Never two open episodes of one device and type, whatever both instances' sweeps did.
    const open = await a.db.select().from(incidents).where(and(eq(incidents.deviceId, "ns01-silent"), eq(incidents.status, "open")));
    expect(open.length).toBeLessThanOrEqual(1);
  });

  test("two instances: every e-mail and every webhook event exactly once", async () => {
    // Give the webhook deliveries and mails of the tests above time to settle, then count.
    await waitUntil(async () => (await a.db.select().from(mailOutbox).where(eq(mailOutbox.status, "sent"))).length === (await a.db.select().from(mailOutbox)).length, "every mail sent");
    const keys = (await a.db.select().from(mailOutbox)).map((m) => m.eventKey);
    expect(new Set(keys).size).toBe(keys.length);
    const bySubject = new Map<string, number>();
    for (const mail of mails) bySubject.set(`${mail.to.join()}|${mail.subject}`, (bySubject.get(`${mail.to.join()}|${mail.subject}`) ?? 0) + 1);
    // The offline device may have gone silent again (2 s): a new episode, a new subject line each time is fine;
    // the noise, overcrowding and first offline e-mails are single.
    for (const [key, count] of bySubject) if (!key.includes("Estudio Norte")) expect(count, key).toBe(1);
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    const byId = new Map<string, Set<string>>();
    for (const r of receiver.received) byId.set(r.headers["webhook-id"]!, (byId.get(r.headers["webhook-id"]!) ?? new Set()).add(r.body));
    expect(ids.length).toBeGreaterThan(0);
    // A retried delivery would repeat an id with the same body; none was needed here.
    expect(new Set(ids).size).toBe(ids.length);
    const events = await a.db.select().from(webhookEvents);
    expect(new Set(events.map((e) => e.eventKey)).size).toBe(events.length);
    const [endpoint] = await a.db.select().from(webhookEndpoints);
    expect(endpoint!.enabled).toBe(true);
    void properties;
  });
});

function decodeSubject(subject: string): string {
  return subject.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}
