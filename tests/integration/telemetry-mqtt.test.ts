import { randomBytes } from "node:crypto";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { deviceState } from "#app/db/schema.ts";
import { registerDevice } from "#app/modules/door/door.server.ts";
import { rejectedTopic, telemetryTopic } from "#app/modules/telemetry/telemetry-mqtt.server.ts";
import { listReadings } from "#app/modules/telemetry/telemetry.server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { createTestDatabase, startTestServer, testDatabases, type TestDatabase, type TestServer } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// Telemetry over MQTT through the machine's broker (Mosquitto): stored, deduplicated, invalid
// messages refused on …/rejected; acknowledged only after commit (a server killed before its
// commit gets the messages again); two instances on a shared subscription store each once.

const MQTT_URL = process.env.TEST_MQTT_URL ?? "mqtt://127.0.0.1:1883";

async function brokerAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

const brokerUp = await brokerAnswers(MQTT_URL);
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
