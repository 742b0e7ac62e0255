import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connect, type MqttClient } from "mqtt";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { devices } from "#app/db/schema.ts";
import { hashDeviceSecret } from "#app/modules/door/door.server.ts";
import { createDevicePublisher } from "#app/modules/telemetry/device-publisher.ts";
import { telemetryTopic } from "#app/modules/telemetry/telemetry-mqtt.server.ts";
import { mosquittoBinary, startPrivateBroker } from "#tests/helpers/mqtt-broker.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// A broker restart loses nothing the broker had (issue 19, item 5). A private Mosquitto with
// persistence (the machine's shared broker must not be restarted under other suites) is
// restarted: once while the server is away (its persistent session holds the share of the stream
// the broker acknowledged to the device), then twice under a running server (it reconnects by
// itself) while a device publishes without pause as DEVICE-PROTOCOL.md says (MQTT 5, a backlog,
// a PUBACK "no matching subscribers" kept and resent). Every reading ends up stored exactly once.

if (!mosquittoBinary && process.env.REQUIRE_MQTT === "1") throw new Error("mosquitto is not installed, and REQUIRE_MQTT=1");
if (!mosquittoBinary)
  console.warn("\n!!! mosquitto is not installed: the broker-restart fault test is NOT RUN (REQUIRE_MQTT=1 makes it a failure).\n");

const children: SpawnedServer[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  for (const cleanup of cleanups) await cleanup();
});

async function publisher(url: string): Promise<MqttClient> {
  const client = connect(url, {
    clientId: `fault-ns01-${randomBytes(4).toString("hex")}`,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once("connect", () => resolve());
    client.once("error", reject);
  });
  return client;
}

/** A device's connection as DEVICE-PROTOCOL.md asks: MQTT 5, a persistent session, quick reconnection. */
async function device(url: string): Promise<MqttClient> {
  const client = connect(url, {
    clientId: `fault-ns01-v5-${randomBytes(4).toString("hex")}`,
    protocolVersion: 5,
    clean: false,
    properties: { sessionExpiryInterval: 3_600 },
    reconnectPeriod: 100,
    connectTimeout: 2_000,
  });
  // While the broker is down every reconnection attempt is refused; the client keeps trying.
  client.on("error", () => {});
  await new Promise<void>((resolve) => client.once("connect", () => resolve()));
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Store = { env: Record<string, string>; open(): Promise<Database> };

async function store(kind: "pglite" | "postgres"): Promise<Store> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-broker-faults-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return {
      env: { DATA_DIR: dataDir },
      // From the build's migrated template, as the server seeds an empty DATA_DIR: initdb is not
      // what this is about.
      open: () => openDatabase({ kind: "pglite", dataDir, template: path.resolve("build", "pgdata-template") }),
    };
  }
  const testDb: TestDatabase = await createTestDatabase("postgres");
  cleanups.push(() => testDb.drop());
  return { env: { DATABASE_URL: testDb.url! }, open: () => testDb.open() };
}

