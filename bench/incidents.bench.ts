import os from "node:os";
import pino from "pino";
import { sql } from "drizzle-orm";
import { loadConfig } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { incidentRules, properties, reservations } from "#app/db/schema.ts";
import { startIncidentsService } from "#app/modules/incidents/incidents-service.server.ts";
import { DEFAULT_INCIDENT_RULES } from "#app/modules/incidents/incidents.schema.ts";
import { startTelemetryEvents } from "#app/modules/telemetry/telemetry-events.server.ts";
import { ensureTelemetryPartitions } from "#app/modules/telemetry/telemetry-partitions.server.ts";
import { ingestBatches, type DeviceBatch, type TelemetryDevice } from "#app/modules/telemetry/telemetry.server.ts";
import type { TelemetryReading } from "#app/modules/telemetry/telemetry.schema.ts";
import { type BenchRow, withPglite, withPostgres } from "./lib.ts";

// The incidents engine under load (issue 20, ADR 0024), in this process on each database:
//   - ingest throughput, rules on vs off, in the same run: 10,000 devices reporting one reading
//     each per statement of 500 (as the MQTT consumer groups them), as fast as 4 concurrent
//     writers go, in alternating phases. "On": the devices belong to a property (the ingest
//     statement queues their ranges in incident_work) and the worker evaluates them; "off": the
//     same devices without a property (the statement queues nothing, the worker has nothing).
//     Goal: on within 20 % of off.
//   - reading committed → incident opened and its e-mail queued: at the nominal load (10,000
//     devices, one reading each per 10 s: 1,000 readings/s), a probe device (one per probe, each
//     in a property with a stay and a holder) sends an Lmax spike; time from the ingest call
//     returning (committed) to the holder's mail row being visible. Goal p95 ≤ 1 s.
//
//   npx tsx bench/incidents.bench.ts      (PostgreSQL too with TEST_DATABASE_URL or DATABASE_URL)

const DEVICES = 10_000;
const BATCH = 500;
const WRITERS = 4;
const PHASE_MS = Number(process.env.INCIDENTS_BENCH_PHASE_MS ?? 10_000);
const ROUNDS = 2;
const PROBES = 30;

