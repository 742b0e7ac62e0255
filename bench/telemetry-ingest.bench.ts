import { randomBytes } from "node:crypto";
import { connect, type MqttClient } from "mqtt";
import pg from "pg";
import { createSimulatedDevice, simulateReading, SCENARIOS } from "#app/modules/telemetry/telemetry-simulator.ts";
import type { TelemetryReadingInput } from "#app/modules/telemetry/telemetry.schema.ts";
import { type BenchRow, type BuiltServer, rssMiB, startBuiltServer, withPglite } from "./lib.ts";

// Telemetry ingest (ADR 0015/0016), against the built server as production runs it:
// - HTTP, 500-reading batches from many devices, sustained for TELEMETRY_BENCH_SECONDS (60),
//   PGlite and PostgreSQL; baseline: a bare multi-row INSERT of the same rows into the same
//   database (PostgreSQL; PGlite: a fresh one in this process), same concurrency, same run.
// - bytes per raw reading on PostgreSQL: pg_total_relation_size over the partitions / rows.
// - RSS of the server sampled every 5 s while it ingests, then over TELEMETRY_RSS_SECONDS (600)
//   of ingest paced at the nominal 20,000 readings/s, every 10 s (PostgreSQL).
// - MQTT through the machine's broker, one reading per message, two server instances on the
//   shared subscription: messages/s committed, p99 publish → committed (seen by LISTEN), and
//   every message stored exactly once.

const SECONDS = Number(process.env.TELEMETRY_BENCH_SECONDS ?? 60);
const DEVICES = 40;
const BATCH = 500;
const CONCURRENCY = 8;
/** The sustained run that checks memory stays flat (0 skips it). */
const RSS_SECONDS = Number(process.env.TELEMETRY_RSS_SECONDS ?? 600);
const RSS_RATE = Number(process.env.TELEMETRY_RSS_RATE ?? 20_000);
const THROUGHPUT_START_MS = 2.5 * 86_400_000;
const MQTT_URL = process.env.TEST_MQTT_URL ?? process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883";

type Device = { id: string; secret: string };

async function registerDevices(server: BuiltServer, prefix: string, count: number): Promise<Device[]> {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: "bench@nidosmart.test", password: "bench-pass-1" }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const devices: Device[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    const response = await fetch(`${server.url}/admin/viajeros/dispositivos`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ intent: "register", deviceId: id, name: id, propertyId: "" }).toString(),
    });
    const text = await response.text();
    let secret: string | null = null;
    for (const candidate of new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])) {
      const probe = await fetch(`${server.url}/api/devices/${id}/telemetry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${candidate}` },
        body: '{"readings":[]}',
      });
      if (probe.status === 400) {
        secret = candidate;
        break;
      }
    }
    if (!secret) throw new Error(`no secret for ${id}`);
    devices.push({ id, secret });
  }
  return devices;
}

/**
 * Batch `b` of a device: 500 consecutive 1-second readings from `start`. A throughput run starts
 * 2.5 days back: 60 s at 50,000 readings/s over 40 devices is 21 hours of readings per device,
 * all of which must stay in the past (5 minutes ahead is refused).
 */
function batchReadings(deviceIndex: number, b: number, start: number): TelemetryReadingInput[] {
  const sim = createSimulatedDevice(SCENARIOS[deviceIndex % SCENARIOS.length], deviceIndex * 7919 + b);
  const out: TelemetryReadingInput[] = new Array(BATCH);
  for (let i = 0; i < BATCH; i++) out[i] = simulateReading(sim, new Date(start + (b * BATCH + i) * 1000), 1);
  return out;
}

type HttpResult = { readingsPerS: number; errors: number; rss: number[]; seconds: number };

type LoadOptions = { seconds: number; sampleEveryS: number; /** Readings per second; unpaced when absent. */ rate?: number };

