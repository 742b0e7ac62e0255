import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { listFleet, getDeviceSeries } from "#app/modules/monitoring/monitoring.server.ts";
import { ensureTelemetryPartitions } from "#app/modules/telemetry/telemetry-partitions.server.ts";
import { compressBuffer } from "#server/compress.ts";
import { type BenchRow, startBuiltServer, withPglite, withPostgres } from "./lib.ts";

// Monitorización (issue 19, ADR 0017):
//   - fleet view of 1,000 devices: server time of listFleet (devices + state + stays), p95 ≤ 100 ms;
//   - one device's 30-day chart data: server time p95 ≤ 50 ms and ≤ 100 kB compressed, at a
//     phone's width (hour rollup) and at desktop widths (minute rollup, the heaviest read);
//   - a reading accepted by POST /api/devices/{id}/telemetry → received on an open device
//     stream (SSE) of the built server: p95 ≤ 1 s.
// The database parts run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL/DATABASE_URL is set.
//
//   npx tsx bench/monitoring.bench.ts      (the live part needs `npm run build` first)

type Timing = { runs: number; p50: number; p95: number };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { runs, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

const CITIES = ["Madrid", "Barcelona", "Sevilla", "Málaga", "Valencia", "Granada", "Bilbao", "Palma"];

/** 1,000 devices on 400 properties, 950 with a state, 300 stays in progress (half registered). */
export async function seedFleet(database: Database, devices: number): Promise<void> {
  const { db } = database;
  const properties = Math.ceil(devices / 2.5);
  await db.execute(sql`
    insert into properties (id, name, address, establishment_code)
    select md5('p' || i)::uuid, 'Vivienda ' || i, 'Calle ' || i || ', 28001 ' || (${sql.raw(`array[${CITIES.map((c) => `'${c}'`).join(",")}]`)})[1 + i % ${CITIES.length}], '0000000001'
    from generate_series(1, ${properties}) i`);
  await db.execute(sql`
    insert into devices (id, name, property_id, secret_hash)
    select 'ns01-bench-' || i, 'Sensor ' || i, md5('p' || (1 + i % ${properties}))::uuid, 'x'
    from generate_series(1, ${devices}) i`);
  await db.execute(sql`
    insert into device_state (device_id, last_ts, last_received_at, readings_total, window_s, laeq, lmax, occupancy, temp_c, battery_pct, smoke, tamper)
    select 'ns01-bench-' || i, now() - (i % 20) * interval '1 minute', now() - (i % 20) * interval '1 minute', 1000, 60,
           30 + i % 45, 40 + i % 45, i % 5, 18 + (i % 8), 5 + i % 95, i % 400 = 0, false
    from generate_series(1, ${devices}) i where i % 20 <> 0`);
  await db.execute(sql`
    insert into reservations (property_id, property_name, guest_count, check_in_date, check_out_date, unique_link)
    select md5('p' || i)::uuid, 'Vivienda ' || i, 1 + i % 4, current_date - 1, current_date + 2, md5('r' || i)
    from generate_series(1, ${Math.round(properties * 0.75)}) i`);
  await db.execute(sql`
    insert into guests (reservation_id, position, given_name, first_surname, full_name, sex, birth_date, nationality, address_street, address_country, address_postal_code)
    select r.id, 1, 'Ana', 'Prueba', 'Ana Prueba', 'M', '1990-01-01', 'ESP', 'Calle 1', 'ESP', '28001'
    from reservations r where r.guest_count % 2 = 0`);
}

/** 30 days of one device in the minute and hour rollups, as the ingest would have left them. */
async function seedMonth(database: Database, deviceId: string): Promise<void> {
  const { db } = database;
  for (let daysAgo = 31; daysAgo >= 0; daysAgo -= 7) await ensureTelemetryPartitions(db, new Date(Date.now() - daysAgo * 86_400_000));
  await db.execute(sql`
    insert into telemetry_minute (device_id, bucket, readings, covered_s, laeq_energy, laeq_weight, lmax, occupancy_max, occupancy_wsum, occupancy_weight,
      motion_count, door_open_count, smoke_count, tamper_count, siren_count, temp_n, humidity_n, pressure_n, co_n, light_n)
    select ${deviceId}, b, 6, 60, 60 * power(10, (35 + 20 * abs(sin(n / 90.0))) / 10), 60, 50 + 20 * abs(sin(n / 90.0)), n % 4, 60 * (n % 4), 60,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from (select n, date_trunc('minute', now()) - n * interval '1 minute' as b from generate_series(1, 43200) n) s`);
  await db.execute(sql`
    insert into telemetry_hour (device_id, bucket, readings, covered_s, laeq_energy, laeq_weight, lmax, occupancy_max, occupancy_wsum, occupancy_weight,
      motion_count, door_open_count, smoke_count, tamper_count, siren_count, temp_n, humidity_n, pressure_n, co_n, light_n)
    select device_id, date_trunc('hour', bucket), sum(readings), sum(covered_s), sum(laeq_energy), sum(laeq_weight), max(lmax), max(occupancy_max),
      sum(occupancy_wsum), sum(occupancy_weight), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from telemetry_minute where device_id = ${deviceId} group by 1, 2`);
}

export type MonitoringDbResult = {
  database: "pglite" | "postgres";
  fleet: Timing;
  chart: { width: number; source: string; points: number; timing: Timing; rawKb: number; brKb: number; gzipKb: number }[];
};

async function runOn(kind: "pglite" | "postgres", database: Database, runs: number): Promise<MonitoringDbResult> {
  await seedFleet(database, 1000);
  await seedMonth(database, "ns01-bench-1");
  await database.db.execute(sql`analyze`);
  const query = { q: "", city: "", propertyId: "", status: "all" as const, page: 1 };
  const fleet = await time(runs, (i) => listFleet(database.db, i % 3 === 0 ? { ...query, q: "vivienda 1" } : i % 3 === 1 ? { ...query, city: "Sevilla" } : query));
  const chart: MonitoringDbResult["chart"] = [];
  for (const width of [360, 1200, 1920]) {
    const range = () => ({ from: new Date(Date.now() - 30 * 86_400_000), to: new Date(), width });
    const timing = await time(runs, () => getDeviceSeries(database.db, "ns01-bench-1", range(), { propertyId: null }));
    const series = await getDeviceSeries(database.db, "ns01-bench-1", range(), { propertyId: null });
    const raw = Buffer.from(JSON.stringify(series));
    chart.push({
      width,
      source: series.source,
      points: series.t.length,
      timing,
      rawKb: round(raw.length / 1024),
      brKb: round(compressBuffer(raw, "br").length / 1024),
      gzipKb: round(compressBuffer(raw, "gzip").length / 1024),
    });
  }
  return { database: kind, fleet, chart };
}

export async function runMonitoringDbBench(options: { runs?: number; postgresUrl?: string | null } = {}): Promise<MonitoringDbResult[]> {
  const runs = options.runs ?? 40;
  const results = [await withPglite((db) => runOn("pglite", db, runs))];
  const pgUrl = options.postgresUrl === undefined ? (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) : options.postgresUrl;
  if (pgUrl) results.push(await withPostgres(pgUrl, (db) => runOn("postgres", db, runs)));
  return results;
}

/** Reading accepted → event received on an open device stream, through the built server. */
export async function runLiveBench(options: { samples?: number } = {}): Promise<Timing> {
  const samples = options.samples ?? 40;
  const server = await startBuiltServer();
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "bench@nidosmart.test", password: "bench-pass-1" }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const deviceId = "ns01-bench-live";
    const registered = await fetch(`${server.url}/admin/viajeros/dispositivos`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ intent: "register", deviceId, name: "Bench", propertyId: "" }),
    });
    const page = await registered.text();
    // The secret is in the answer once, among other tokens: the one the ingest accepts is it.
    const candidates = [...new Set(page.match(/[A-Za-z0-9_-]{43}/g) ?? [])];
    let secret: string | null = null;
    for (const candidate of candidates) {
      const probe = await fetch(`${server.url}/api/devices/${deviceId}/telemetry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${candidate}` },
        body: JSON.stringify({ ts: new Date(Date.now() - 60_000).toISOString(), laeq: 30 }),
      });
      if (probe.ok) {
        secret = candidate;
        break;
      }
    }
    if (!secret) throw new Error("monitoring bench: no device secret in the registration answer");

    const stream = await fetch(`${server.url}/api/admin/monitoring/stream?device=${deviceId}`, { headers: { Cookie: cookie } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    const waiting = new Map<number, (at: number) => void>();
    let buffer = "";
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (!data || !event.startsWith("event: reading")) continue;
          const laeq = (JSON.parse(data) as { state: { laeq: number } }).state.laeq;
          waiting.get(Math.round(laeq * 10))?.(performance.now());
        }
      }
    })();

    const latencies: number[] = [];
    for (let i = 0; i < samples + 3; i++) {
      const laeq = 40 + (i % 500) / 10;
      const received = new Promise<number>((resolve) => waiting.set(Math.round(laeq * 10), resolve));
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/devices/${deviceId}/telemetry`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
        body: JSON.stringify({ ts: new Date().toISOString(), window_s: 1, laeq }),
      });
      if (!response.ok) throw new Error(`monitoring bench: ingest → ${response.status}`);
      const at = await Promise.race([received, new Promise<number>((_, reject) => setTimeout(() => reject(new Error("no SSE event within 5 s")), 5_000))]);
      waiting.delete(Math.round(laeq * 10));
      if (i >= 3) latencies.push(at - sent);
      // Within the device's rate limit (10/s).
      await new Promise((r) => setTimeout(r, 150));
    }
    await reader.cancel();
    latencies.sort((a, b) => a - b);
    return { runs: latencies.length, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) };
  } finally {
    await server.stop();
  }
}

export async function monitoringRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const r of await runMonitoringDbBench()) {
    rows.push({ group: `monitoring/${r.database}`, metric: "fleet view, 1,000 devices, p50 / p95", value: `${r.fleet.p50} / ${r.fleet.p95}`, unit: "ms", goal: "p95 ≤ 100 ms" });
    for (const c of r.chart) {
      rows.push({
        group: `monitoring/${r.database}`,
        metric: `30-day chart at ${c.width} px (${c.source}, ${c.points} points) p50 / p95; br / gzip`,
        value: `${c.timing.p50} / ${c.timing.p95} ms; ${c.brKb} / ${c.gzipKb}`,
        unit: "kB",
        goal: "p95 ≤ 50 ms, ≤ 100 kB",
      });
    }
  }
  const live = await runLiveBench();
  rows.push({ group: "monitoring", metric: "reading accepted → SSE received, p50 / p95", value: `${live.p50} / ${live.p95}`, unit: "ms", goal: "p95 ≤ 1 s" });
  return rows;
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  for (const row of await monitoringRows()) console.log(`${row.group}\t${row.metric}\t${row.value} ${row.unit}\t${row.goal ?? ""}`);
}
