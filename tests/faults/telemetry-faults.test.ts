import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { devices } from "#app/db/schema.ts";
import { hashDeviceSecret } from "#app/modules/door/door.server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";
import { createTestDatabase, testDatabases, type TestDatabase } from "#tests/helpers/test-server.ts";
import { waitUntil } from "#tests/helpers/wait-until.ts";

// SIGKILL of the production process while devices are sending telemetry (ADR 0015): no
// acknowledged reading is lost, none is stored twice, and the rollups and device_state count
// exactly the stored readings, after the devices resend what was in doubt. PGlite in DATA_DIR,
// and PostgreSQL when TEST_DATABASE_URL is set.

const DEVICES = 4;
const BATCH = 50;
const children: SpawnedServer[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  for (const cleanup of cleanups) await cleanup();
});

type Store = { env: Record<string, string>; open(): Promise<Database> };

async function store(kind: "pglite" | "postgres"): Promise<Store> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-telemetry-faults-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ kind: "pglite", dataDir }) };
  }
  const testDb: TestDatabase = await createTestDatabase("postgres");
  cleanups.push(() => testDb.drop());
  return { env: { DATABASE_URL: testDb.url! }, open: () => testDb.open() };
}

describe.each(testDatabases())("telemetry under SIGKILL on %s", (kind) => {
  test("every acknowledged reading survives, none is stored twice, rollups and state count exactly the stored ones", async () => {
    const db = await store(kind);
    const secrets = Array.from({ length: DEVICES }, (_, i) => `fault-secret-${i}-${"x".repeat(20)}`);
    const ids = secrets.map((_, i) => `ns01-fault-${i}`);
    {
      // Devices registered before the server starts (PGlite allows one process at a time).
      const database = await db.open();
      for (const [i, id] of ids.entries()) {
        await database.db.insert(devices).values({ id, name: id, secretHash: await hashDeviceSecret(secrets[i]) });
      }
      await database.close();
    }
    const env = { ...db.env, TELEMETRY_RATE_PER_S: "1000", TELEMETRY_RATE_BURST: "1000" };
    let server = await spawnServer(env);
    children.push(server);

    const t0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
    const body = (d: number, k: number) =>
      JSON.stringify({
        readings: Array.from({ length: BATCH }, (_, i) => ({
          ts: new Date(t0 + (k * BATCH + i) * 1000 + d).toISOString(),
          laeq: 40 + ((k + i) % 30),
          occupancy: i % 4,
        })),
      });
    const post = (url: string, d: number, k: number) =>
      fetch(`${url}/api/devices/${ids[d]}/telemetry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${secrets[d]}` },
        body: body(d, k),
      });

    // Each device sends batch after batch until the server dies under it.
    const acked = ids.map(() => new Set<number>());
    const inDoubt = ids.map(() => new Set<number>());
    const next = ids.map(() => 0);
    let dead = false;
    const senders = ids.map(async (_, d) => {
      while (!dead) {
        const k = next[d]++;
        try {
          const response = await post(server.url, d, k);
          if (response.status !== 200) throw new Error(`status ${response.status}`);
          expect(await response.json()).toEqual({ accepted: BATCH, duplicates: 0 });
          acked[d].add(k);
        } catch {
          inDoubt[d].add(k);
          return;
        }
      }
    });
    await waitUntil(() => acked.reduce((sum, s) => sum + s.size, 0) >= 40, "40 acknowledged batches");
    server.child.kill("SIGKILL");
    await server.exited;
    dead = true;
    await Promise.all(senders);
    // Every device was in the middle of a request when the process died.
    expect(inDoubt.map((s) => s.size)).toEqual(ids.map(() => 1));

    // Restart; each device resends what it never got an answer for, then sends on.
    server = await spawnServer(env);
    children.push(server);
    for (let d = 0; d < DEVICES; d++) {
      for (const k of [...inDoubt[d], next[d]]) {
        const response = await post(server.url, d, k);
        expect(response.status).toBe(200);
        const answer = (await response.json()) as { accepted: number; duplicates: number };
        expect(answer.accepted + answer.duplicates).toBe(BATCH);
        // A batch is all or nothing: stored whole before the kill, or not at all.
        expect([0, BATCH]).toContain(answer.duplicates);
        acked[d].add(k);
      }
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const database = await db.open();
    try {
      for (let d = 0; d < DEVICES; d++) {
        const expected = [...acked[d]].flatMap((k) => Array.from({ length: BATCH }, (_, i) => t0 + (k * BATCH + i) * 1000 + d)).sort((a, b) => a - b);
        const rows = await database.db.execute(sql`
          select (extract(epoch from r.ts) * 1000)::bigint as ms from telemetry_readings r
          join devices d on d.telemetry_key = r.device_key where d.id = ${ids[d]} order by r.ts`);
        const stored = (rows as unknown as { rows: { ms: string | number }[] }).rows.map((r) => Number(r.ms));
        // Every acknowledged reading, each once, and nothing else.
        expect(stored).toEqual(expected);
        const totals = await database.db.execute(sql`
          select
            (select readings_total from device_state where device_id = ${ids[d]})::int as state,
            (select coalesce(sum(readings), 0) from telemetry_minute where device_id = ${ids[d]})::int as minute,
            (select coalesce(sum(readings), 0) from telemetry_hour where device_id = ${ids[d]})::int as hour`);
        expect((totals as unknown as { rows: unknown[] }).rows[0]).toEqual({ state: expected.length, minute: expected.length, hour: expected.length });
      }
    } finally {
      await database.close();
    }
  });
});