describe.skipIf(!mosquittoBinary).each(testDatabases())("telemetry across MQTT broker restarts on %s", (kind) => {
  test("every reading is stored once: queued while the server was away, or published without pause through restarts under the running server", async () => {
    const db = await store(kind);
    // Persisting its sessions and queues to disk, as DEVICE-PROTOCOL.md sets it up.
    const broker = await startPrivateBroker({ persistence: true, settings: ["max_queued_messages 10000"] });
    cleanups.push(() => broker.close());
    const deviceId = `ns01-broker-${kind}`;
    {
      const database = await db.open();
      await database.db.insert(devices).values({
        id: deviceId,
        name: deviceId,
        secretHash: await hashDeviceSecret("broker-fault-secret-xxxxxxxxxxxx"),
      });
      await database.close();
    }
    const env = {
      ...db.env,
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `fault-consumer-${kind}`,
      MQTT_SHARE_GROUP: "fault",
    };
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 3_600_000;
    const reading = (i: number) =>
      JSON.stringify({
        ts: new Date(t0 + i * 1000).toISOString(),
        laeq: 40 + (i % 30),
        occupancy: i % 3,
      });
    // publishAsync at QoS 1 resolves on the broker's PUBACK: from then on the broker "had" it.
    const publishRange = async (from: number, to: number) => {
      const client = await publisher(broker.url);
      try {
        for (let i = from; i < to; i++)
          await client.publishAsync(telemetryTopic(deviceId), reading(i), {
            qos: 1,
          });
      } finally {
        await client.endAsync();
      }
    };
    const storedCount = async (database: Database) => {
      const rows = await database.db.execute(
        sql`select coalesce((select readings_total from device_state where device_id = ${deviceId}), 0)::int as n`,
      );
      return (rows as unknown as { rows: { n: number }[] }).rows[0].n;
    };

    // What the servers stored, from their debug log lines (PGlite allows one process at a time,
    // so the database cannot be read beside a running server).
    const servers: SpawnedServer[] = [];
    const storedSoFar = () =>
      servers
        .flatMap((s) => s.output().split("\n"))
        .filter((line) => line.includes("telemetry MQTT: batch stored"))
        .reduce((sum, line) => sum + (JSON.parse(line) as { accepted: number }).accepted, 0);
    const startServer = async () => {
      const server = await spawnServer({ ...env, LOG_LEVEL: "debug" });
      children.push(server);
      servers.push(server);
      return server;
    };

    // 1. The server consumes; a first range goes through.
    let server = await startServer();
    await waitUntil(async () => {
      await publishRange(0, 1);
      return storedSoFar() === 1;
    }, "the consumer storing a first reading");
    await publishRange(1, 100);
    await waitUntil(() => storedSoFar() === 100, "the first range stored");

    // 2. The server goes away; the broker acknowledges a second range into the server's
    // persistent session; the broker restarts.
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await publishRange(100, 300);
    await broker.stop();
    await broker.start();

    // 3. The server comes back with the same client id and gets the second range.
    server = await startServer();
    await waitUntil(() => storedSoFar() === 300, "the range queued across the restart stored", 60_000);

    // 4. The broker restarts twice under the running server, which reconnects and subscribes
    // again by itself, while a device publishes a reading every few milliseconds throughout: from
    // before the first restart until 200 readings after the second.
    // Mosquitto 2.0.11 restores the server's persistent session from its file but not its shared
    // subscription until the server subscribes again: what the device publishes in between
    // matches no subscription and is discarded, and the PUBACK says so (reason 16, "no matching
    // subscribers"). The device keeps such a reading in its backlog and sends it again after a
    // pause (ADR 0016, DEVICE-PROTOCOL.md), like one whose publish failed. While the broker is
    // down, mqtt.js holds the publishes in its outgoing store and sends them on reconnection.
    const subscriptions = () => server.output().split("telemetry MQTT consumer subscribed").length - 1;
    await waitUntil(() => subscriptions() === 1, "the consumer subscribed");
    const FIRST = 300;
    /** The device's readings run out here at the latest (15 s of publishing); it is stopped sooner. */
    const MAX_READINGS = 3_000;
    const PACE_MS = 5;
    const RESEND_PAUSE_MS = 200;
    const client = await device(broker.url);
    const devicePublisher = createDevicePublisher(client);
    const started = Date.now();
    const counts = { publishes: 0, taken: 0, noSubscribers: 0, failed: 0, resends: 0, sentOffline: 0 };
    type Held = { i: number; inFlight: boolean; dueAt: number; attempts: number };
    const backlog = new Map<number, Held>();
    const send = (held: Held) => {
      held.inFlight = true;
      if (held.attempts > 0) counts.resends++;
      held.attempts++;
      counts.publishes++;
      if (!client.connected) counts.sentOffline++;
      const keep = () => {
        held.inFlight = false;
        held.dueAt = Date.now() + RESEND_PAUSE_MS;
      };
      devicePublisher.publish(telemetryTopic(deviceId), reading(held.i)).then(
        (outcome) => {
          if (outcome === "taken") {
            counts.taken++;
            backlog.delete(held.i);
          } else {
            counts.noSubscribers++;
            keep();
          }
        },
        () => {
          counts.failed++;
          keep();
        },
      );
    };
    const resender = setInterval(() => {
      const now = Date.now();
      for (const held of backlog.values()) if (!held.inFlight && held.dueAt <= now) send(held);
    }, 20);
    let produced = 0;
    let stopped = false;
    const producing = (async () => {
      for (; produced < MAX_READINGS && !stopped; produced++) {
        const held: Held = { i: FIRST + produced, inFlight: false, dueAt: 0, attempts: 0 };
        backlog.set(held.i, held);
        send(held);
        await sleep(PACE_MS);
      }
    })();
    const perRestart: { noSubscribers: number; failed: number; resends: number; sentOffline: number; readingsBefore: number }[] = [];
    try {
      await waitUntil(() => produced >= 200, "the device publishing under the connected server");
      for (let restart = 1; restart <= 2; restart++) {
        const before = { ...counts };
        const readingsBefore = produced;
        await broker.stop();
        await sleep(300);
        await broker.start();
        await waitUntil(() => subscriptions() === 1 + restart, `the consumer subscribed again after restart ${restart}`, 30_000);
        const after = produced;
        await waitUntil(() => produced >= after + 200, `the device publishing after restart ${restart}`);
        perRestart.push({
          noSubscribers: counts.noSubscribers - before.noSubscribers,
          failed: counts.failed - before.failed,
          resends: counts.resends - before.resends,
          sentOffline: counts.sentOffline - before.sentOffline,
          readingsBefore,
        });
      }
      // Both restarts happened while the device was still publishing, and it published on after.
      expect(produced).toBeLessThan(MAX_READINGS);
      stopped = true;
      await producing;
      await waitUntil(() => backlog.size === 0, "the device's backlog empty", 60_000);
    } finally {
      stopped = true;
      clearInterval(resender);
      await client.endAsync(true);
    }
    const durationMs = Date.now() - started;
    console.log(
      `[mqtt-broker-faults ${kind}] ${produced} readings, ${counts.publishes} publishes in ${durationMs} ms: ` +
        `${counts.noSubscribers} PUBACKs "no matching subscribers", ${counts.failed} failed, ${counts.resends} resends, ` +
        `${counts.sentOffline} published while disconnected; per restart ${JSON.stringify(perRestart)}`,
    );
    // Every reading the device made was taken by the broker for a subscriber.
    expect(counts.taken).toBe(produced);
    // The gap was there: the device reconnects within 100 ms of the broker coming back, the
    // consumer within 500 ms, and then subscribes, so each restart refused some of the device's
    // publishes (16 to 94 per restart in the runs when this was written). Publishes made while
    // the broker was down wait in mqtt.js's outgoing store; none failed in those runs.
    expect(counts.noSubscribers).toBeGreaterThan(0);
    const total = FIRST + produced;
    await waitUntil(() => storedSoFar() === total, "every reading of the device stored", 60_000);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await broker.stop();

    const database = await db.open();
    try {
      const rows = await database.db.execute(sql`
        select (extract(epoch from r.ts) * 1000)::bigint as ms from telemetry_readings r
        join devices d on d.telemetry_key = r.device_key where d.id = ${deviceId} order by r.ts`);
      const stored = (rows as unknown as { rows: { ms: string | number }[] }).rows.map((r) => Number(r.ms));
      // Readings 0 … total - 1, each once (the probe's reading 0 and the device's resends may
      // have arrived more than once).
      expect(stored).toEqual(Array.from({ length: total }, (_, i) => t0 + i * 1000));
      expect(await storedCount(database)).toBe(total);
    } finally {
      await database.close();
    }
  });
});
