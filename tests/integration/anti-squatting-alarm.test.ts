import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deviceCommands, incidentEvents, incidents, intrusionEpisodes, mailOutbox, users, vigilanceBaselines, webhookEvents } from "#app/db/schema.ts";
import { ackTopic, commandTopic, createMqttDoorGateway, createSimulatedDoorGateway, type DoorGateway } from "#app/modules/door/door-gateway.server.ts";
import { createSimulatedDevice, simulatedDeviceReports, simulateReading, type Scenario } from "#app/modules/telemetry/telemetry-simulator.ts";
import { createIntrusionRangeHook, SIREN_DURATION_S, startSirenDispatcher, type RangeHook, type SirenDispatcher } from "#app/modules/vigilance/intrusion-alarm.server.ts";
import { recordVisit, refreshBaseline, saveVigilanceSettings, setManualState } from "#app/modules/vigilance/vigilance.server.ts";
import { DEFAULT_SETTINGS, formatScore } from "#app/modules/vigilance/vigilance.schema.ts";
import { DEFAULT_INCIDENT_RULES, type IncidentRules } from "#app/modules/incidents/incidents.schema.ts";
import { saveIncidentRules } from "#app/modules/incidents/incidents.server.ts";
import { parseMime, mimePart } from "#tests/helpers/mime.ts";
import { createProperty, ingest, registerDevice, type ReadingJson } from "#tests/helpers/monitoring-fixtures.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";
import { fileBroker } from "#tests/helpers/mqtt-broker.ts";

// Issue 21's "done when", end to end: the simulator's readings go in through the real device
// ingest endpoint; the intrusion range hook is called for every minute of readings, inside a
// transaction, as the incidents worker calls it; then what reaches the outside world is checked
// where it lands — the staff e-mail in a real SMTP server started here, the signed webhook
// incident.opened in a real HTTP receiver that verifies it with the standardwebhooks library, the
// `sirena` command at a fake device subscribed on a Mosquitto of this file that
// acknowledges it — and the episode's evidence report is checked as a lawyer would: /verificar,
// `openssl pkeyutl -verify` against the published key, and a changed byte that does not match.

