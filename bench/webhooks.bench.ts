import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { loadConfig } from "#app/config/env.server.ts";
import { openDatabase, type Db } from "#app/db/client.server.ts";
import { resolveCredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { createWebhookEndpoint, enqueueWebhookEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { WEBHOOK_EVENT_TYPES } from "#app/modules/webhooks/webhooks.schema.ts";
import { startServer } from "#server/server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/helpers/webhook-receiver.ts";
import { type BenchRow, startBuiltServer } from "./lib.ts";

// Webhook delivery (issue 20, ADR 0023), to a local receiver that verifies every signature with the
// standardwebhooks library:
//   - latency: events queued one at a time (each in its own transaction, as the incidents engine
//     will) at a steady pace; time from the enqueue call to the receiver having the request;
//     goal p95 ≤ 2 s;
//   - throughput: a burst of events queued at once; events delivered per second until the last;
//   - duplicates: every webhook-id received once (0 duplicates).
// PGlite: the server in this process (its database is one process's). PostgreSQL (when
// TEST_DATABASE_URL or DATABASE_URL is set): two built servers as separate processes delivering
// from one database, events queued by this process through its own pool, as another instance would.
// The machine's load average is reported beside the figures: the 2-core machine is shared.
//
//   npx tsx bench/webhooks.bench.ts      (needs `npm run build` first)

const KEY_HEX = "a1".repeat(32);
const PACED_EVENTS = 200;
const PACE_PER_S = 5;
const BURST_EVENTS = 2_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" / ");

type Measured = {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  eventsPerS: number;
  burstSeconds: number;
  duplicates: number;
  missing: number;
  unverified: number;
  loadBefore: string;
  loadAfter: string;
};

async function measure(receiver: WebhookReceiver, enqueue: (seq: number, burst: boolean) => Promise<void>): Promise<Measured> {
  const loadBefore = load();
  const started = new Map<number, number>();
  const latencies: number[] = [];
  const ids = new Map<string, number>();
  let unverified = 0;
  let burstReceived = 0;
  let lastAt = 0;
  receiver.onReceive = (request) => {
    const seq = Number(JSON.parse(request.body).data.seq);
    const id = request.headers["webhook-id"] ?? "";
    ids.set(id, (ids.get(id) ?? 0) + 1);
    if (request.verifiedWith < 0) unverified++;
    if (seq < PACED_EVENTS) {
      const t0 = started.get(seq);
      if (t0 !== undefined) latencies.push(request.receivedAt - t0);
    } else {
      burstReceived++;
      lastAt = request.receivedAt;
    }
  };

  // Warm-up: connections, JIT.
  for (let i = 0; i < 5; i++) await enqueue(-1 - i, false);
  await sleep(1_000);

  const pending: Promise<void>[] = [];
  const t = performance.now();
  for (let seq = 0; seq < PACED_EVENTS; seq++) {
    const due = t + (seq * 1000) / PACE_PER_S;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    started.set(seq, performance.now());
    pending.push(enqueue(seq, false));
  }
  await Promise.all(pending);
  const deadline = Date.now() + 60_000;
  while (latencies.length < PACED_EVENTS && Date.now() < deadline) await sleep(50);

  const burstStart = performance.now();
  // 20 concurrent writers, each committing its events one transaction at a time.
  let next = PACED_EVENTS;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < PACED_EVENTS + BURST_EVENTS) await enqueue(next++, true);
    }),
  );
  const burstDeadline = Date.now() + 180_000;
  while (burstReceived < BURST_EVENTS && Date.now() < burstDeadline) await sleep(50);
  await sleep(2_000); // anything received twice would arrive by now
  const burstSeconds = (lastAt - burstStart) / 1000;

  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? NaN),
    eventsPerS: Math.round(burstReceived / burstSeconds),
    burstSeconds: round(burstSeconds),
    duplicates: [...ids.values()].filter((n) => n > 1).length,
    missing: PACED_EVENTS - latencies.length + (BURST_EVENTS - burstReceived),
    unverified,
    loadBefore,
    loadAfter: load(),
  };
}

