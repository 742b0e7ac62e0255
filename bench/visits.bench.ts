import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#app/db/client.server.ts";
import { type BenchRow, replayableHeaders, startBareServer, startBuiltServer, table } from "./lib.ts";

// Visit beacons under load: POST /api/visits on the production server (build/node/main.js, its own
// process, loopback) next to a bare node:http server that reads the body and answers the same 204,
// in the same run. Every acknowledged beacon is a committed one (group commit), so the figure is
// durable writes per second. A third run posts staff-path beacons, which the same route answers
// without storing: the floor the HTTP stack sets before any storage. Each runs at 32 connections
// (latency-bound: a client waits for its commit) and 256 (many browsers at once). Afterwards the
// stored rows are counted against the acknowledgements.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (in a throwaway database).
//
//   npm run build && npx tsx bench/visits.bench.ts

const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGES = ["/", "/wifi", "/faq", "/comparador", "/contacto", "/hoteles", "/coliving", "/ns-01", "/casos-exito", "/apartamentos-turisticos-madrid"];
const REFERRERS = ["https://www.google.es/", "", "https://www.bing.com/search?q=nidosmart", ""];

export type VisitsBenchOptions = {
  /** Seconds of measured load per server; default 5. */
  duration?: number;
  /** Concurrent connections, one run each: 32 (latency-bound, like the other benches) and 256 (many browsers). */
  connectionCounts?: number[];
  /** Overrides TEST_DATABASE_URL; null skips PostgreSQL. */
  postgresUrl?: string | null;
  log?: (line: string) => void;
};

const beaconFor = (page_path: string, i: number) => ({
  method: "POST" as const,
  path: "/api/visits",
  headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
  body: JSON.stringify({ page_path, referrer: REFERRERS[i % REFERRERS.length] }),
});
const beaconRequests = PAGES.map(beaconFor);
// The same request for a staff path: parsed and answered 204 without touching the database, so
// it measures what the HTTP stack and the route cost before any storage.
const untrackedRequests = PAGES.map((page, i) => beaconFor(`/admin${page}`, i));

type StoredCounts = { rows: number; rolledUp: number };

type AutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
};
// autocannon ships no types; this bench needs the exact 2xx count, so it calls it directly.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<AutocannonResult>;

type Load = { rps: number; p50: number; p99: number; failures: number; acknowledged: number };

async function beacons(url: string, duration: number, connections: number, requests = beaconRequests): Promise<Load> {
  const result = await autocannon({ url, requests, duration, connections, pipelining: 1 });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    acknowledged: result["2xx"],
  };
}

async function measure(
  label: string,
  env: Record<string, string>,
  countStored: () => Promise<StoredCounts>,
  { duration, connectionCounts }: { duration: number; connectionCounts: number[] },
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const server = await startBuiltServer(env);
  let stopped = false;
  const rows: BenchRow[] = [];
  try {
    const probe = await fetch(`${server.url}/api/visits`, beaconRequests[0]!);
    if (probe.status !== 204) throw new Error(`beacon probe answered ${probe.status}: ${await probe.text()}`);
    let acknowledged = 1;
    let failures = 0;
    const bare = await startBareServer(Buffer.alloc(0), replayableHeaders(probe), 204);
    try {
      log(`[${label}] warm-up…`);
      const warm = await beacons(server.url, 2, connectionCounts[0]!);
      acknowledged += warm.acknowledged;
      failures += warm.failures;
      for (const connections of connectionCounts) {
        log(`[${label}] ${connections} connections: ${duration} s of beacons, of staff-path beacons, of the bare server…`);
        const ours = await beacons(server.url, duration, connections);
        const floor = await beacons(server.url, duration, connections, untrackedRequests);
        const baseline = await beacons(bare.url, duration, connections);
        acknowledged += ours.acknowledged;
        failures += ours.failures + floor.failures;
        const ratio = (n: number) => Math.round((n / baseline.rps) * 100) / 100;
        rows.push(
          {
            group: "visits",
            metric: `${label}, ${connections} conn.: POST /api/visits`,
            value: ours.rps,
            unit: "req/s",
            baseline: baseline.rps,
            ratio: ratio(ours.rps),
            goal: "≥ 0.3",
          },
          {
            group: "visits",
            metric: `${label}, ${connections} conn.: same route, staff path (no database)`,
            value: floor.rps,
            unit: "req/s",
            baseline: baseline.rps,
            ratio: ratio(floor.rps),
          },
          {
            group: "visits",
            metric: `${label}, ${connections} conn.: latency p50 / p99`,
            value: `${ours.p50} / ${ours.p99}`,
            unit: "ms",
            baseline: `${baseline.p50} / ${baseline.p99}`,
          },
        );
      }
    } finally {
      await bare.stop();
    }
    // A clean stop lets in-flight batches commit; then count what is on disk.
    await server.stop();
    stopped = true;
    const stored = await countStored();
    rows.push(
      { group: "visits", metric: `${label}: errors or non-204 answers`, value: failures, unit: "", goal: "0" },
      // Every acknowledged beacon is stored (a few more may have committed as a run stopped with
      // requests in flight), and every stored human visit is in the rollup exactly once.
      {
        group: "visits",
        metric: `${label}: acknowledged / stored / rolled up`,
        value: `${acknowledged} / ${stored.rows} / ${stored.rolledUp}`,
        unit: "visits",
        goal: "ack ≤ stored = rolled up",
      },
    );
    return rows;
  } finally {
    if (!stopped) await server.stop();
  }
}

async function countIn(execute: (query: ReturnType<typeof sql>) => Promise<unknown>): Promise<StoredCounts> {
  const first = (result: unknown) => Number((result as { rows: { n: unknown }[] }).rows[0]!.n);
  return {
    rows: first(await execute(sql`select count(*)::int as n from page_visits`)),
    rolledUp: first(await execute(sql`select coalesce(sum(visits), 0)::int as n from page_visit_daily`)),
  };
}

export async function runVisitsBench(options: VisitsBenchOptions = {}): Promise<BenchRow[]> {
  const duration = options.duration ?? Number(process.env.VISITS_BENCH_SECONDS ?? 5);
  const connectionCounts = options.connectionCounts ?? [32, 256];
  const log = options.log ?? ((line: string) => console.error(line));
  const postgresUrl = options.postgresUrl === undefined ? (process.env.TEST_DATABASE_URL ?? null) : options.postgresUrl;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-visits-bench-"));
  const rows: BenchRow[] = [];
  try {
    const countPglite = async () => {
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        return await countIn((query) => database.db.execute(query));
      } finally {
        await database.close();
      }
    };
    rows.push(...(await measure("PGlite", { DATA_DIR: dataDir }, countPglite, { duration, connectionCounts }, log)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (postgresUrl) {
    const name = `nidosmart_bench_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      const countPostgres = async () => {
        const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
        try {
          return await countIn((query) => database.db.execute(query));
        } finally {
          await database.close();
        }
      };
      rows.push(...(await measure("PostgreSQL", { DATABASE_URL: url.toString() }, countPostgres, { duration, connectionCounts }, log)));
    } finally {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  } else {
    log("[PostgreSQL] skipped: set TEST_DATABASE_URL to include it");
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await runVisitsBench();
  console.log(
    `\n${table(rows.map((r) => ({ metric: r.metric, value: `${r.value} ${r.unit}`, baseline: r.baseline ?? "", ratio: r.ratio ?? "", goal: r.goal ?? "" })))}`,
  );
}