async function httpLoad(url: string, devices: Device[], pid: number, start: number, options: LoadOptions = { seconds: SECONDS, sampleEveryS: 5 }): Promise<HttpResult> {
  let next = 0;
  let readings = 0;
  let errors = 0;
  const rss: number[] = [];
  const began = performance.now();
  const deadline = began + options.seconds * 1000;
  const sampler = setInterval(() => rss.push(rssMiB(pid)), options.sampleEveryS * 1000);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        if (options.rate) {
          // Paced: request n may start once n batches are due at the rate.
          const dueAt = began + ((next * BATCH) / options.rate) * 1000;
          const wait = dueAt - performance.now();
          if (wait > 0) {
            await new Promise((r) => setTimeout(r, wait));
            continue;
          }
        }
        const n = next++;
        const d = n % devices.length;
        const body = JSON.stringify({ readings: batchReadings(d, Math.floor(n / devices.length), start) });
        const response = await fetch(`${url}/api/devices/${devices[d].id}/telemetry`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${devices[d].secret}` },
          body,
        });
        const answer = (await response.json()) as { accepted?: number };
        if (response.status !== 200 || answer.accepted !== BATCH) errors++;
        else readings += BATCH;
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  return { readingsPerS: Math.round(readings / seconds), errors, rss, seconds };
}

/** The same rows by a bare multi-row INSERT (500 per statement), same concurrency and duration. */
async function bareInsert(query: (text: string) => Promise<unknown>, start: number): Promise<number> {
  await query(`CREATE TABLE IF NOT EXISTS bench_bare_readings (LIKE telemetry_readings INCLUDING ALL)`);
  let next = 0;
  let rows = 0;
  const began = performance.now();
  const deadline = began + Math.min(SECONDS, 20) * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const d = n % DEVICES;
      const values = batchReadings(d, Math.floor(n / DEVICES), start).map((r) => {
        const f = (v: unknown) => (v === undefined || v === null ? "NULL" : String(v));
        const flags = (r.motion ? 1 : 0) | (r.door_open ? 2 : 0) | 0x1f00;
        const link = (r.battery_pct ?? 127) | ((r.rssi_dbm == null ? 255 : r.rssi_dbm + 130) << 7);
        return `('${r.ts}',${d + 1},${r.window_s},${Math.round((r.laeq ?? 0) * 10)},${Math.round((r.lmax ?? 0) * 10)},${f(r.occupancy)},${flags},${link},${Math.round((r.temp_c ?? 0) * 100)},${Math.round((r.humidity_pct ?? 0) * 100)},NULL,NULL,${f(r.light_lux)})`;
      });
      await query(
        `INSERT INTO bench_bare_readings (ts, device_key, window_s, laeq_d, lmax_d, occupancy, flags, link, temp_cc, humidity_cp, pressure_dhpa, co_dppm, light_lux) VALUES ${values.join(",")}`,
      );
      rows += BATCH;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return Math.round(rows / ((performance.now() - began) / 1000));
}

const rssFlat = (rss: number[]) => {
  // Ignore the first sample (warm-up); flat = every later sample within ±10 % of their median.
  const later = rss.slice(1);
  if (later.length < 2) return { text: rss.join(", "), flat: "n/a" };
  const sorted = [...later].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const spread = Math.max(...later.map((v) => Math.abs(v - median) / median));
  return { text: `${Math.min(...later)}–${Math.max(...later)} MiB`, flat: `±${Math.round(spread * 1000) / 10} %` };
};

async function pgliteHttp(): Promise<BenchRow[]> {
  const server = await startBuiltServer({ TELEMETRY_RATE_PER_S: "1000", TELEMETRY_RATE_BURST: "1000" });
  try {
    const devices = await registerDevices(server, "bench-pglite", DEVICES);
    const start = Date.now() - THROUGHPUT_START_MS;
    const result = await httpLoad(server.url, devices, server.pid, start);
    const baseline = await withPglite(async (database) => {
      const { ensureTelemetryPartitions } = await import("#app/modules/telemetry/telemetry-partitions.server.ts");
      await ensureTelemetryPartitions(database.db);
      const client = (database.db as unknown as { $client: { exec(text: string): Promise<unknown> } }).$client;
      return bareInsert((text) => client.exec(text), start);
    });
    const rss = rssFlat(result.rss);
    return [
      { group: "telemetry/pglite", metric: `HTTP ingest, ${BATCH}-reading batches, ${Math.round(result.seconds)} s`, value: result.readingsPerS, unit: "readings/s", baseline: `${baseline} bare INSERT`, ratio: Math.round((result.readingsPerS / baseline) * 100) / 100, goal: "≥ 5,000/s" },
      { group: "telemetry/pglite", metric: "HTTP ingest errors", value: result.errors, unit: "", goal: "0" },
      // At full speed the heap swings between collections; the ±10 % goal is the sustained run's.
      { group: "telemetry/pglite", metric: "server RSS at full speed (after warm-up), range and spread", value: rss.text, unit: "", ratio: rss.flat },
    ];
  } finally {
    await server.stop();
  }
}

async function withFreshPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `nidosmart_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  }
}