function rows(group: string, m: Measured, note: string): BenchRow[] {
  return [
    { group, metric: `enqueue → received, ${PACED_EVENTS} events at ${PACE_PER_S}/s (p50 / p95 / p99 / max)${note}`, value: `${m.p50} / ${m.p95} / ${m.p99} / ${m.max}`, unit: "ms", goal: "p95 ≤ 2000 ms" },
    { group, metric: `burst of ${BURST_EVENTS} events queued by 20 writers: delivered${note}`, value: m.eventsPerS, unit: `events/s (${m.burstSeconds} s)` },
    { group, metric: "webhook-ids received more than once / events never received / signatures not verified", value: `${m.duplicates} / ${m.missing} / ${m.unverified}`, unit: "", goal: "0 / 0 / 0" },
    { group, metric: `load average (1/5/15 min) before → after, ${os.cpus().length} cores`, value: `${m.loadBefore} → ${m.loadAfter}`, unit: "" },
  ];
}

async function addEndpoint(db: Db, receiver: WebhookReceiver): Promise<void> {
  const key = resolveCredentialsKey({ envKey: KEY_HEX, database: { kind: "postgres", dataDir: null } });
  const { secret } = await createWebhookEndpoint(db, key, { url: `${receiver.url}/bench`, description: "bench", eventTypes: [...WEBHOOK_EVENT_TYPES], enabled: true }, null);
  receiver.secrets.push(secret);
}

const eventOf = (seq: number, run: string) => ({
  type: "incident.opened" as const,
  key: `bench:${run}:${seq}`,
  data: { seq, incidentId: `bench-${seq}`, propertyId: "bench-property", type: "Ruido excesivo", laeq: 71.5 },
});

async function pgliteRun(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-webhooks-bench-"));
  const receiver = await startWebhookReceiver();
  const database = await openDatabase({ kind: "pglite", dataDir: dir, template: path.resolve("build/pgdata-template") });
  const config = loadConfig({ NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE: "1", SES_CREDENTIALS_KEY: KEY_HEX, SES_SENDER: "off" });
  const running = await startServer({ config, database, buildDir: "build" });
  try {
    const { db } = database;
    await addEndpoint(db, receiver);
    const run = randomBytes(3).toString("hex");
    const measured = await measure(receiver, async (seq) => {
      await db.transaction((tx) => enqueueWebhookEvent(tx, eventOf(seq, run)));
    });
    return rows("webhooks/pglite", measured, ", server in this process");
  } finally {
    await running.close();
    await database.close();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun(adminUrl: string): Promise<BenchRow[]> {
  const name = `nidosmart_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const receiver = await startWebhookReceiver();
  const env = { DATABASE_URL: url.toString(), WEBHOOK_ALLOW_PRIVATE: "1", SES_CREDENTIALS_KEY: KEY_HEX, SES_SENDER: "off" };
  const a = await startBuiltServer(env);
  const b = await startBuiltServer(env);
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
  try {
    const { db } = database;
    await addEndpoint(db, receiver);
    const run = randomBytes(3).toString("hex");
    const measured = await measure(receiver, async (seq) => {
      await db.transaction((tx) => enqueueWebhookEvent(tx, eventOf(seq, run)));
    });
    return rows("webhooks/postgres", measured, ", 2 server processes");
  } finally {
    await database.close();
    await a.stop();
    await b.stop();
    await receiver.close();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  }
}

export async function runWebhooksBench(): Promise<BenchRow[]> {
  const out = await pgliteRun();
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) out.push(...(await postgresRun(postgresUrl)));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runWebhooksBench();
  for (const row of result) console.log(`${row.group}  ${row.metric}: ${row.value} ${row.unit}${row.goal ? `  (goal ${row.goal})` : ""}`);
  process.exit(0);
}
