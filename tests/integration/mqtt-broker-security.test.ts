import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appSettings, brokerAccountChanges, devices } from "#app/db/schema.ts";
import { closeDoorGateways } from "#app/modules/door/door-gateway.server.ts";
import { hashDeviceSecret, verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { rejectedTopic, sharedSubscription, telemetryTopic } from "#app/modules/telemetry/telemetry-mqtt.server.ts";
import { MQTT_MAX_PACKET_BYTES } from "#app/modules/telemetry/telemetry.schema.ts";
import { mosquittoBinary, startPrivateBroker, type PrivateBroker } from "#tests/helpers/mqtt-broker.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Devices that cannot hurt each other (issue 27, ADR 0025), against a Mosquitto of this file only,
// set up exactly as docs/DEVICE-PROTOCOL.md says: its configuration block and its mosquitto_ctrl
// commands are read from the document and run as written (without TLS, on a free port, in a 0700
// directory). The server keeps the device accounts (MQTT_DYNSEC=on); devices are registered,
// re-keyed and deleted through Dispositivos. A device in the server's shared-subscription group
// takes nothing; no device publishes under another's id; a new secret and a deletion reach the
// broker, also when it was down at that moment; an oversized publish is refused by the broker.

const execFileAsync = promisify(execFile);
const DEVICES_PATH = "/admin/viajeros/dispositivos";
const doc = fs.readFileSync(path.resolve("docs/DEVICE-PROTOCOL.md"), "utf8");

/** The lines of the fenced block after `<!-- marker…`. */
function docBlock(marker: string): string[] {
  const at = doc.indexOf(`<!-- ${marker}`);
  if (at < 0) throw new Error(`DEVICE-PROTOCOL.md has no block marked ${marker}`);
  const open = doc.indexOf("```", at);
  const body = doc.indexOf("\n", open) + 1;
  return doc
    .slice(body, doc.indexOf("\n```", body))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/** Shell words of one documented command: '…' and "…" quoting, $VARIABLES from `vars`. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const m of line.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push((m[2] ?? m[3]!).replace(/\$([A-Z_]+)/g, (_, name: string) => vars[name] ?? ""));
  }
  return out;
}

const pluginLine = docBlock("broker-conf").find((line) => line.startsWith("plugin "));
const pluginPath = pluginLine?.split(/\s+/)[1];
const runnable = mosquittoBinary !== undefined && pluginPath !== undefined && fs.existsSync(pluginPath);
if (!runnable && process.env.REQUIRE_MQTT === "1") throw new Error("mosquitto or its dynamic-security plugin is not installed, and REQUIRE_MQTT=1");
if (!runnable) console.warn("\n!!! mosquitto's dynamic-security plugin is not installed: the broker security tests are NOT RUN (REQUIRE_MQTT=1 makes it a failure).\n");

const ADMIN_PASSWORD = randomBytes(12).toString("base64url");
const SERVER_PASSWORD = randomBytes(12).toString("base64url");

/** The documented broker: its mosquitto.conf lines, the plugin's file initialised, then the accounts. */
async function startDocumentedBroker(): Promise<PrivateBroker> {
  const vars = { ADMIN_PASSWORD, SERVER_PASSWORD };
  const accounts = docBlock("broker-accounts");
  let dataDir = "";
  const relocate = (text: string) => text.replaceAll("/var/lib/mosquitto/", `${dataDir}/`);
  const broker = await startPrivateBroker({
    anonymous: false,
    prepare: async (dir) => {
      dataDir = dir;
      // Step 1, before the first start.
      const init = accounts.find((line) => line.startsWith("mosquitto_ctrl dynsec init"));
      if (!init) throw new Error("DEVICE-PROTOCOL.md does not initialise the dynamic-security file");
      const [command, ...args] = words(relocate(init), vars);
      await execFileAsync(command!, args);
      // The listener is the helper's (127.0.0.1, free port, no TLS), like its user line.
      const settings = docBlock("broker-conf")
        .filter((line) => !/^(listener|cafile|certfile|keyfile)\b/.test(line))
        .map(relocate);
      fs.appendFileSync(path.join(dir, "mosquitto.conf"), settings.join("\n") + "\n");
    },
  });
  // Step 2, with the broker running: every `ctrl …` line, as the admin.
  for (const line of accounts.filter((l) => l.startsWith("ctrl "))) {
    await ctrl(broker, words(line, vars).slice(1));
  }
  return broker;
}

async function ctrl(broker: PrivateBroker, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync("mosquitto_ctrl", ["-h", "127.0.0.1", "-p", String(broker.port), "-u", "admin", "-P", ADMIN_PASSWORD, "dynsec", ...args]);
  return stdout;
}

/** A device's connection as DEVICE-PROTOCOL.md asks (MQTT 5), or the broker's refusal. */
function device(broker: PrivateBroker, username: string, password: string, options: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = connect(broker.url, {
      clientId: `${username}-${randomBytes(3).toString("hex")}`,
      username,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    client.once("connect", () => resolve(client));
    client.once("error", (error) => {
      client.end(true);
      reject(error);
    });
  });
}
const refused = (broker: PrivateBroker, username: string, password: string) =>
  device(broker, username, password).then(
    async (client) => {
      await client.endAsync();
      return false;
    },
    (error: { code?: number }) => error.code === 134 || error.code === 135,
  );

/** A PUBACK's reason code (0 when the broker sent none). */
const reasonOf = (ack: unknown) => (ack as { reasonCode?: number } | undefined)?.reasonCode ?? 0;

const reading = (t0: number, i: number) => JSON.stringify({ ts: new Date(t0 + i * 1000).toISOString(), laeq: 40 + (i % 30), smoke: i % 7 === 0 });

describe.skipIf(!runnable).each(testDatabases())("the MQTT broker as DEVICE-PROTOCOL.md sets it up (dynamic security, MQTT_DYNSEC=on) on %s", (kind) => {
  let broker: PrivateBroker;
  let server: TestServer;
  let cookie: string;
  const clients: MqttClient[] = [];

  async function postForm(fields: Record<string, string>) {
    return fetch(`${server.url}${DEVICES_PATH}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  }
  /** The one-time secret in the answer of a register or rotate action. */
  async function secretFrom(response: Response, deviceId: string): Promise<string> {
    const text = await response.text();
    const [row] = await server.db.select({ secretHash: devices.secretHash }).from(devices).where(eq(devices.id, deviceId));
    for (const candidate of new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])) if (await verifyDeviceSecret(candidate, row!.secretHash)) return candidate;
    throw new Error(`the answer carried no secret of ${deviceId}`);
  }
  async function register(deviceId: string): Promise<string> {
    const response = await postForm({ intent: "register", deviceId, name: `Sensor ${deviceId}`, propertyId: "" });
    expect(response.status).toBe(201);
    return secretFrom(response, deviceId);
  }
  async function connected(deviceId: string, secret: string): Promise<MqttClient> {
    // The account is created once the worker has applied the change: shortly after the answer.
    const client = await waitUntil(() => device(broker, deviceId, secret).catch(() => null), `${deviceId}'s broker account`);
    clients.push(client);
    return client;
  }
  async function stored(ids: string[]): Promise<number> {
    const result = await server.db.execute(sql`
      select count(*)::int as n from telemetry_readings r join devices d on d.telemetry_key = r.device_key
      where d.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  beforeAll(async () => {
    broker = await startDocumentedBroker();
    server = await startTestServer({
      database: kind,
      env: {
        MQTT_URL: `mqtt://nidosmart-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`,
        MQTT_DYNSEC: "on",
        // The queued secrets' key (without it a PostgreSQL server refuses MQTT_DYNSEC=on).
        SES_CREDENTIALS_KEY: "b".repeat(64),
        MQTT_CLIENT_ID: `security-${randomBytes(3).toString("hex")}`,
      },
    });
    cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await server?.stop();
    await closeDoorGateways();
    await broker?.close();
  });

  test("a device in the server's shared group takes no reading: every other device's readings are all stored", async () => {
    const senders = ["ns01-sec-a", "ns01-sec-b", "ns01-sec-c"];
    const secrets = new Map<string, string>();
    for (const id of senders) secrets.set(id, await register(id));
    const intruderSecret = await register("ns01-sec-intruder");
    const intruder = await connected("ns01-sec-intruder", intruderSecret);

    // Even knowing the server's secret group, and under any other name, the broker refuses it.
    const [group] = await server.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, "mqtt_share_group"));
    expect(group?.value).toMatch(/^ns-[A-Za-z0-9_-]{24}$/);
    for (const filter of [sharedSubscription(group!.value), sharedSubscription("nidosmart"), "nidosmart/devices/+/telemetry", "#", "nidosmart/devices/ns01-sec-a/commands"]) {
      await expect(intruder.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Not authorized/);
    }
    const taken: string[] = [];
    intruder.on("message", (topic) => taken.push(topic));
    // Its own topics it may use.
    await intruder.subscribeAsync("nidosmart/devices/ns01-sec-intruder/commands", { qos: 1 });

    // Publishing under another id, or commands to another device: refused (135), nothing stored.
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 20 * 60_000;
    await expect(intruder.publishAsync(telemetryTopic("ns01-sec-a"), reading(t0, 500), { qos: 1 })).rejects.toMatchObject({ code: 135 });
    await expect(intruder.publishAsync("nidosmart/devices/ns01-sec-a/commands", "{}", { qos: 1 })).rejects.toMatchObject({ code: 135 });

    const PER_DEVICE = 30;
    for (const id of senders) {
      const client = await connected(id, secrets.get(id)!);
      // The server's consumer is subscribed once a PUBACK says a subscriber took the message.
      await waitUntil(async () => reasonOf(await client.publishAsync(telemetryTopic(id), reading(t0, 0), { qos: 1 })) !== 16, "the consumer subscribed");
      for (let i = 1; i < PER_DEVICE; i++) expect(reasonOf(await client.publishAsync(telemetryTopic(id), reading(t0, i), { qos: 1 }))).toBe(0);
    }
    await waitUntil(async () => (await stored(senders)) === senders.length * PER_DEVICE, "every device's readings stored", 20_000);
    expect(taken).toEqual([]);
    expect(await stored(senders)).toBe(senders.length * PER_DEVICE);
  });

  test("a message over 264 kB is refused by the broker before the server sees it; the sender is disconnected", async () => {
    const secret = await register("ns01-sec-big");
    const client = await connected("ns01-sec-big", secret);
    await client.subscribeAsync(rejectedTopic("ns01-sec-big"), { qos: 1 });
    // Without the broker's limit the message (or, dropped for the server's smaller Maximum Packet
    // Size, the invalid marker after it) would be read by the server and answered on …/rejected.
    const outcome = new Promise<string>((resolve) => {
      client.once("disconnect", (packet) => resolve(`disconnected ${packet.reasonCode}`));
      client.on("message", (_topic, payload) => resolve(`read by the server: ${payload.toString("utf8")}`));
    });
    client.publish(telemetryTopic("ns01-sec-big"), Buffer.alloc(MQTT_MAX_PACKET_BYTES + 1, 0x20), { qos: 1 });
    client.publish(telemetryTopic("ns01-sec-big"), "marcador", { qos: 1 });
    expect(await outcome).toBe("disconnected 149"); // Packet too large
    expect(await stored(["ns01-sec-big"])).toBe(0);
  });

  test("Regenerar secreto and deleting a device reach the broker: the old session is cut, the old secret and the deleted device refused", async () => {
    const secret = await register("ns01-sec-rotate");
    const rotating = await connected("ns01-sec-rotate", secret);
    const deleting = await connected("ns01-sec-delete", await register("ns01-sec-delete"));
    const rotatingCut = new Promise<void>((resolve) => rotating.once("close", () => resolve()));
    const deletingCut = new Promise<void>((resolve) => deleting.once("close", () => resolve()));

    const response = await postForm({ intent: "rotate-secret", deviceId: "ns01-sec-rotate" });
    expect(response.status).toBe(200);
    const fresh = await secretFrom(response, "ns01-sec-rotate");
    expect((await postForm({ intent: "delete", deviceId: "ns01-sec-delete" })).status).toBe(200);

    await rotatingCut;
    await deletingCut;
    expect(await refused(broker, "ns01-sec-rotate", secret)).toBe(true);
    await connected("ns01-sec-rotate", fresh);
    expect(await refused(broker, "ns01-sec-delete", "anything")).toBe(true);
    expect(await ctrl(broker, ["listRoles"])).not.toContain("nidosmart-device-ns01-sec-delete");
  });

  test("changes made while the broker is down are applied when it is back, the new secret encrypted meanwhile; an account the database does not know is deleted; devices without one are listed", async () => {
    // PGlite always has a credentials key (DATA_DIR's file); a PostgreSQL server must be given
    // one, or the queued secrets would have none: it refuses to start.
    if (kind === "postgres") {
      await expect(
        startTestServer({ database: kind, env: { MQTT_URL: `mqtt://nidosmart-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`, MQTT_DYNSEC: "on" } }),
      ).rejects.toThrow(/MQTT_DYNSEC=on needs SES_CREDENTIALS_KEY/);
    }
    const keep = await register("ns01-sec-outage");
    const gone = await register("ns01-sec-outage-gone");
    await connected("ns01-sec-outage", keep);
    await connected("ns01-sec-outage-gone", gone);
    // An account left behind (a device deleted while the server was not managing the broker).
    await ctrl(broker, ["createRole", "nidosmart-device-ns01-sec-ghost"]);
    await ctrl(broker, ["createClient", "ns01-sec-ghost", "-p", "ghost-password"]);
    await ctrl(broker, ["addClientRole", "ns01-sec-ghost", "nidosmart-device-ns01-sec-ghost"]);
    // A device registered before MQTT_DYNSEC=on: in the database, no account.
    await server.db.insert(devices).values({ id: "ns01-sec-legacy", name: "Legacy", secretHash: await hashDeviceSecret("legacy-secret-xxxxxxxxxxxxxxxxxxxx") });

    await broker.stop();
    const response = await postForm({ intent: "rotate-secret", deviceId: "ns01-sec-outage" });
    const fresh = await secretFrom(response, "ns01-sec-outage");
    expect((await postForm({ intent: "delete", deviceId: "ns01-sec-outage-gone" })).status).toBe(200);
    // Queued in the database, and the screen says so.
    expect((await server.db.select({ id: brokerAccountChanges.deviceId }).from(brokerAccountChanges)).map((r) => r.id).sort()).toEqual([
      "ns01-sec-outage",
      "ns01-sec-outage-gone",
    ]);
    const page = await (await fetch(`${server.url}${DEVICES_PATH}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Cambios pendientes en el broker MQTT (2)");
    // The new secret waits for the broker encrypted at rest, never in clear.
    const queued = await server.db.select({ password: brokerAccountChanges.password }).from(brokerAccountChanges).where(eq(brokerAccountChanges.deviceId, "ns01-sec-outage"));
    expect(queued[0]?.password).toMatch(/^v1\./);
    expect(queued[0]?.password).not.toContain(fresh);
    expect(page).not.toContain("El broker MQTT no se actualiza solo");

    await broker.start();
    await waitUntil(async () => (await server.db.select().from(brokerAccountChanges)).length === 0, "the queued changes applied");
    expect(await refused(broker, "ns01-sec-outage", keep)).toBe(true);
    await connected("ns01-sec-outage", fresh);
    expect(await refused(broker, "ns01-sec-outage-gone", gone)).toBe(true);
    await waitUntil(() => refused(broker, "ns01-sec-ghost", "ghost-password"), "the stray account deleted");
    const listed = await waitUntil(async () => {
      const html = await (await fetch(`${server.url}${DEVICES_PATH}`, { headers: { Cookie: cookie } })).text();
      return html.includes("Dispositivos sin cuenta en el broker MQTT (1).") ? html : null;
    }, "the device without an account listed");
    expect(listed).toContain("crear su cuenta (ns01-sec-legacy)");
  });
});
