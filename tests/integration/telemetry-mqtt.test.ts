import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, Db } from "#app/db/client.server.ts";
import { deviceState } from "#app/db/schema.ts";
import { registerDevice } from "#app/modules/door/door.server.ts";
import { rejectedTopic, telemetryTopic } from "#app/modules/telemetry/telemetry-mqtt.server.ts";
import { TELEMETRY_LIMITS } from "#app/modules/telemetry/telemetry.schema.ts";
import { listReadings } from "#app/modules/telemetry/telemetry.server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { createTestDatabase, startTestServer, TEST_ADMIN, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";
import { fileBroker } from "#tests/helpers/mqtt-broker.ts";

// Telemetry over MQTT through a real Mosquitto of this file: stored, deduplicated, invalid
// messages refused on …/rejected; acknowledged only after commit (a server killed before its
// commit gets the messages again); two instances on a shared subscription store each once.

// A Mosquitto of this file only (or TEST_MQTT_URL): tests/helpers/mqtt-broker.ts.
const broker = await fileBroker();
afterAll(() => broker.close());
const MQTT_URL = broker.url;

const brokerUp = broker.up;
const requireMqtt = process.env.REQUIRE_MQTT === "1";
if (!brokerUp && !requireMqtt) {
  console.warn(`\n!!! No MQTT broker answers at ${MQTT_URL}: the MQTT telemetry tests are NOT RUN (REQUIRE_MQTT=1 makes it a failure).\n`);
}