async function postgresHttp(adminUrl: string): Promise<BenchRow[]> {
  return withFreshPostgres(adminUrl, async (url) => {
    const server = await startBuiltServer({ DATABASE_URL: url, TELEMETRY_RATE_PER_S: "1000", TELEMETRY_RATE_BURST: "1000" });
    const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
    try {
      const devices = await registerDevices(server, "bench-pg", DEVICES);
      const start = Date.now() - THROUGHPUT_START_MS;
      const result = await httpLoad(server.url, devices, server.pid, start);
      const size = await pool.query(`
        SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'telemetry_readings'`);
      const rows = await pool.query(`SELECT count(*)::bigint AS n FROM telemetry_readings`);
      const bytesPerReading = Math.round((Number(size.rows[0].bytes) / Number(rows.rows[0].n)) * 10) / 10;
      const baseline = await bareInsert((text) => pool.query(text), start);
      const rss = rssFlat(result.rss);
      const out: BenchRow[] = [
        { group: "telemetry/postgres", metric: `HTTP ingest, ${BATCH}-reading batches, ${Math.round(result.seconds)} s`, value: result.readingsPerS, unit: "readings/s", baseline: `${baseline} bare INSERT`, ratio: Math.round((result.readingsPerS / baseline) * 100) / 100, goal: "≥ 20,000/s and ≥ 0.5" },
        { group: "telemetry/postgres", metric: "HTTP ingest errors", value: result.errors, unit: "", goal: "0" },
        { group: "telemetry/postgres", metric: `bytes per raw reading (table + index, ${rows.rows[0].n} rows)`, value: bytesPerReading, unit: "B", goal: "≤ 100" },
        // At full speed the heap swings between collections; the ±10 % goal is the sustained run's.
      { group: "telemetry/postgres", metric: "server RSS at full speed (after warm-up), range and spread", value: rss.text, unit: "", ratio: rss.flat },
      ];
      if (RSS_SECONDS > 0) {
        // Sustained: the nominal fleet (100,000 devices at one reading per 5 s = 20,000/s) for
        // RSS_SECONDS, RSS sampled every 10 s. Its readings start 6.5 days back, a range of their
        // own (1-s readings, 40 devices: 3.5 days of them in 10 minutes, ending before the
        // throughput run's).
        const sustained = await httpLoad(server.url, devices, server.pid, Date.now() - 6.5 * 86_400_000, { seconds: RSS_SECONDS, sampleEveryS: 10, rate: RSS_RATE });
        // The first minute is warm-up (caches, the JIT, the pool filling).
        const samples = sustained.rss.slice(6);
        const flat = rssFlat([0, ...samples]);
        // A leak shows as a rising trend: the second and the last minute's averages side by side.
        const minuteAverage = (list: number[]) => Math.round(list.reduce((a, b) => a + b, 0) / Math.max(1, list.length));
        const trend = `${minuteAverage(samples.slice(0, 6))} → ${minuteAverage(samples.slice(-6))} MiB`;
        out.push(
          { group: "telemetry/postgres", metric: `sustained HTTP ingest, ${Math.round(sustained.seconds)} s paced at ${RSS_RATE}/s`, value: sustained.readingsPerS, unit: "readings/s", goal: `${RSS_RATE}/s, 0 errors` },
          { group: "telemetry/postgres", metric: "sustained ingest errors", value: sustained.errors, unit: "", goal: "0" },
          { group: "telemetry/postgres", metric: `server RSS over the sustained run (${samples.length} samples after the first minute)`, value: flat.text, unit: "", ratio: flat.flat, goal: "±10 %" },
          { group: "telemetry/postgres", metric: "server RSS, second minute → last minute (average)", value: trend, unit: "" },
        );
      }
      return out;
    } finally {
      await pool.end();
      await server.stop();
    }
  });
}