const QUIET_RULES: IncidentRules = {
  ...DEFAULT_INCIDENT_RULES,
  bands: DEFAULT_INCIDENT_RULES.bands.map((band) => ({ ...band, laeq: 120, lmax: null })),
  overcrowding: { ...DEFAULT_INCIDENT_RULES.overcrowding, enabled: false },
  emptyPresence: { ...DEFAULT_INCIDENT_RULES.emptyPresence, enabled: false },
  offline: { enabled: false },
  smoke: { enabled: false },
  co: { ...DEFAULT_INCIDENT_RULES.co, enabled: false },
  tamper: { enabled: false },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STAFF = "equipo@nido.example";
// A Mosquitto of this file only (or TEST_MQTT_URL): tests/helpers/mqtt-broker.ts.
const broker = await fileBroker();
afterAll(() => broker.close());
const MQTT_URL = broker.url;
const SECRET = /whsec_[A-Za-z0-9+/]{43}=/g;

const brokerUp = broker.up;
if (!brokerUp && process.env.REQUIRE_MQTT === "1") throw new Error(`No MQTT broker answers at ${MQTT_URL}`);
if (!brokerUp) console.warn(`\n!!! No MQTT broker at ${MQTT_URL}: the siren goes through the simulated device (recorded, not published).\n`);

type SirenMessage = { id: string; command: string; action: string; duration_s?: number; reason?: string; episodeId?: string; issuedAt: string; expiresAt: string };

/** An NS-01 on the broker: records and acknowledges every command on its topic. */
async function startFakeDevice(deviceId: string) {
  const client: MqttClient = connect(MQTT_URL, { clientId: `test-siren-${randomBytes(4).toString("hex")}`, reconnectPeriod: 0 });
  const received: SirenMessage[] = [];
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  await client.subscribeAsync(commandTopic(deviceId), { qos: 1 });
  client.on("message", (_topic, payload) => {
    const command = JSON.parse(payload.toString("utf8")) as SirenMessage;
    received.push(command);
    client.publish(ackTopic(deviceId), JSON.stringify({ id: command.id, ok: true }), { qos: 1 });
  });
  return { received, close: () => client.endAsync(true) };
}

describe.each(testDatabases())("the anti-squatting alarm end to end on %s", (database) => {
  let server: TestServer;
  let cookie: string;
  let smtp: SMTPServer;
  const mails: { to: string[]; original: string }[] = [];
  let receiver: WebhookReceiver;
  let gateway: DoorGateway;
  let dispatcher: SirenDispatcher;
  let dir: string;
  const devices: Awaited<ReturnType<typeof startFakeDevice>>[] = [];
  const suffix = `${database}-${randomBytes(3).toString("hex")}`;
  // Half past an hour, between 1 and 61 minutes ago (as in vigilance-scenarios.test.ts).
  const now = Math.floor((Date.now() - 31 * MINUTE) / HOUR) * HOUR + 30 * MINUTE;
  const historyStart = now - 156 * HOUR;
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

  // Two instances of the incidents worker, each with its own hook.
  let hookA: RangeHook;
  let hookB: RangeHook;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "alarm-test-"));
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), original: Buffer.concat(chunks).toString("latin1") });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    receiver = await startWebhookReceiver();
    // The scenarios replay days of readings, then give the baseline and the cleaner's visit:
    // the hook is run here minute by minute as the worker would have, not by the server's own
    // worker on the replay (tests/integration/intrusion-worker.test.ts runs that path).
    server = await startTestServer({
      database,
      intrusionAlarm: false,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        STAFF_NOTIFY_TO: STAFF,
        WEBHOOK_ALLOW_PRIVATE: "1",
        SES_CREDENTIALS_KEY: "a".repeat(64),
        TRUST_PROXY: "true",
        ...(database === "postgres" ? { EVIDENCE_SIGNING_KEY: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60" } : {}),
      },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

    // A receiver subscribed to every event, created on the Webhooks screen (the secret shown once).
    const created = await fetch(`${server.url}/admin/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie, "X-Forwarded-For": "10.91.0.1" },
      body: new URLSearchParams([["intent", "create"], ["url", `${receiver.url}/nidosmart`], ["description", "Central de alarmas"], ["enabled", "true"], ["events", "incident.opened"], ["events", "incident.resolved"]]),
    });
    expect(created.status).toBe(201);
    receiver.secrets.push([...new Set((await created.text()).match(SECRET) ?? [])][0]!);

    gateway = brokerUp ? createMqttDoorGateway({ url: MQTT_URL, timeoutMs: 5_000 }) : createSimulatedDoorGateway({ delayMs: 0 });
    dispatcher = await startSirenDispatcher(server.running.database, gateway);
    const options = { staffTo: [STAFF], publicBaseUrl: server.url, mailEnabled: true };
    hookA = createIntrusionRangeHook(options);
    hookB = createIntrusionRangeHook(options);
  }, 60_000);
  afterAll(async () => {
    await dispatcher?.close();
    await gateway?.close();
    for (const device of devices) await device.close();
    await server?.stop();
    await receiver?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A property with its NS-01 (siren on), the scenario's readings: 1 a minute before `fineFrom`, every 10 s after. */
  async function sendScenario(scenario: Scenario, name: string, eventAt: number, fineFrom: number, until: number) {
    const propertyId = await createProperty(server, name, "Calle de Toledo 45, 28005 Madrid");
    const deviceId = `ns01-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${suffix}`.slice(0, 60);
    const secret = await registerDevice(server, cookie, { deviceId, name: `Sensor ${name}`, propertyId });
    await saveVigilanceSettings(server.db, propertyId, { ...DEFAULT_SETTINGS, sirenEnabled: true });
    // The incidents engine's own rules off for these flats (presence in an empty flat would
    // otherwise open its own incident, mail and webhook beside the alarm's): this test counts
    // what the intrusion alarm alone sends. Both together: intrusion-worker.test.ts.
    await saveIncidentRules(server.db, { propertyId, userId: null, rules: QUIET_RULES });
    const sim = createSimulatedDevice(scenario, 4242, { eventAt });
    const readings: ReadingJson[] = [];
    for (let t = historyStart + MINUTE; t <= until; t += t < fineFrom ? MINUTE : 10_000) {
      const reading = simulateReading(sim, new Date(t), t <= fineFrom ? 60 : 10);
      if (simulatedDeviceReports(sim, new Date(t))) readings.push(reading as ReadingJson);
    }
    for (let i = 0; i < readings.length; i += 500) expect((await ingest(server, deviceId, secret, readings.slice(i, i + 500))).status).toBeLessThan(300);
    return { propertyId, deviceId };
  }

  /** The incidents worker: each minute's range through the hook, by one instance or by two at once. */
  async function runWorker(run: { propertyId: string; deviceId: string }, from: number, to: number, options: { hooks: RangeHook[]; live: boolean }) {
    for (let t = from; t < to; t += MINUTE) {
      const range = { ...run, from: new Date(t + 1), to: new Date(t + MINUTE), now: new Date(t + MINUTE + 2_000), live: options.live };
      await Promise.all(options.hooks.map((hook) => server.db.transaction((tx) => hook(tx, range))));
      // A worker waits for its next batch between ranges; PGlite's answers are microtasks, so
      // without this turn of the event loop nothing else (an MQTT ack) would run until the end.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // The «Posible ocupación» incidents: the incidents engine's own rules (presence in an empty
  // flat, noise) also run on these readings and have their own tests (incidents.test.ts).
  const incidentsOf = (propertyId: string) =>
    server.db.select().from(incidents).where(and(eq(incidents.propertyId, propertyId), eq(incidents.type, "intrusion")));
  const mailsFor = (incidentId: string) => server.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `incident:${incidentId}:staff`));
  const sirensOf = (deviceId: string) => server.db.select().from(deviceCommands).where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.command, "sirena")));

  test("a night intrusion, evaluated by two instances at once: one incident, one e-mail, one signed webhook, one siren; then evidence that holds up", async () => {
    const eventAt = now - 60 * MINUTE;
    const run = await sendScenario("night-intrusion", "Piso Embajadores", eventAt, eventAt - 10 * MINUTE, now);
    const device = brokerUp ? await startFakeDevice(run.deviceId) : null;
    if (device) devices.push(device);
    expect((await refreshBaseline(server.db, run.propertyId, run.deviceId, new Date(eventAt - 10 * MINUTE)))!.readyAt).not.toBeNull();

    await runWorker(run, eventAt - 10 * MINUTE, now, { hooks: [hookA, hookB], live: true });

    const [episode, ...moreEpisodes] = await server.db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.propertyId, run.propertyId));
    expect(moreEpisodes).toEqual([]);
    const rows = await incidentsOf(run.propertyId);
    expect(rows).toHaveLength(1);
    const incident = rows[0];
    expect(incident).toMatchObject({ type: "intrusion", status: "open", notify: true, deviceId: run.deviceId, intrusionEpisodeId: episode.id, threshold: episode.threshold });
    expect(incident.startedAt.getTime()).toBe(episode.firstAnomalyAt.getTime());
    expect(incident.startedAt.getTime()).toBeGreaterThanOrEqual(eventAt);
    // Alarm within 2 minutes of the first anomalous reading, and the incident opened by the range that crossed.
    expect(episode.crossedAt.getTime() - episode.firstAnomalyAt.getTime()).toBeLessThanOrEqual(2 * MINUTE);
    expect(incident.openedAt.getTime() - episode.firstAnomalyAt.getTime()).toBeLessThanOrEqual(3 * MINUTE + 2_000);
    expect(incident.peakValue!).toBeGreaterThanOrEqual(episode.threshold);
    // The readings that set it off: each once, with every way it was anomalous, the door opening among them.
    const readings = incident.readings as { ts: string; window_s: number; door_open?: boolean; anomalies: { kind: string }[] }[];
    expect(readings.length).toBeGreaterThan(0);
    expect(new Set(readings.map((r) => r.ts)).size).toBe(readings.length);
    expect(readings.flatMap((r) => r.anomalies.map((a) => a.kind))).toEqual(expect.arrayContaining(["opening", "presence"]));
    expect(readings.find((r) => r.anomalies.some((a) => a.kind === "opening"))?.door_open).toBe(true);
    expect(readings.every((r) => r.window_s > 0)).toBe(true);
    // One peak score on the incident and its episode, though the score kept rising after the alarm.
    expect(incident.peakValue).toBe(episode.peakScore);
    const events = await server.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, incident.id));
    expect(events.map((e) => e.kind).sort()).toEqual(["opened", "siren_on", "staff_notified"]);

    // The e-mail, once, at the SMTP server.
    expect(await mailsFor(incident.id)).toHaveLength(1);
    const mail = await waitUntil(() => mails.find((m) => m.to.includes(STAFF)), "the staff e-mail");
    expect(mail.to).toEqual([STAFF]);
    const text = mimePart(parseMime(mail.original), "text/plain") ?? "";
    expect(text).toContain("posible ocupación en Piso Embajadores");
    expect(text).toMatch(/Inicio \(primera lectura anómala\): \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(text).toContain(`(umbral ${formatScore(episode.threshold)})`);
    expect(text).toContain(`${server.url}/admin/vigilancia/${run.propertyId}`);
    expect(text).toContain("Apertura de puerta");

    // The webhook, once, signed with the secret the screen showed.
    const opened = await waitUntil(() => receiver.received.find((r) => JSON.parse(r.body).type === "incident.opened"), "incident.opened at the receiver");
    expect(opened.verifiedWith).toBe(0);
    const body = JSON.parse(opened.body) as { type: string; data: Record<string, unknown> };
    expect(body.data).toMatchObject({ id: incident.id, type: "intrusion", label: "Posible ocupación", property_id: run.propertyId, property_name: "Piso Embajadores", status: "open" });
    expect(await server.db.select().from(webhookEvents).where(like(webhookEvents.eventKey, `incident:${incident.id}:%`))).toHaveLength(1);

    // The siren, once: recorded, published, acknowledged.
    await dispatcher.idle();
    const sirens = await waitUntil(async () => {
      const list = await sirensOf(run.deviceId);
      return list.length === 1 && list[0].result === "ok" ? list : null;
    }, "the siren command acknowledged");
    expect(sirens[0]).toMatchObject({ command: "sirena", result: "ok", error: null });
    if (device) {
      expect(device.received).toHaveLength(1);
      expect(device.received[0]).toMatchObject({ command: "sirena", action: "on", duration_s: SIREN_DURATION_S, reason: "intrusion", episodeId: episode.id });
      expect(Date.parse(device.received[0].expiresAt)).toBeGreaterThan(Date.parse(device.received[0].issuedAt));
    }

    // The same ranges again (a retry, a third instance): nothing new anywhere.
    await runWorker(run, eventAt - 2 * MINUTE, eventAt + 10 * MINUTE, { hooks: [hookB], live: true });
    expect(await incidentsOf(run.propertyId)).toHaveLength(1);
    expect(await mailsFor(incident.id)).toHaveLength(1);
    expect(await sirensOf(run.deviceId)).toHaveLength(1);
    expect(await server.db.select().from(webhookEvents).where(like(webhookEvents.eventKey, `incident:${incident.id}:%`))).toHaveLength(1);

    // The incident's screen: "Lecturas que la dispararon" lists each reading once and names the
    // door opening; the score reads as on the Vigilancia screen and in the report.
    const score = formatScore(episode.peakScore);
    const incidentPage = await (await fetch(`${server.url}/admin/monitorizacion/incidencias/${incident.id}`, { headers: { Cookie: cookie } })).text();
    const readingsSection = incidentPage.slice(incidentPage.indexOf("Lecturas que la dispararon"));
    expect(readingsSection).toContain("Apertura de puerta");
    expect(readingsSection).toContain("puerta abierta");
    expect(readingsSection.match(/<tr class="border-b last:border-0">/g)).toHaveLength(readings.length);
    expect(incidentPage).toContain(`puntuación ${score} (umbral ${formatScore(episode.threshold)})`);

    // Evidence from the episode, on the Vigilancia screen.
    const page = await (await fetch(`${server.url}/admin/vigilancia/${run.propertyId}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Puntuación máxima ${score} (umbral ${formatScore(episode.threshold)})`);
    expect(page).toContain("Posible ocupación · abierta");
    expect(page).toContain(`href="/admin/monitorizacion/incidencias/${incident.id}"`);
    expect(page).toContain("Incidencia «Posible ocupación»</a>: abierta");
    const report = await fetch(`${server.url}/admin/vigilancia/${run.propertyId}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ intent: "create-report", episodeId: episode.id }).toString(),
    });
    expect(report.status).toBe(302);
    const reportId = report.headers.get("location")!.split("/").pop()!;
    const pdf = Buffer.from(await (await fetch(`${server.url}/api/admin/evidence/reports/${reportId}/files/pdf`, { headers: { Cookie: cookie } })).arrayBuffer());
    const pdfText = (await readPdf(pdf)).text.replace(/\s+/g, " ");
    expect(pdfText).toContain(`Puntuación máxima: ${score} sobre`);
    // The baseline was learnt from vacant hours before the flat was armed: the report says what
    // that period is instead of letting it read as a contradiction.
    const [baseline] = await server.db.select({ windowFrom: vigilanceBaselines.windowFrom }).from(vigilanceBaselines).where(eq(vigilanceBaselines.id, episode.baselineId!));
    if (episode.armedSince && baseline.windowFrom && baseline.windowFrom < episode.armedSince) expect(pdfText).toContain("Estas horas son anteriores al armado");
    const signature = Buffer.from(await (await fetch(`${server.url}/api/admin/evidence/reports/${reportId}/files/pdf.sig`, { headers: { Cookie: cookie } })).arrayBuffer());
    const verify = await fetch(`${server.url}/verificar/${reportId}`);
    expect(verify.status).toBe(200);
    const verifyHtml = await verify.text();
    expect(verifyHtml).toContain("Válida");
    expect(verifyHtml).not.toContain("No válida");
    writeFileSync(path.join(dir, "key.pem"), await (await fetch(`${server.url}/.well-known/nidosmart-evidence-key`)).text());
    writeFileSync(path.join(dir, "report.pdf"), pdf);
    writeFileSync(path.join(dir, "report.pdf.sig"), signature);
    expect(openssl("pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "report.pdf", "-sigfile", "report.pdf.sig")).toContain("Signature Verified Successfully");
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    writeFileSync(path.join(dir, "changed.pdf"), changed);
    expect(() => openssl("pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", "changed.pdf", "-sigfile", "report.pdf.sig")).toThrow();
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.set("archivo", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "informe.pdf");
      return (await fetch(`${server.url}/verificar/${reportId}`, { method: "POST", body: form, headers: { Origin: server.url } })).text();
    };
    expect(await upload(pdf)).toContain("Coincide: el archivo es idéntico al informe PDF firmado.");
    expect(await upload(changed)).toContain("No coincide");

    // Staff disarm by hand: at the worker's next range the incident is resolved (once), the
    // receiver told, and the siren switched off.
    await setManualState(server.db, run.propertyId, "disarmed", { id: await adminId(), name: "Ana Administradora" });
    await runWorker(run, now, now + MINUTE, { hooks: [hookA, hookB], live: true });
    const [resolved] = await incidentsOf(run.propertyId);
    expect(resolved).toMatchObject({ status: "resolved" });
    expect(resolved.resolvedAt).not.toBeNull();
    const resolvedEvent = await waitUntil(() => receiver.received.find((r) => JSON.parse(r.body).type === "incident.resolved"), "incident.resolved at the receiver");
    expect(JSON.parse(resolvedEvent.body).data).toMatchObject({ id: incident.id, status: "resolved" });
    await dispatcher.idle();
    const both = await waitUntil(async () => {
      const list = await sirensOf(run.deviceId);
      return list.length === 2 && list.every((c) => c.result === "ok") ? list : null;
    }, "the siren switched off");
    expect(both).toHaveLength(2);
    if (device) {
      await waitUntil(() => device.received.length >= 2, "the off command at the device");
      expect(device.received).toHaveLength(2);
      expect(device.received[1]).toMatchObject({ command: "sirena", action: "off", episodeId: episode.id });
    }
    expect(receiver.received.filter((r) => JSON.parse(r.body).data?.id === incident.id)).toHaveLength(2);
    expect(mails.filter((m) => m.to.includes(STAFF))).toHaveLength(1);
  }, 240_000);

  async function adminId(): Promise<string> {
    const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
    return row!.id;
  }

  test("a backlog (live = false): the incident is recorded, nobody is told, no siren", async () => {
    const eventAt = now - 60 * MINUTE;
    const run = await sendScenario("night-intrusion", "Piso Lavapiés atrasado", eventAt, eventAt - 10 * MINUTE, now);
    await refreshBaseline(server.db, run.propertyId, run.deviceId, new Date(eventAt - 10 * MINUTE));
    const before = receiver.received.length;
    await runWorker(run, eventAt - 10 * MINUTE, eventAt + 20 * MINUTE, { hooks: [hookA], live: false });
    const rows = await incidentsOf(run.propertyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "intrusion", status: "open", notify: false });
    expect(await mailsFor(rows[0].id)).toEqual([]);
    expect(await server.db.select().from(webhookEvents).where(like(webhookEvents.eventKey, `incident:${rows[0].id}:%`))).toEqual([]);
    expect(await sirensOf(run.deviceId)).toEqual([]);
    const events = await server.db.select().from(incidentEvents).where(eq(incidentEvents.incidentId, rows[0].id));
    expect(events.map((e) => e.kind)).toEqual(["opened"]);
    expect(receiver.received.length).toBe(before);
    const page = await (await fetch(`${server.url}/admin/vigilancia/${run.propertyId}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Incidencia «Posible ocupación»</a>: abierta · registrada con retraso, sin avisos");
  }, 180_000);

  test("an empty week, a cleaner let in by staff and a street party: no incident, no mail, no siren", async () => {
    const empty = await sendScenario("empty-week", "Piso vacío", Infinity, now, now);
    for (let t = historyStart; t < now; t += HOUR) {
      if (t >= historyStart + 72 * HOUR && (t - historyStart) % (6 * HOUR) === 0) await refreshBaseline(server.db, empty.propertyId, empty.deviceId, new Date(t));
      const range = { ...empty, from: new Date(t + 1), to: new Date(t + HOUR), now: new Date(t + HOUR + 2_000), live: true };
      await server.db.transaction((tx) => hookA(tx, range));
    }

    const cleanerAt = now - 130 * MINUTE;
    const cleaner = await sendScenario("cleaner", "Piso con limpieza", cleanerAt, cleanerAt - 10 * MINUTE, now);
    await refreshBaseline(server.db, cleaner.propertyId, cleaner.deviceId, new Date(cleanerAt - 10 * MINUTE));
    await recordVisit(server.db, { propertyId: cleaner.propertyId, deviceId: cleaner.deviceId, kind: "staff", label: "Ana Administradora", startedAt: new Date(cleanerAt) });
    await runWorker(cleaner, cleanerAt - 10 * MINUTE, now, { hooks: [hookA], live: true });

    const partyAt = now - 150 * MINUTE;
    const party = await sendScenario("street-party", "Piso junto a la verbena", partyAt, partyAt - 10 * MINUTE, now);
    await refreshBaseline(server.db, party.propertyId, party.deviceId, new Date(partyAt - 10 * MINUTE));
    await runWorker(party, partyAt - 10 * MINUTE, now, { hooks: [hookA], live: true });

    for (const run of [empty, cleaner, party]) {
      expect(await incidentsOf(run.propertyId)).toEqual([]);
      expect(await server.db.select().from(intrusionEpisodes).where(eq(intrusionEpisodes.propertyId, run.propertyId))).toEqual([]);
      expect(await sirensOf(run.deviceId)).toEqual([]);
    }
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "incident-staff"))).toHaveLength(1); // the night intrusion's only
  }, 400_000);
});