async function publisher(): Promise<MqttClient> {
  const client = connect(MQTT_URL, { clientId: `test-ns01-${randomBytes(4).toString("hex")}`, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  return client;
}

/** Ends a persistent session on the broker: connect with its id and a clean start, then leave. */
async function forgetSession(clientId: string) {
  const client = connect(MQTT_URL, { clientId, protocolVersion: 5, clean: true, properties: { sessionExpiryInterval: 0 }, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  await client.endAsync();
}

const minute = () => Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000;
const reading = (t0: number, i: number) => JSON.stringify({ ts: new Date(t0 + i * 1000).toISOString(), laeq: 40 + (i % 30), occupancy: i % 5 });

async function count(db: Database["db"], deviceIds: string[]): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(readings_total), 0)::int as n from device_state where device_id in ${sql`(${sql.join(
      deviceIds.map((id) => sql`${id}`),
      sql`, `,
    )})`}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

type Rejection = { device: string; error: string; index?: number; field?: string };
type Message = { payload: string; /** another device's topic (default: the test's device) */ deviceId?: string };

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every note the server publishes on …/telemetry/rejected for these devices, as it arrives. */
async function watchRejections(client: MqttClient, deviceIds: string[]): Promise<Rejection[]> {
  const seen: Rejection[] = [];
  const topics = new Map(deviceIds.map((id) => [rejectedTopic(id), id]));
  client.on("message", (topic, payload) => {
    const device = topics.get(topic);
    if (device) seen.push({ device, ...(JSON.parse(payload.toString("utf8")) as Omit<Rejection, "device">) });
  });
  await client.subscribeAsync([...topics.keys()], { qos: 0 });
  return seen;
}

/** A device's stored readings (ts in ms, ascending) and the counters that must agree with them. */
async function storedOf(db: Db, deviceId: string): Promise<{ ts: number[]; state: number | null; minute: number }> {
  const raw = await db.execute(sql`
    select (extract(epoch from r.ts) * 1000)::bigint as ms from telemetry_readings r
    join devices d on d.telemetry_key = r.device_key where d.id = ${deviceId} order by r.ts`);
  const totals = await db.execute(sql`
    select (select readings_total from device_state where device_id = ${deviceId})::int as state,
      (select coalesce(sum(readings), 0) from telemetry_minute where device_id = ${deviceId})::int as minute`);
  const [{ state, minute }] = rows<{ state: number | null; minute: number }>(totals);
  return { ts: rows<{ ms: string | number }>(raw).map((r) => Number(r.ms)), state, minute };
}

/** Raw rows of every device: what a refused message must not add to, under any device. */
async function allRawRows(db: Db): Promise<number> {
  return rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from telemetry_readings`))[0].n;
}

/** A JSON body padded with trailing spaces (still valid JSON) to exactly `bytes` bytes. */
function padded(body: unknown, bytes: number): string {
  const json = JSON.stringify(body);
  if (Buffer.byteLength(json) > bytes) throw new Error("body already larger than the padding target");
  return json + " ".repeat(bytes - Buffer.byteLength(json));
}

describe.skipIf(!brokerUp && !requireMqtt).each(testDatabases())("telemetry over MQTT on %s", (kind) => {
  let server: TestServer;
  const suffix = randomBytes(3).toString("hex");

  beforeAll(async () => {
    server = await startTestServer({ database: kind, env: { MQTT_URL, MQTT_CLIENT_ID: `test-telemetry-${suffix}`, MQTT_SHARE_GROUP: `test-${suffix}` } });
  });
  afterAll(async () => {
    await server?.stop();
    await forgetSession(`test-telemetry-${suffix}`);
  });

  test("readings published at QoS 1 are stored once; invalid ones are refused on …/rejected", async () => {
    const { device } = await registerDevice(server.db, { deviceId: `mq-${kind}-${suffix}`, name: "MQTT", propertyId: null });
    const client = await publisher();
    try {
      const rejected: Record<string, unknown>[] = [];
      await client.subscribeAsync(rejectedTopic(device.id), { qos: 0 });
      client.on("message", (_topic, payload) => rejected.push(JSON.parse(payload.toString("utf8")) as Record<string, unknown>));
      // Wait until the server's consumer is subscribed (it starts after listen).
      const t0 = minute();
      await waitUntil(
        async () => {
          await client.publishAsync(telemetryTopic(device.id), reading(t0, 0), { qos: 1 });
          return (await listReadings(server.db, device.id, new Date(t0), new Date(t0 + 60_000))).length === 1;
        },
        "the consumer storing a first reading",
      );
      for (let i = 1; i < 20; i++) await client.publishAsync(telemetryTopic(device.id), reading(t0, i), { qos: 1 });
      // A resent one, a batch body, a typo and garbage.
      await client.publishAsync(telemetryTopic(device.id), reading(t0, 5), { qos: 1 });
      await client.publishAsync(
        telemetryTopic(device.id),
        JSON.stringify({ readings: [{ ts: new Date(t0 + 20_000).toISOString(), laeq: 50 }, { ts: new Date(t0 + 21_000).toISOString(), laeq: 51 }] }),
        { qos: 1 },
      );
      await client.publishAsync(telemetryTopic(device.id), JSON.stringify({ readings: [{ ts: new Date(t0).toISOString(), temp: 20 }] }), { qos: 1 });
      await client.publishAsync(telemetryTopic(device.id), "{not json", { qos: 1 });
      await waitUntil(async () => (await listReadings(server.db, device.id, new Date(t0), new Date(t0 + 60_000))).length === 22, "22 readings stored");
      const [state] = await server.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
      expect(state.readingsTotal).toBe(22);
      await waitUntil(() => rejected.length === 2, "two rejections");
      expect(rejected[0]).toMatchObject({ index: 0, field: "temp" });
      expect(String(rejected[0].error)).toMatch(/campo desconocido/);
      expect(String(rejected[1].error)).toMatch(/JSON/);
    } finally {
      await client.endAsync();
    }
  });

  // Refusals (issue 19): each refused message is acknowledged and dropped whole, with a note on
  // …/telemetry/rejected; the readings around it are stored as usual. `at(i)` is the ts of
  // reading i of the scenario (one second apart, from an hour ago).
  type Scenario = {
    /** Messages the consumer must refuse, published in this order. */
    refused: Message[];
    /** The notes expected for them, in any order. */
    rejections: Omit<Rejection, "device">[] | ((deviceId: string) => Rejection[]);
    /** Messages just inside the limit being tested, published after the refused ones: all stored. */
    accepted?: { payload: string; ts: number[] }[];
  };

  async function refusalScenario(name: string, build: (at: (i: number) => number, deviceId: string) => Scenario) {
    const { device } = await registerDevice(server.db, { deviceId: `mq-${kind}-${name}-${suffix}`, name, propertyId: null });
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
    const at = (i: number) => t0 + i * 1000;
    const scenario = build(at, device.id);
    const expectedRejections =
      typeof scenario.rejections === "function" ? scenario.rejections(device.id) : scenario.rejections.map((r) => ({ device: device.id, ...r }));
    const otherDevices = scenario.refused.flatMap((m) => (m.deviceId && m.deviceId !== device.id ? [m.deviceId] : []));
    const client = await publisher();
    try {
      const rejected = await watchRejections(client, [device.id, ...otherDevices]);
      const single = (i: number) => JSON.stringify({ ts: new Date(at(i)).toISOString(), laeq: 45, lmax: 50, occupancy: 1 });
      // Before: one reading stored (which also waits for the consumer to be subscribed).
      await waitUntil(async () => {
        await client.publishAsync(telemetryTopic(device.id), single(0), { qos: 1 });
        return (await storedOf(server.db, device.id)).ts.length === 1;
      }, "the consumer storing a first reading");
      const rawBefore = await allRawRows(server.db);

      for (const message of scenario.refused) await client.publishAsync(telemetryTopic(message.deviceId ?? device.id), message.payload, { qos: 1 });
      for (const message of scenario.accepted ?? []) await client.publishAsync(telemetryTopic(device.id), message.payload, { qos: 1 });
      // After: the consumer keeps going.
      const after = [3000, 3001, 3002];
      for (const i of after) await client.publishAsync(telemetryTopic(device.id), single(i), { qos: 1 });

      const expectedTs = [at(0), ...(scenario.accepted ?? []).flatMap((m) => m.ts), ...after.map(at)].sort((a, b) => a - b);
      await waitUntil(async () => (await storedOf(server.db, device.id)).ts.length >= expectedTs.length, "the readings after the refused messages stored");
      await waitUntil(() => rejected.length >= expectedRejections.length, `${expectedRejections.length} rejection notes`);

      // The notes, matched by content (the consumer handles messages concurrently).
      const byContent = (list: Rejection[]) => list.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
      expect(byContent(rejected)).toEqual(byContent(expectedRejections));
      // Nothing of the refused messages stored, under this device or any other; the counters agree.
      const stored = await storedOf(server.db, device.id);
      expect(stored.ts).toEqual(expectedTs);
      expect(stored.state).toBe(expectedTs.length);
      expect(stored.minute).toBe(expectedTs.length);
      expect(await allRawRows(server.db)).toBe(rawBefore + expectedTs.length - 1);
    } finally {
      await client.endAsync();
    }
  }

  const readingAt = (ts: number, extra: Record<string, unknown> = {}) => ({ ts: new Date(ts).toISOString(), laeq: 50, lmax: 55, ...extra });
  const seq = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  test("a message from an unregistered device is refused and stores nothing; once registered, its readings are stored", async () => {
    const ghost = `mq-${kind}-ghost-${suffix}`;
    await refusalScenario("unknown", (at) => ({
      refused: [{ deviceId: ghost, payload: JSON.stringify({ readings: [readingAt(at(1)), readingAt(at(2))] }) }],
      rejections: [{ device: ghost, error: "Dispositivo desconocido: regístralo en Dispositivos." }],
    }));
    expect(await server.db.select().from(deviceState).where(eq(deviceState.deviceId, ghost))).toEqual([]);
    // Registered afterwards, the device is let in once the consumer's device cache (5 s) expires.
    await registerDevice(server.db, { deviceId: ghost, name: "Ghost", propertyId: null });
    const client = await publisher();
    try {
      const rejected = await watchRejections(client, [ghost]);
      const t = Math.floor(Date.now() / 1000) * 1000 - 60_000;
      await waitUntil(
        async () => {
          await client.publishAsync(telemetryTopic(ghost), JSON.stringify(readingAt(t)), { qos: 1 });
          return (await storedOf(server.db, ghost)).ts.length === 1;
        },
        "the newly registered device's reading stored",
        15_000,
      );
      // Refused only while the consumer still remembered it as unknown.
      for (const r of rejected) expect(r).toEqual({ device: ghost, error: "Dispositivo desconocido: regístralo en Dispositivos." });
      expect(await storedOf(server.db, ghost)).toEqual({ ts: [t], state: 1, minute: 1 });
    } finally {
      await client.endAsync();
    }
  });

  test("a message over 256 kB is refused whole; one of exactly 256 kB is stored", async () => {
    const limit = TELEMETRY_LIMITS.maxBodyBytes;
    expect(limit).toBe(256 * 1024);
    await refusalScenario("size", (at) => ({
      // Valid readings, padded with JSON whitespace: only the size is wrong.
      refused: [{ payload: padded({ readings: seq(1, 5).map((i) => readingAt(at(i))) }, limit + 1) }],
      rejections: [{ error: "El mensaje supera 256 kB." }],
      accepted: [{ payload: padded({ readings: seq(1000, 5).map((i) => readingAt(at(i))) }, limit), ts: seq(1000, 5).map(at) }],
    }));
  });

  test("a message bigger than the consumer's Maximum Packet Size (264 kB) never reaches it, from a broker without max_packet_size too", async () => {
    // The machine's broker keeps Mosquitto's default limit (256 MB): it takes the 1 MB message and,
    // as MQTT 5 asks, drops it for a client that announced a smaller Maximum Packet Size. The
    // invalid message after it is the marker: its note arrives after the big one's would have.
    await refusalScenario("oversize", (at) => ({
      refused: [{ payload: padded({ readings: seq(1, 5).map((i) => readingAt(at(i))) }, 1024 * 1024) }, { payload: "no es json" }],
      rejections: [{ error: "El mensaje no es JSON válido." }],
    }));
  });

  test("Dispositivos says that a broker the server cannot tell (no MQTT_DYNSEC) must be updated by hand", async () => {
    const cookie = await server.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const html = await (await fetch(`${server.url}/admin/viajeros/dispositivos`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain("El broker MQTT no se actualiza solo.");
    expect(html).toContain("MQTT_DYNSEC=on");
  });

  test("a reading more than 5 minutes ahead refuses its whole message; 4 minutes ahead is stored", async () => {
    const now = Date.now();
    await refusalScenario("future", (at) => ({
      refused: [{ payload: JSON.stringify({ readings: [readingAt(at(1)), readingAt(at(2)), readingAt(now + 6 * 60_000)] }) }],
      rejections: [{ error: "Lectura 2, campo «ts»: está más de 5 minutos en el futuro (revisa el reloj del dispositivo).", index: 2, field: "ts" }],
      accepted: [{ payload: JSON.stringify(readingAt(now + 4 * 60_000)), ts: [now + 4 * 60_000] }],
    }));
  });

  test("a reading more than 7 days old is refused; one just under 7 days old is stored", async () => {
    const now = Date.now();
    const week = TELEMETRY_LIMITS.maxAgeMs;
    await refusalScenario("old", (at) => ({
      refused: [
        { payload: JSON.stringify(readingAt(now - week - 10 * 60_000)) },
        { payload: JSON.stringify({ readings: [readingAt(at(1)), readingAt(now - week - 10 * 60_000)] }) },
      ],
      rejections: [
        { error: "La lectura, campo «ts»: tiene más de 7 días y ya no se acepta.", index: 0, field: "ts" },
        { error: "Lectura 1, campo «ts»: tiene más de 7 días y ya no se acepta.", index: 1, field: "ts" },
      ],
      accepted: [{ payload: JSON.stringify(readingAt(now - week + 10 * 60_000)), ts: [now - week + 10 * 60_000] }],
    }));
  });

  test("more than 500 readings in one message are refused whole; exactly 500 are stored", async () => {
    await refusalScenario("many", (at) => ({
      refused: [{ payload: JSON.stringify({ readings: seq(1, 501).map((i) => readingAt(at(i))) }) }],
      rejections: [{ error: "Demasiadas lecturas (501): como mucho 500 por petición.", field: "readings" }],
      accepted: [{ payload: JSON.stringify({ readings: seq(1000, 500).map((i) => readingAt(at(i))) }), ts: seq(1000, 500).map(at) }],
    }));
  });

  test("a value out of range (laeq 141, lmax below laeq) refuses its whole message; the limits themselves are stored", async () => {
    await refusalScenario("range", (at) => ({
      refused: [
        { payload: JSON.stringify({ readings: [readingAt(at(1)), readingAt(at(2), { laeq: 141, lmax: 141 }), readingAt(at(3))] }) },
        { payload: JSON.stringify({ readings: [readingAt(at(4), { laeq: 60, lmax: 59.9 }), readingAt(at(5))] }) },
        { payload: JSON.stringify(readingAt(at(6), { occupancy: 101 })) },
      ],
      rejections: [
        { error: "Lectura 1, campo «laeq»: debe ser un número entre 0 y 140 dB(A).", index: 1, field: "laeq" },
        { error: "Lectura 0, campo «lmax»: debe ser mayor o igual que laeq.", index: 0, field: "lmax" },
        { error: "La lectura, campo «occupancy»: debe ser un número entero entre 0 y 100 personas.", index: 0, field: "occupancy" },
      ],
      accepted: [
        {
          payload: JSON.stringify({ readings: [readingAt(at(1000), { laeq: 140, lmax: 140 }), readingAt(at(1001), { laeq: 0, lmax: 0, occupancy: 100 })] }),
          ts: [at(1000), at(1001)],
        },
      ],
    }));
  });

  test("a body that is not a JSON object (array, number, string, null) is refused and stores nothing", async () => {
    const error = 'El cuerpo debe ser un objeto JSON: {"readings": [...]} o una lectura.';
    await refusalScenario("shape", (at) => ({
      refused: [
        // The readings without their {"readings": …} wrapper: a plausible firmware mistake.
        { payload: JSON.stringify([readingAt(at(1)), readingAt(at(2))]) },
        { payload: "42" },
        { payload: JSON.stringify("laeq 50") },
        { payload: "null" },
      ],
      rejections: [{ error }, { error }, { error }, { error }],
    }));
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf((!brokerUp && !requireMqtt) || !postgresUrl)("MQTT delivery guarantees with real processes on PostgreSQL", () => {
  let testDb: TestDatabase;
  let database: Database;
  const spawned: SpawnedServer[] = [];
  const suffix = randomBytes(3).toString("hex");

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    database = await testDb.open();
  });
  afterAll(async () => {
    for (const s of spawned) s.child.kill("SIGKILL");
    await Promise.all(spawned.map((s) => s.exited));
    await database?.close();
    await testDb?.drop();
  });

  const start = async (clientId: string, extra: Record<string, string> = {}) => {
    // A share group of this run only: servers of other runs (or other people) on the same broker
    // must not take a share of these messages.
    const s = await spawnServer({ DATABASE_URL: testDb.url!, MQTT_URL, MQTT_CLIENT_ID: clientId, MQTT_SHARE_GROUP: `test-${suffix}`, ...extra });
    spawned.push(s);
    return s;
  };

  test("a server killed before its commit gets the messages again after restart, stored once", async () => {
    const clientId = `test-kill-${suffix}`;
    const first = await start(clientId);
    const { device } = await registerDevice(database.db, { deviceId: `mq-kill-${suffix}`, name: "Kill", propertyId: null });
    const client = await publisher();
    const locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
    try {
      const t0 = minute();
      // Make sure the consumer is subscribed: one reading goes through.
      await waitUntil(async () => {
        await client.publishAsync(telemetryTopic(device.id), reading(t0, 0), { qos: 1 });
        return (await count(database.db, [device.id])) === 1;
      }, "the consumer storing a first reading");
      // Hold the raw table so the next statement waits before committing, then kill the server.
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE telemetry_readings IN ACCESS EXCLUSIVE MODE");
      for (let i = 1; i <= 5; i++) await client.publishAsync(telemetryTopic(device.id), reading(t0, i), { qos: 1 });
      await waitUntil(async () => {
        const waiting = await locker.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%INSERT INTO telemetry_readings%'",
        );
        return waiting.rows[0].n > 0;
      }, "the ingest statement waiting on the lock");
      first.child.kill("SIGKILL");
      await first.exited;
      // PostgreSQL does not notice a dead client while its backend waits on a lock: released, the
      // orphaned statement would still run and commit. A crash before the commit means that
      // statement never commits, so end its backend before releasing the lock.
      await locker.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where wait_event_type = 'Lock' and query like '%INSERT INTO telemetry_readings%' and pid <> pg_backend_pid()",
      );
      await locker.query("ROLLBACK");
      expect(await count(database.db, [device.id])).toBe(1);
      // Same client id: the broker's persistent session hands the unacknowledged messages back.
      const second = await start(clientId);
      await waitUntil(async () => (await count(database.db, [device.id])) === 6, "the five redelivered readings stored");
      const stored = await listReadings(database.db, device.id, new Date(t0), new Date(t0 + 60_000));
      expect(stored.map((r) => r.ts.getTime())).toEqual([0, 1, 2, 3, 4, 5].map((i) => t0 + i * 1000));
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await locker.end().catch(() => {});
      await client.endAsync();
      // Its session stays in the group on purpose (a restart gets what came meanwhile); end it
      // even when the test failed, since the next test counts the shares of two other instances
      // and a session left behind would take a share of them.
      for (const s of spawned) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
      await Promise.all(spawned.map((s) => s.exited));
      await forgetSession(clientId);
    }
  });

  test("two instances on the shared subscription split the stream and store each message once", async () => {
    const a = await start(`test-share-a-${suffix}`, { LOG_LEVEL: "debug" });
    const b = await start(`test-share-b-${suffix}`, { LOG_LEVEL: "debug" });
    const ids: string[] = [];
    for (let d = 0; d < 5; d++) {
      const { device } = await registerDevice(database.db, { deviceId: `mq-share-${d}-${suffix}`, name: "Share", propertyId: null });
      ids.push(device.id);
    }
    const client = await publisher();
    try {
      const t0 = minute();
      const N = 400;
      for (let i = 0; i < N; i++) {
        for (const id of ids) void client.publish(telemetryTopic(id), reading(t0, i), { qos: 1 });
      }
      await waitUntil(async () => (await count(database.db, ids)) === N * ids.length, `${N * ids.length} readings stored`, 60_000);
      const storedBy = (s: SpawnedServer) =>
        s
          .output()
          .split("\n")
          .filter((line) => line.includes("telemetry MQTT: batch stored"))
          .reduce((sum, line) => sum + (JSON.parse(line) as { accepted: number }).accepted, 0);
      // Each reading stored by exactly one of them (their logs are written asynchronously: wait
      // for the last lines), and both took a share.
      await waitUntil(() => storedBy(a) + storedBy(b) >= N * ids.length, "both logs complete", 10_000);
      expect(storedBy(a) + storedBy(b)).toBe(N * ids.length);
      expect(storedBy(a)).toBeGreaterThan(0);
      expect(storedBy(b)).toBeGreaterThan(0);
      for (const id of ids) expect(await listReadings(database.db, id, new Date(t0), new Date(t0 + 3_600_000))).toHaveLength(N);
    } finally {
      await client.endAsync();
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      await Promise.all([a.exited, b.exited]);
      await forgetSession(`test-share-a-${suffix}`);
      await forgetSession(`test-share-b-${suffix}`);
    }
  });
});