const log = (line: string) => process.env.INCIDENTS_BENCH_VERBOSE && console.error(`[incidents bench] ${line}`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quietReading(ts: Date): TelemetryReading {
  return { ts, windowS: 10, laeq: 32, lmax: 40, occupancy: 2, motion: false, doorOpen: false, smoke: false, tamper: false, siren: false, lightLux: 3, tempC: 21, humidityPct: 45, pressureHpa: null, coPpm: null, batteryPct: 80, rssiDbm: -60 };
}

async function fleet(database: Database, prefix: string, propertyId: string | null, count: number): Promise<TelemetryDevice[]> {
  await database.db.execute(sql`
    insert into devices (id, name, property_id, secret_hash)
    select ${prefix} || g, ${prefix} || g, ${propertyId}::uuid, 'bench' from generate_series(1, ${count}) g`);
  const rows = (await database.db.execute(sql`select id, telemetry_key, property_id::text as property_id from devices where id like ${`${prefix}%`} order by id`)) as unknown as {
    rows: { id: string; telemetry_key: number; property_id: string | null }[];
  };
  return rows.rows.map((r) => ({ id: r.id, key: Number(r.telemetry_key), propertyId: r.property_id }));
}

async function run(database: Database, label: string): Promise<BenchRow[]> {
  const { db } = database;
  await ensureTelemetryPartitions(db);
  const [property] = await db.insert(properties).values({ name: "Bench", address: "Calle 1", establishmentCode: "0000000001" }).returning({ id: properties.id });
  const on = await fleet(database, "on-", property!.id, DEVICES);
  const off = await fleet(database, "off-", null, DEVICES);
  // Probes: each in its own property, with a stay in progress and a holder to tell.
  const probes: TelemetryDevice[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const dayBefore = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < PROBES; i++) {
    const [p] = await db.insert(properties).values({ name: `Probe ${i}`, address: "Calle 2", establishmentCode: "0000000002" }).returning({ id: properties.id });
    await db.insert(incidentRules).values({ propertyId: p!.id, preset: "custom", rules: { ...DEFAULT_INCIDENT_RULES, bands: DEFAULT_INCIDENT_RULES.bands.map((b) => ({ ...b, lmax: 90 })) } });
    await db.insert(reservations).values({ propertyId: p!.id, propertyName: `Probe ${i}`, guestCount: 2, checkInDate: dayBefore, checkOutDate: dayAfter, uniqueLink: `bench-probe-${i}-${Date.now()}`, holderEmail: `probe${i}@example.com`, holderLang: "en" });
    probes.push(...(await fleet(database, `probe-${i}-`, p!.id, 1)));
  }
  void today;
  log(`${label}: fleet ready`);

  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SMTP_URL: "smtp://127.0.0.1:9", MONITORING_ALERT_TO: "bench@example.com" });
  const logger = pino({ level: "silent" });
  const events = await startTelemetryEvents(database, logger);
  const service = startIncidentsService(database, config, logger);

  // Every device's next reading time: one every 10 s of device time, starting an hour ago, so
  // the readings stay in the past however fast the bench writes.
  const next = new Map<string, number>();
  const base = Date.now() - 3_600_000;
  let cursor = 0;
  const nextBatch = (devices: TelemetryDevice[]): DeviceBatch[] => {
    const batch: DeviceBatch[] = [];
    for (let i = 0; i < BATCH; i++) {
      const device = devices[cursor++ % devices.length]!;
      const ts = (next.get(device.id) ?? base) + 10_000;
      next.set(device.id, ts);
      batch.push({ device, readings: [quietReading(new Date(ts))] });
    }
    return batch;
  };

  // paced: the nominal load (10,000 devices × one reading per 10 s = 2 statements of 500 per
  // second, one writer); else as fast as WRITERS writers go.
  const phase = async (devices: TelemetryDevice[], probe: boolean, paced = false) => {
    let readings = 0;
    const started = performance.now();
    const deadline = started + PHASE_MS;
    const latencies: number[] = [];
    const writer = async () => {
      let sent = 0;
      while (performance.now() < deadline) {
        await ingestBatches(db, nextBatch(devices));
        readings += BATCH;
        sent++;
        if (paced) await sleep(Math.max(0, started + (sent * BATCH * 10_000) / DEVICES - performance.now()));
      }
    };
    const prober = async () => {
      const per = PROBES;
      for (let i = 0; i < per && performance.now() < deadline - 1_000; i++) {
        const device = probes.shift();
        if (!device) break;
        await sleep(PHASE_MS / (per + 1));
        const spike = { ...quietReading(new Date()), laeq: 70, lmax: 100 };
        await ingestBatches(db, [{ device, readings: [spike] }]);
        const committed = performance.now();
        for (;;) {
          const found = (await db.execute(sql`select 1 from mail_outbox m join incidents i on m.event_key = 'incident:' || i.id || ':holder' where i.device_id = ${device.id} limit 1`)) as unknown as { rows: unknown[] };
          if (found.rows.length > 0) break;
          if (performance.now() - committed > 30_000) throw new Error(`no incident mail for ${device.id}`);
          await sleep(5);
        }
        latencies.push(performance.now() - committed);
      }
    };
    await Promise.all([...Array.from({ length: paced ? 1 : WRITERS }, writer), ...(probe ? [prober()] : [])]);
    log(`phase ${devices === off ? "off" : "on"}${paced ? " (nominal)" : ""}: ${readings} readings, ${latencies.length} probes`);
    return { perS: readings / ((performance.now() - started) / 1000), latencies };
  };

  const onRates: number[] = [];
  const offRates: number[] = [];
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    offRates.push((await phase(off, false)).perS);
    onRates.push((await phase(on, false)).perS);
  }
  // Let the worker catch up with the saturation phases (timed), then the nominal load with probes.
  const catchUpStarted = performance.now();
  for (let i = 0; i < 600; i++) {
    const left = (await db.execute(sql`select count(*)::int as n from incident_work`)) as unknown as { rows: { n: number }[] };
    if (Number(left.rows[0]?.n ?? 0) === 0) break;
    await sleep(100);
  }
  const catchUpMs = performance.now() - catchUpStarted;
  const paced = await phase(on, true, true);
  latencies.push(...paced.latencies);
  // Work left for the worker at the end (it keeps up when this is near 0).
  const backlog = (await db.execute(sql`select count(*)::int as n from incident_work`)) as unknown as { rows: { n: number }[] };
  await service.stop();
  await events.close();

  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  const onRate = mean(onRates);
  const offRate = mean(offRates);
  const sorted = latencies.sort((x, y) => x - y);
  const load = os.loadavg().map((n) => n.toFixed(1)).join(" / ");
  return [
    { group: `incidents/${label}`, metric: `ingest, rules off (readings/s, ${DEVICES} devices, ${BATCH}/statement, ${WRITERS} writers)`, value: Math.round(offRate), unit: "readings/s" },
    { group: `incidents/${label}`, metric: "ingest, rules on (same run)", value: Math.round(onRate), unit: "readings/s", ratio: (onRate / offRate).toFixed(2), goal: "≥ 0.80" },
    { group: `incidents/${label}`, metric: "worker catching up after the last saturated phase", value: Math.round(catchUpMs), unit: "ms" },
    { group: `incidents/${label}`, metric: `reading committed → incident opened + e-mail queued, p50 / p95 (${sorted.length} probes, nominal load ${Math.round(paced.perS)} readings/s)`, value: `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 95))}`, unit: "ms", goal: "p95 ≤ 1,000 ms" },
    { group: `incidents/${label}`, metric: "incident_work rows left after the nominal phase / load average", value: `${backlog.rows[0]?.n ?? 0} / ${load}`, unit: "" },
  ];
}

export async function runIncidentsBench(): Promise<BenchRow[]> {
  const out = await withPglite((database) => run(database, "pglite"));
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) out.push(...(await withPostgres(postgresUrl, (database) => run(database, "postgres"))));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runIncidentsBench();
  for (const row of result) console.log(`${row.group}  ${row.metric}: ${row.value} ${row.unit}${row.ratio ? `  ratio ${row.ratio}` : ""}${row.goal ? `  (goal ${row.goal})` : ""}`);
  process.exit(0);
}