async function postgresMqtt(adminUrl: string): Promise<BenchRow[]> {
  return withFreshPostgres(adminUrl, async (url) => {
    const suffix = randomBytes(3).toString("hex");
    const env = { DATABASE_URL: url, MQTT_URL, MQTT_SHARE_GROUP: `bench-${suffix}`, TELEMETRY_RATE_PER_S: "1000", TELEMETRY_RATE_BURST: "1000" };
    const a = await startBuiltServer({ ...env, MQTT_CLIENT_ID: `bench-a-${suffix}` });
    const b = await startBuiltServer({ ...env, MQTT_CLIENT_ID: `bench-b-${suffix}` });
    const listener = new pg.Client({ connectionString: url });
    const publishers: MqttClient[] = [];
    try {
      const devices = await registerDevices(a, `bench-mq-${suffix}`, DEVICES);
      // Published time of every message, by device and ts; LISTEN tells when each is committed.
      // Per device, in ts order (each device publishes its ts in increasing order): a queue.
      const published = new Map<string, { ts: number; at: number }[]>(devices.map((d) => [d.id, []]));
      const latencies: number[] = [];
      let committed = 0;
      let lastCommitAt = 0;
      await listener.connect();
      listener.on("notification", (message) => {
        const event = JSON.parse(message.payload ?? "{}") as { deviceId: string; from: string; to: string };
        const now = performance.now();
        const waiting = published.get(event.deviceId);
        if (!waiting) return;
        const from = new Date(event.from).getTime();
        const to = new Date(event.to).getTime();
        // Batches of one device commit in order of arrival at the consumer, close to ts order;
        // take every waiting message of the range (a redelivered one is counted once).
        let kept = 0;
        for (let i = 0; i < waiting.length; i++) {
          const m = waiting[i];
          if (m.ts >= from && m.ts <= to) {
            latencies.push(now - m.at);
            committed++;
            lastCommitAt = now;
          } else waiting[kept++] = m;
          if (m.ts > to) {
            // The queue is in ts order: everything after is newer than this batch too.
            for (let j = i + 1; j < waiting.length; j++) waiting[kept++] = waiting[j];
            break;
          }
        }
        waiting.length = kept;
      });
      await listener.query("LISTEN nidosmart_telemetry");
      for (let i = 0; i < 4; i++) {
        const client = connect(MQTT_URL, { clientId: `bench-pub-${suffix}-${i}` });
        await new Promise<void>((resolve, reject) => {
          client.once("connect", () => resolve());
          client.once("error", reject);
        });
        publishers.push(client);
      }
      // Let both consumers subscribe.
      await new Promise((r) => setTimeout(r, 2_000));
      const seconds = SECONDS;
      // Offered above the goal: a consumer that only just keeps up at 10,000/s would show the
      // offered rate, not what it can sustain.
      const target = Number(process.env.TELEMETRY_MQTT_RATE ?? 12_000);
      const start = Date.now() - THROUGHPUT_START_MS;
      let sent = 0;
      const began = performance.now();
      const sims = devices.map((_, i) => createSimulatedDevice(SCENARIOS[i % SCENARIOS.length], i));
      while (performance.now() - began < seconds * 1000) {
        // Paced in 10 ms slices at the target rate.
        const due = Math.floor(((performance.now() - began) / 1000) * target);
        const pending: Promise<unknown>[] = [];
        while (sent < due) {
          const d = sent % devices.length;
          const ts = start + Math.floor(sent / devices.length) * 1000;
          published.get(devices[d].id)!.push({ ts, at: performance.now() });
          const reading = simulateReading(sims[d], new Date(ts), 1);
          pending.push(publishers[sent % publishers.length].publishAsync(`nidosmart/devices/${devices[d].id}/telemetry`, JSON.stringify(reading), { qos: 1 }));
          sent++;
        }
        if (pending.length > 2_000) await Promise.all(pending);
        await new Promise((r) => setTimeout(r, 10));
      }
      const publishSeconds = (performance.now() - began) / 1000;
      // Drain: wait until everything is committed (or 60 s).
      const drainDeadline = performance.now() + 60_000;
      while (committed < sent && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 100));
      // Up to the last commit: a drain that waits for messages the broker dropped is not work.
      const totalSeconds = (Math.max(lastCommitAt, began + 1) - began) / 1000;
      const stored = await listener.query(`SELECT count(*)::bigint AS n FROM telemetry_readings`);
      latencies.sort((x, y) => x - y);
      const p99 = latencies.length ? Math.round(latencies[Math.floor(latencies.length * 0.99)]) : -1;
      return [
        { group: "telemetry/mqtt-postgres", metric: `MQTT, 1 reading/message, 2 instances, offered ${target}/s for ${Math.round(publishSeconds)} s`, value: Math.round(committed / totalSeconds), unit: "msg/s committed", baseline: `${Math.round(sent / publishSeconds)} published/s`, goal: "≥ 10,000/s" },
        { group: "telemetry/mqtt-postgres", metric: "p99 publish → committed", value: p99, unit: "ms", goal: "≤ 1000 ms" },
        // Fewer rows than messages means the broker dropped some before delivery (Mosquitto's
        // max_queued_messages, 1000 by default, per session): not a consumer loss.
        { group: "telemetry/mqtt-postgres", metric: "messages published (PUBACKed by the broker) / rows stored", value: `${sent} / ${stored.rows[0].n}`, unit: "", goal: "equal" },
      ];
    } finally {
      await Promise.all(publishers.map((p) => p.endAsync()));
      await listener.end().catch(() => {});
      await a.stop();
      await b.stop();
      // End both persistent sessions, so the broker queues nothing more for them.
      for (const id of [`bench-a-${suffix}`, `bench-b-${suffix}`]) {
        const c = connect(MQTT_URL, { clientId: id, protocolVersion: 5, clean: true, properties: { sessionExpiryInterval: 0 }, reconnectPeriod: 0 });
        await new Promise((r) => c.once("connect", r));
        await c.endAsync();
      }
    }
  });
}

export async function runTelemetryBench(): Promise<BenchRow[]> {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
  const parts = (process.env.TELEMETRY_BENCH_PARTS ?? "pglite,postgres,mqtt").split(",");
  const rows: BenchRow[] = [];
  if (parts.includes("pglite")) rows.push(...(await pgliteHttp()));
  if (postgresUrl && parts.includes("postgres")) rows.push(...(await postgresHttp(postgresUrl)));
  if (postgresUrl && parts.includes("mqtt")) rows.push(...(await postgresMqtt(postgresUrl)));
  return rows;
}
