import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appSettings, deviceCommands, devices, properties, reservations } from "#app/db/schema.ts";
import { todayIsoDate } from "#app/lib/dates.ts";
import {
  ackTopic,
  closeDoorGateways,
  commandTopic,
  createMqttDoorGateway,
  type DoorGateway,
} from "#app/modules/door/door-gateway.server.ts";
import { DOOR_MESSAGES, expiredMessage, notYetValidMessage } from "#app/modules/door/door.schema.ts";
import { createDoorAccessToken, getDoorLinksForReservations, verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { startTestServer, TEST_ADMIN, testDatabases, type TestServer } from "#tests/helpers/test-server.ts";
import { fileBroker } from "#tests/helpers/mqtt-broker.ts";

// Door opening bound to reservations (DECISIONS.md, "Door opening") through the real server and
// database: the staff's device admin, the guest's signed link, POST /api/door/command with the
// spec's contract, the command log, and the MQTT gateway against the local Mosquitto broker.

const DEVICES_PATH = "/admin/viajeros/dispositivos";

let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const addDays = (isoDate: string, days: number) => {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

type DoorAnswer = { status: number; body: { ok: boolean; error?: string } };

async function sendCommand(server: TestServer, body: unknown, ip = nextIp(), lang?: string): Promise<DoorAnswer> {
  const response = await fetch(`${server.url}/api/door/command`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...(lang ? { "Accept-Language": lang } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as DoorAnswer["body"] };
}

function linkParts(link: string): { token: string; deviceId: string } {
  const url = new URL(link, "http://x");
  expect(url.pathname).toBe("/apertura-puerta");
  return { token: url.searchParams.get("t")!, deviceId: url.searchParams.get("d")! };
}

async function createProperty(server: TestServer, name: string): Promise<string> {
  const [row] = await server.db
    .insert(properties)
    .values({ name, address: "Calle Sierpes 1, Sevilla", establishmentCode: "0000000001" })
    .returning({ id: properties.id });
  return row!.id;
}

async function createReservation(server: TestServer, propertyId: string, checkInDate: string, checkOutDate: string): Promise<string> {
  const [row] = await server.db
    .insert(reservations)
    .values({
      propertyId,
      propertyName: "Apartamento Giralda",
      guestCount: 2,
      checkInDate,
      checkOutDate,
      uniqueLink: randomBytes(16).toString("base64url"),
    })
    .returning({ id: reservations.id });
  return row!.id;
}

async function lastCommand(server: TestServer) {
  const [row] = await server.db.select().from(deviceCommands).orderBy(desc(deviceCommands.id)).limit(1);
  return row!;
}

async function postForm(server: TestServer, pathname: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** Registers a device through the staff page and returns the one-time secret from the answer. */
async function registerDevice(server: TestServer, cookie: string, fields: { deviceId: string; name: string; propertyId: string }) {
  const response = await postForm(server, DEVICES_PATH, { intent: "register", ...fields }, cookie);
  expect(response.status).toBe(201);
  expect(response.headers.get("cache-control")).toContain("no-store");
  const text = await response.text();
  const [row] = await server.db.select().from(devices).where(eq(devices.id, fields.deviceId));
  expect(row).toBeDefined();
  // The secret travels once, in this answer; find which 43-character token in it is the secret.
  const candidates = [...new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])];
  for (const candidate of candidates) {
    if (await verifyDeviceSecret(candidate, row!.secretHash)) return { secret: candidate, secretHash: row!.secretHash };
  }
  throw new Error("the registration answer did not include the device secret");
}

describe.each(testDatabases())("door opening on %s", (database) => {
  let server: TestServer;
  let adminCookie: string;
  let userCookie: string;
  let propertyId: string;
  let otherPropertyId: string;
  let current: string;
  let past: string;
  let future: string;
  let deviceSecret: string;
  const deviceId = "ns01-giralda-1";
  const otherDeviceId = "ns01-otra-casa";

  beforeAll(async () => {
    server = await startTestServer({ database, env: { TRUST_PROXY: "1" } });
    await server.createUser({ email: "ana.admin@nidosmart.test", password: "admin-pass", role: "admin", fullName: "Ana Admin" });
    await server.createUser({ email: "ursula@nidosmart.test", password: "user-pass", role: "user" });
    adminCookie = await server.signIn("ana.admin@nidosmart.test", "admin-pass");
    userCookie = await server.signIn("ursula@nidosmart.test", "user-pass");
    propertyId = await createProperty(server, "Apartamento Giralda");
    otherPropertyId = await createProperty(server, "Ático Triana");
    const today = todayIsoDate();
    current = await createReservation(server, propertyId, addDays(today, -1), addDays(today, 2));
    past = await createReservation(server, propertyId, addDays(today, -10), addDays(today, -3));
    future = await createReservation(server, propertyId, addDays(today, 5), addDays(today, 8));
    ({ secret: deviceSecret } = await registerDevice(server, adminCookie, { deviceId, name: "Puerta principal", propertyId }));
    await registerDevice(server, adminCookie, { deviceId: otherDeviceId, name: "Portal Triana", propertyId: otherPropertyId });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("the device secret is stored as a salted scrypt hash, never in clear", async () => {
    const [row] = await server.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row!.secretHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(row!.secretHash).not.toContain(deviceSecret);
    expect(await verifyDeviceSecret(deviceSecret, row!.secretHash)).toBe(true);
    expect(await verifyDeviceSecret(`${deviceSecret}x`, row!.secretHash)).toBe(false);
    // The staff page never shows it again.
    const page = await (await fetch(`${server.url}${DEVICES_PATH}`, { headers: { Cookie: adminCookie } })).text();
    expect(page).toContain(deviceId);
    expect(page).not.toContain(deviceSecret);
    expect(page).not.toContain(row!.secretHash);
  });

  test("only reservations at a property with a device get a link; the link is stable", async () => {
    const lonelyProperty = await createProperty(server, "Casa sin dispositivo");
    const lonely = await createReservation(server, lonelyProperty, todayIsoDate(), addDays(todayIsoDate(), 1));
    const links = await getDoorLinksForReservations(server.db, [current, past, future, lonely, current]);
    expect([...links.keys()].sort()).toEqual([current, past, future].sort());
    expect(linkParts(links.get(current)!).deviceId).toBe(deviceId);
    const again = await getDoorLinksForReservations(server.db, [current]);
    expect(again.get(current)).toBe(links.get(current));
    expect((await getDoorLinksForReservations(server.db, [])).size).toBe(0);
  });

  test("a valid link opens the door (simulated device) and the attempt is logged", async () => {
    const link = (await getDoorLinksForReservations(server.db, [current])).get(current)!;
    const { token, deviceId: linkDevice } = linkParts(link);
    const before = new Date();
    const answer = await sendCommand(server, { device_id: linkDevice, command: "abrir", token });
    const after = new Date();
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const logged = await lastCommand(server);
    expect(logged).toMatchObject({ deviceId, reservationId: current, command: "abrir", result: "ok", error: null });
    // The time recorded is the time of the attempt.
    expect(logged.requestedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(logged.requestedAt.getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
  });

  test("expired and not-yet-valid links are refused with the days, and logged", async () => {
    const links = await getDoorLinksForReservations(server.db, [past, future]);
    const expired = await sendCommand(server, { device_id: deviceId, command: "abrir", token: linkParts(links.get(past)!).token });
    const lastDay = addDays(todayIsoDate(), -3).split("-").reverse().join("/");
    expect(expired).toEqual({ status: 403, body: { ok: false, error: expiredMessage(lastDay) } });
    expect(await lastCommand(server)).toMatchObject({ deviceId, reservationId: past, result: "rejected", error: expiredMessage(lastDay) });

    const early = await sendCommand(server, { device_id: deviceId, command: "abrir", token: linkParts(links.get(future)!).token });
    const firstDay = addDays(todayIsoDate(), 5).split("-").reverse().join("/");
    expect(early).toEqual({ status: 403, body: { ok: false, error: notYetValidMessage(firstDay) } });
    expect(await lastCommand(server)).toMatchObject({ reservationId: future, result: "rejected", error: notYetValidMessage(firstDay) });
  });

  test("the answer speaks the caller's language (the door page sends its own); the log keeps Spanish", async () => {
    const links = await getDoorLinksForReservations(server.db, [past]);
    const expiredToken = linkParts(links.get(past)!).token;
    const lastDay = addDays(todayIsoDate(), -3);
    const german = await sendCommand(server, { device_id: deviceId, command: "abrir", token: expiredToken }, nextIp(), "de");
    const germanDay = lastDay.split("-").reverse().join(".");
    expect(german).toEqual({ status: 403, body: { ok: false, error: `Dieser Türlink ist abgelaufen: Er war bis zum ${germanDay} um 23:59 Uhr gültig.` } });
    expect(await lastCommand(server)).toMatchObject({ result: "rejected", error: expiredMessage(lastDay.split("-").reverse().join("/")) });
    const french = await sendCommand(server, { device_id: deviceId, command: "abrir", token: "abc.def" }, nextIp(), "fr-FR,fr;q=0.9,en;q=0.8");
    expect(french).toEqual({ status: 401, body: { ok: false, error: "Ce lien d’ouverture n’est pas valide. Demandez-en un nouveau au logement." } });
    const english = await sendCommand(server, { device_id: deviceId, command: "cerrar", token: "abc.def" }, nextIp(), "en-GB");
    expect(english).toEqual({ status: 400, body: { ok: false, error: "Invalid command: only “abrir” (open) is accepted." } });
    // A language we do not speak, or none: Spanish, the spec's language.
    const dutch = await sendCommand(server, { device_id: deviceId, command: "abrir", token: "abc.def" }, nextIp(), "nl");
    expect(dutch.body.error).toBe(DOOR_MESSAGES.invalidToken);
  });

  test("a token whose own window has passed is refused even while the stay goes on", async () => {
    const token = await createDoorAccessToken(server.db, {
      reservationId: current,
      deviceId,
      validFrom: new Date(Date.now() - 3 * 3600_000),
      validUntil: new Date(Date.now() - 3600_000),
    });
    const answer = await sendCommand(server, { device_id: deviceId, command: "abrir", token });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/^El enlace de apertura ha caducado/);
  });

  test("forged tokens are refused with 401 and logged", async () => {
    const { token } = linkParts((await getDoorLinksForReservations(server.db, [current])).get(current)!);
    const [payload, signature] = token.split(".");
    // Stretch the window by a year without the secret: the MAC no longer matches.
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u: number };
    claims.u += 365 * 86_400_000;
    const stretched = `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    // Signed with a guessed secret.
    const guessed = `${payload}.${createHmac("sha256", "guess").update("nidosmart-door-token-v1.").update(payload).digest("base64url")}`;
    for (const forged of [stretched, guessed, "abc.def", "no-es-un-token"]) {
      const answer = await sendCommand(server, { device_id: deviceId, command: "abrir", token: forged });
      expect(answer).toEqual({ status: 401, body: { ok: false, error: DOOR_MESSAGES.invalidToken } });
      expect(await lastCommand(server)).toMatchObject({
        deviceId,
        reservationId: null,
        result: "rejected",
        error: DOOR_MESSAGES.invalidToken,
      });
    }
  });

  test("a link for one door does not open another", async () => {
    const { token } = linkParts((await getDoorLinksForReservations(server.db, [current])).get(current)!);
    const answer = await sendCommand(server, { device_id: otherDeviceId, command: "abrir", token });
    expect(answer).toEqual({ status: 403, body: { ok: false, error: DOOR_MESSAGES.wrongDevice } });
    expect(await lastCommand(server)).toMatchObject({ deviceId: otherDeviceId, reservationId: current, result: "rejected" });
  });

  test("a correctly signed token for a door of another property is refused (foreign reservation)", async () => {
    const token = await createDoorAccessToken(server.db, {
      reservationId: current,
      deviceId: otherDeviceId,
      validFrom: todayIsoDate(),
      validUntil: todayIsoDate(),
    });
    const answer = await sendCommand(server, { device_id: otherDeviceId, command: "abrir", token });
    expect(answer).toEqual({ status: 403, body: { ok: false, error: DOOR_MESSAGES.deviceGone } });
  });

  test("bad requests keep the contract: 400/401 with a Spanish error, nothing sent, all logged", async () => {
    const { token } = linkParts((await getDoorLinksForReservations(server.db, [current])).get(current)!);
    const cases: [unknown, number, string][] = [
      [{ device_id: deviceId, command: "cerrar", token }, 400, DOOR_MESSAGES.invalidCommand],
      [{ device_id: deviceId, command: "abrir" }, 401, DOOR_MESSAGES.missingToken],
      [{ command: "abrir", token }, 400, DOOR_MESSAGES.missingDevice],
      [{ device_id: "../../etc", command: "abrir", token }, 400, DOOR_MESSAGES.invalidDevice],
    ];
    for (const [body, status, error] of cases) {
      const before = (await server.db.select().from(deviceCommands)).length;
      expect(await sendCommand(server, body)).toEqual({ status, body: { ok: false, error } });
      const after = await server.db.select().from(deviceCommands);
      expect(after.length).toBe(before + 1);
      expect(await lastCommand(server)).toMatchObject({ result: "rejected", error });
    }
    const raw = (contentType: string, body: string) =>
      fetch(`${server.url}/api/door/command`, {
        method: "POST",
        headers: { "Content-Type": contentType, "X-Forwarded-For": nextIp() },
        body,
      });
    const tooLarge = JSON.stringify({ device_id: deviceId, command: "abrir", token: "x".repeat(5000) });
    const unreadable: [string, string, number][] = [
      ["text/plain", "abrir", 415],
      ["application/json", "{no es json", 400],
      ["application/json", "[1,2]", 400],
      ["application/json", tooLarge, 413],
    ];
    for (const [contentType, body, status] of unreadable) {
      const before = (await server.db.select().from(deviceCommands)).length;
      const response = await raw(contentType, body);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ ok: false, error: DOOR_MESSAGES.invalidRequest });
      expect((await server.db.select().from(deviceCommands)).length).toBe(before + 1);
      expect(await lastCommand(server)).toMatchObject({ result: "rejected", error: DOOR_MESSAGES.invalidRequest });
    }
  });

  test("unassigning the device revokes the links; assigning it back restores them", async () => {
    const { token } = linkParts((await getDoorLinksForReservations(server.db, [current])).get(current)!);
    expect((await postForm(server, DEVICES_PATH, { intent: "assign", deviceId, propertyId: "" }, adminCookie)).status).toBe(200);
    expect(await getDoorLinksForReservations(server.db, [current])).toEqual(new Map());
    expect(await sendCommand(server, { device_id: deviceId, command: "abrir", token })).toEqual({
      status: 403,
      body: { ok: false, error: DOOR_MESSAGES.deviceGone },
    });
    expect((await postForm(server, DEVICES_PATH, { intent: "assign", deviceId, propertyId }, adminCookie)).status).toBe(200);
    expect(await sendCommand(server, { device_id: deviceId, command: "abrir", token })).toEqual({ status: 200, body: { ok: true } });
  });

  test("too many attempts from one client get 429 and are logged", async () => {
    const ip = "10.31.0.1";
    for (let i = 0; i < 20; i++) {
      expect((await sendCommand(server, { device_id: deviceId, command: "abrir", token: "x.y" }, ip)).status).toBe(401);
    }
    const refused = await sendCommand(server, { device_id: deviceId, command: "abrir", token: "x.y" }, ip);
    expect(refused).toEqual({ status: 429, body: { ok: false, error: DOOR_MESSAGES.rateLimited } });
    expect(await lastCommand(server)).toMatchObject({ result: "rate_limited", error: DOOR_MESSAGES.rateLimited });
  });

  test("anonymous visitors and plain users cannot reach the devices admin", async () => {
    const anonymous = await fetch(`${server.url}${DEVICES_PATH}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth");
    const user = await fetch(`${server.url}${DEVICES_PATH}`, { redirect: "manual", headers: { Cookie: userCookie } });
    expect(user.status).toBe(302);
    expect(user.headers.get("location")).toBe("/");

    const body = { intent: "register", deviceId: "intruso-1", name: "Intruso", propertyId };
    expect((await postForm(server, DEVICES_PATH, body)).status).toBe(401);
    expect((await postForm(server, DEVICES_PATH, body, userCookie)).status).toBe(403);
    expect((await postForm(server, DEVICES_PATH, { intent: "delete", deviceId }, userCookie)).status).toBe(403);
    expect(await server.db.select().from(devices).where(eq(devices.id, "intruso-1"))).toEqual([]);
    expect((await server.db.select().from(devices).where(eq(devices.id, deviceId))).length).toBe(1);

    const admin = await fetch(`${server.url}${DEVICES_PATH}`, { headers: { Cookie: adminCookie } });
    expect(admin.status).toBe(200);
    const html = await admin.text();
    expect(html).toContain("Registro de aperturas");
    expect(html).toContain("Puerta principal");
  });

  test("staff rules: duplicate ids, unknown properties and bad ids are refused; delete keeps the log", async () => {
    const duplicate = await postForm(server, DEVICES_PATH, { intent: "register", deviceId, name: "Otra", propertyId: "" }, adminCookie);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("Ya existe un dispositivo con ese identificador.");
    const unknown = await postForm(
      server,
      DEVICES_PATH,
      { intent: "register", deviceId: "nuevo-1", name: "Nuevo", propertyId: "00000000-0000-4000-8000-000000000000" },
      adminCookie,
    );
    expect(unknown.status).toBe(400);
    const badId = await postForm(server, DEVICES_PATH, { intent: "register", deviceId: "a b", name: "Nuevo", propertyId: "" }, adminCookie);
    expect(badId.status).toBe(400);
    expect(await server.db.select().from(devices).where(eq(devices.id, "nuevo-1"))).toEqual([]);

    const superCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const logBefore = (await server.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, otherDeviceId))).length;
    expect((await postForm(server, DEVICES_PATH, { intent: "delete", deviceId: otherDeviceId }, superCookie)).status).toBe(200);
    expect(await server.db.select().from(devices).where(eq(devices.id, otherDeviceId))).toEqual([]);
    expect((await server.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, otherDeviceId))).length).toBe(logBefore);
    expect((await postForm(server, DEVICES_PATH, { intent: "delete", deviceId: otherDeviceId }, superCookie)).status).toBe(404);
  });

  test("rotating the secret invalidates the old one", async () => {
    const [before] = await server.db.select().from(devices).where(eq(devices.id, deviceId));
    const response = await postForm(server, DEVICES_PATH, { intent: "rotate-secret", deviceId }, adminCookie);
    expect(response.status).toBe(200);
    const [after] = await server.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(after!.secretHash).not.toBe(before!.secretHash);
    expect(await verifyDeviceSecret(deviceSecret, after!.secretHash)).toBe(false);
    const text = await response.text();
    const fresh = [...new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])];
    const matches = await Promise.all(fresh.map((candidate) => verifyDeviceSecret(candidate, after!.secretHash)));
    expect(matches.filter(Boolean)).toHaveLength(1);
  });

  test("the door page holds no credential: no device secret, no signing secret, never indexed or cached", async () => {
    const [setting] = await server.db.select().from(appSettings).where(eq(appSettings.key, "door_token_secret"));
    const signingSecret = setting!.value;
    const [row] = await server.db.select().from(devices).where(eq(devices.id, deviceId));

    const bare = await fetch(`${server.url}/apertura-puerta`);
    expect(bare.status).toBe(200);
    const bareHtml = await bare.text();
    expect(bareHtml).toContain('<meta name="robots" content="noindex"/>');
    expect(bareHtml).toContain("necesitas el enlace personal de tu reserva");
    expect(bareHtml).not.toContain("Abrir Puerta");
    expect(bare.headers.get("x-robots-tag")).toContain("noindex");

    const link = (await getDoorLinksForReservations(server.db, [current])).get(current)!;
    const withLink = await fetch(`${server.url}${link}`);
    expect(withLink.status).toBe(200);
    expect(withLink.headers.get("cache-control")).toContain("no-store");
    expect(withLink.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await withLink.text();
    expect(html).toContain("Abrir Puerta");
    for (const html_ of [bareHtml, html]) {
      expect(html_).not.toContain(signingSecret);
      expect(html_).not.toContain(deviceSecret);
      expect(html_).not.toContain(row!.secretHash);
    }

    // Nor does any script the browser downloads mention the server-side secrets.
    const assets = path.resolve("build/client/assets");
    for (const file of fs.readdirSync(assets).filter((f) => f.endsWith(".js"))) {
      const source = fs.readFileSync(path.join(assets, file), "utf8");
      expect(source, file).not.toContain("door_token_secret");
      expect(source, file).not.toContain("nidosmart-door-token-v1");
      expect(source, file).not.toContain(signingSecret);
    }
  });
});

// ---------------------------------------------------------------- MQTT gateway

// A Mosquitto of this file only (or TEST_MQTT_URL): tests/helpers/mqtt-broker.ts.
const broker = await fileBroker();
afterAll(() => broker.close());
const MQTT_URL = broker.url;

const brokerUp = broker.up;
const requireMqtt = process.env.REQUIRE_MQTT === "1";
if (!brokerUp && !requireMqtt) {
  console.warn(
    `\n!!! No MQTT broker answers at ${MQTT_URL}: the MQTT door gateway tests are NOT RUN.\n` +
      "!!! Install mosquitto (or set TEST_MQTT_URL), or set REQUIRE_MQTT=1 to make its absence a failure.\n",
  );
}

/** A test device on the broker: acknowledges (or refuses, or ignores) its commands. */
async function startFakeDevice(deviceId: string, behaviour: "ack" | "refuse" | "silent" | "ack-as-other", otherId?: string) {
  const client: MqttClient = connect(MQTT_URL, { clientId: `test-device-${randomBytes(4).toString("hex")}`, reconnectPeriod: 0 });
  const received: { id: string; command: string; issuedAt: string; expiresAt: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  await client.subscribeAsync(commandTopic(deviceId), { qos: 1 });
  client.on("message", (_topic, payload) => {
    const command = JSON.parse(payload.toString("utf8")) as (typeof received)[number];
    received.push(command);
    if (behaviour === "ack") client.publish(ackTopic(deviceId), JSON.stringify({ id: command.id, ok: true }), { qos: 1 });
    if (behaviour === "refuse") {
      client.publish(ackTopic(deviceId), JSON.stringify({ id: command.id, ok: false, error: "Cerradura bloqueada" }), { qos: 1 });
    }
    // Another device answering for this one must be ignored.
    if (behaviour === "ack-as-other") client.publish(ackTopic(otherId!), JSON.stringify({ id: command.id, ok: true }), { qos: 1 });
  });
  return { received, close: () => client.endAsync(true) };
}

describe.skipIf(!brokerUp && !requireMqtt)("MQTT door gateway against the broker at " + MQTT_URL, () => {
  let gateway: DoorGateway;
  const suffix = randomBytes(3).toString("hex");

  beforeAll(() => {
    gateway = createMqttDoorGateway({ url: MQTT_URL, timeoutMs: 1_500 });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  test("the broker answers", () => {
    expect(brokerUp).toBe(true);
  });

  test("a device that acknowledges opens; the command carries the correlation id and an expiry", async () => {
    const device = await startFakeDevice(`mqtt-ack-${suffix}`, "ack");
    try {
      expect(await gateway.send(`mqtt-ack-${suffix}`, "abrir")).toEqual({ ok: true });
      expect(device.received).toHaveLength(1);
      const [command] = device.received;
      expect(command.command).toBe("abrir");
      expect(command.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(command.expiresAt).getTime()).toBeGreaterThan(new Date(command.issuedAt).getTime());
    } finally {
      await device.close();
    }
  });

  test("a device's refusal reaches the caller with its reason", async () => {
    const device = await startFakeDevice(`mqtt-refuse-${suffix}`, "refuse");
    try {
      expect(await gateway.send(`mqtt-refuse-${suffix}`, "abrir")).toEqual({ ok: false, error: "Cerradura bloqueada" });
    } finally {
      await device.close();
    }
  });

  test("no ack in time: 'El dispositivo no respondió a tiempo'", async () => {
    const device = await startFakeDevice(`mqtt-silent-${suffix}`, "silent");
    try {
      expect(await gateway.send(`mqtt-silent-${suffix}`, "abrir")).toEqual({ ok: false, error: DOOR_MESSAGES.deviceTimeout });
      expect(device.received).toHaveLength(1);
    } finally {
      await device.close();
    }
  });

  test("an ack published on another device's topic does not count", async () => {
    const device = await startFakeDevice(`mqtt-victim-${suffix}`, "ack-as-other", `mqtt-impostor-${suffix}`);
    try {
      expect(await gateway.send(`mqtt-victim-${suffix}`, "abrir")).toEqual({ ok: false, error: DOOR_MESSAGES.deviceTimeout });
    } finally {
      await device.close();
    }
  });

  test("through the real server: MQTT_URL routes commands over the broker; a silent device gives 502 and a logged failure", async () => {
    process.env.MQTT_URL = MQTT_URL;
    process.env.MQTT_ACK_TIMEOUT_MS = "1500";
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ env: { TRUST_PROXY: "1" } });
      const adminCookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      const propertyId = await createProperty(server, "Loft MQTT");
      const reservationId = await createReservation(server, propertyId, todayIsoDate(), addDays(todayIsoDate(), 1));
      const ackingId = `srv-ack-${suffix}`;
      await registerDevice(server, adminCookie, { deviceId: ackingId, name: "Puerta MQTT", propertyId });

      const device = await startFakeDevice(ackingId, "ack");
      try {
        const { token } = linkParts((await getDoorLinksForReservations(server.db, [reservationId])).get(reservationId)!);
        expect(await sendCommand(server, { device_id: ackingId, command: "abrir", token })).toEqual({ status: 200, body: { ok: true } });
        expect(device.received).toHaveLength(1);
        expect(await lastCommand(server)).toMatchObject({ deviceId: ackingId, reservationId, result: "ok" });
      } finally {
        await device.close();
      }

      // The same door with nobody listening any more.
      const { token } = linkParts((await getDoorLinksForReservations(server.db, [reservationId])).get(reservationId)!);
      expect(await sendCommand(server, { device_id: ackingId, command: "abrir", token })).toEqual({
        status: 502,
        body: { ok: false, error: DOOR_MESSAGES.deviceTimeout },
      });
      expect(await lastCommand(server)).toMatchObject({ deviceId: ackingId, result: "failed", error: DOOR_MESSAGES.deviceTimeout });
    } finally {
      delete process.env.MQTT_URL;
      delete process.env.MQTT_ACK_TIMEOUT_MS;
      await server?.stop();
      await closeDoorGateways();
    }
  });
});
