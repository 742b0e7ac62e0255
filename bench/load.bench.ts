import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type autocannon from "autocannon";
import { and, eq, like, sql } from "drizzle-orm";
import { openDatabase } from "#app/db/client.server.ts";
import { leads, pageVisits } from "#app/db/schema.ts";
import { type BenchRow, load, rssMiB, startBuiltServer, table } from "./lib.ts";

// Sustained mixed traffic against the production build: for LOAD_BENCH_SECONDS (60 by default)
// autocannon drives page views, visit beacons, lead form posts and signed-in admin pages on a
// fixed number of connections as fast as the server answers them, so the rate measured is the
// highest this machine sustains for that mix. Then the server is stopped (SIGTERM drains it),
// its DATA_DIR reopened, and every acknowledged write is looked for:
//   - lead posts answered 201 against rows in contact_submissions,
//   - beacons answered 204 against rows in page_visits.
// TRUST_PROXY is on and every write carries its own client IP, so the per-client limits (3
// leads per 5 minutes) do not turn the load into 429s.
//
//   npx tsx bench/load.bench.ts        # LOAD_BENCH_SECONDS=20 LOAD_BENCH_CONNECTIONS=32 to vary

type Kind = "page" | "beacon" | "lead" | "admin";
type Tally = Record<Kind, { sent: number; ok: number; status4xx: number; status5xx: number }>;

export type LoadBenchResult = {
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  tally: Tally;
  stored: { leads: number; beacons: number };
  acknowledged: { leads: number; beacons: number };
  lost: { leads: number; beacons: number };
  rssMiB: number;
};

const BEACON_PATH = "/wifi";

export async function measureLoad(options: { seconds?: number; connections?: number } = {}): Promise<LoadBenchResult> {
  const seconds = options.seconds ?? Number(process.env.LOAD_BENCH_SECONDS ?? 60);
  const fixedConnections = options.connections ?? (process.env.LOAD_BENCH_CONNECTIONS ? Number(process.env.LOAD_BENCH_CONNECTIONS) : null);
  // Our own DATA_DIR: startBuiltServer removes the one it makes on stop, and the rows are counted after.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-load-"));
  const server = await startBuiltServer({ TRUST_PROXY: "true", DATA_DIR: dataDir });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "bench@nidosmart.test", password: "bench-pass-1" }),
    });
    if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    const emptyTally = (): Tally => ({
      page: { sent: 0, ok: 0, status4xx: 0, status5xx: 0 },
      beacon: { sent: 0, ok: 0, status4xx: 0, status5xx: 0 },
      lead: { sent: 0, ok: 0, status4xx: 0, status5xx: 0 },
      admin: { sent: 0, ok: 0, status4xx: 0, status5xx: 0 },
    });
    let tally = emptyTally();
    // The e-mail of every lead answered 201, to find each one afterwards. One request at a time
    // per connection (no pipelining), so a response belongs to the connection's last request.
    let phase = "warm";
    const ackedEmails: string[] = [];
    let beaconsAcked = 0; // every phase: the warm-up's and the probes' beacons are stored too
    const count = (kind: Kind, okStatus: number) => (status: number) => {
      const t = tally[kind];
      if (kind === "beacon" && status === okStatus) beaconsAcked++;
      if (status === okStatus) t.ok++;
      else if (status >= 500) t.status5xx++;
      else if (status >= 400) t.status4xx++;
    };
    let seq = 0;
    const ip = () => {
      seq++;
      return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
    };
    const page = (p: string): autocannon.Request => ({
      method: "GET",
      path: p,
      setupRequest: (req) => (tally.page.sent++, req),
      onResponse: count("page", 200),
    });
    const admin = (p: string): autocannon.Request => ({
      method: "GET",
      path: p,
      headers: { cookie },
      setupRequest: (req) => (tally.admin.sent++, req),
      onResponse: count("admin", 200),
    });
    const beacon: autocannon.Request = {
      method: "POST",
      path: "/api/visits",
      setupRequest: (req) => {
        tally.beacon.sent++;
        return { ...req, headers: { "content-type": "text/plain", "x-forwarded-for": ip() }, body: JSON.stringify({ page_path: BEACON_PATH, referrer: "https://www.google.com/" }) };
      },
      onResponse: count("beacon", 204),
    };
    const lead: autocannon.Request = {
      method: "POST",
      path: "/api/leads",
      setupRequest: (req, context) => {
        tally.lead.sent++;
        const email = `load-${phase}-${seq + 1}@bench.nidosmart.test`;
        (context as { email?: string }).email = email;
        return {
          ...req,
          headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": ip() },
          body: JSON.stringify({
            form: "modal",
            name: "Carga Sostenida",
            email,
            phone: "+34 600 000 000",
            owner_type: "company",
            message: "Prueba de carga sostenida: quiero información.",
            source: "hero-cta",
          }),
        };
      },
      onResponse: (status, _body, context) => {
        count("lead", 201)(status);
        if (status === 201 && phase === "main") ackedEmails.push((context as { email: string }).email);
      },
    };
    // One cycle per connection: 4 page views, 3 beacons, 1 lead, 2 admin pages.
    const requests = [page("/"), beacon, page("/contacto"), beacon, lead, page("/ns-01"), admin("/admin"), beacon, page("/wifi"), admin("/admin/usuarios")];

    await load({ url: server.url, duration: 3, requests }); // warm-up: JIT, caches, plans
    // The highest sustained rate: a short run per connection count, the best one held for the full time.
    let connections = fixedConnections ?? 0;
    if (fixedConnections === null) {
      let best = 0;
      for (const candidate of [8, 16, 32, 64]) {
        const probe = await load({ url: server.url, duration: 5, connections: candidate, requests });
        if (probe.rps > best * 1.03) [best, connections] = [probe.rps, candidate];
      }
    }
    tally = emptyTally();
    phase = "main";
    const result = await load({ url: server.url, duration: seconds, connections, requests });
    // Requests sent as the clock ran out are answered after autocannon stopped listening: wait for them.
    await new Promise((r) => setTimeout(r, 2000));
    const rss = rssMiB(server.pid);
    await server.stop(); // SIGTERM: drains, flushes queued beacons, closes the database

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const storedEmails = new Set(
        (await database.db.select({ email: leads.email }).from(leads).where(like(leads.email, "load-main-%@bench.nidosmart.test"))).map((l) => l.email),
      );
      const missingLeads = ackedEmails.filter((email) => !storedEmails.has(email)).length;
      const [storedBeacons] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(pageVisits)
        .where(and(eq(pageVisits.pagePath, BEACON_PATH), eq(pageVisits.referrerHost, "www.google.com")));
      // Beacons carry no identity: counted. Those of the warm-up and probes are stored too.
      const stored = { leads: storedEmails.size, beacons: storedBeacons!.n };
      const beaconCount = beaconsAcked;
      return {
        seconds,
        connections,
        requests: Object.values(tally).reduce((sum, t) => sum + t.ok + t.status4xx + t.status5xx, 0),
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors,
        tally,
        stored,
        acknowledged: { leads: ackedEmails.length, beacons: beaconsAcked },
        lost: { leads: missingLeads, beacons: Math.max(0, beaconCount - stored.beacons) },
        rssMiB: rss,
      };
    } finally {
      await database.close();
    }
  } finally {
    if (server.child.exitCode === null) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runLoadBench(): Promise<BenchRow[]> {
  const r = await measureLoad();
  const fivexx = Object.values(r.tally).reduce((sum, t) => sum + t.status5xx, 0);
  const group = "load";
  const mix = (Object.keys(r.tally) as Kind[]).map((k) => `${k} ${r.tally[k].ok}`).join(", ");
  return [
    { group, metric: `mixed traffic, ${r.seconds} s, ${r.connections} connections: sustained rate`, value: r.rps, unit: "req/s" },
    { group, metric: "latency p50 / p99", value: `${r.p50} / ${r.p99}`, unit: "ms" },
    { group, metric: `answered (${mix})`, value: r.requests, unit: "req" },
    { group, metric: "5xx answers", value: fivexx, unit: "count", goal: "0" },
    { group, metric: "4xx answers (all kinds)", value: Object.values(r.tally).reduce((s, t) => s + t.status4xx, 0), unit: "count", goal: "0" },
    { group, metric: "socket errors / timeouts", value: r.errors, unit: "count", goal: "0" },
    { group, metric: "lead posts: acknowledged → found by e-mail", value: `${r.acknowledged.leads} → ${r.acknowledged.leads - r.lost.leads}`, unit: "rows", goal: `lost ${r.lost.leads}` },
    { group, metric: "beacons (all phases): acknowledged → stored", value: `${r.acknowledged.beacons} → ${r.stored.beacons}`, unit: "rows", goal: `lost ${r.lost.beacons}` },
    { group, metric: "RSS at the end of the load", value: r.rssMiB, unit: "MiB" },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await runLoadBench();
  console.log(table(rows.map((r) => ({ group: r.group, metric: r.metric, value: `${r.value} ${r.unit}`, goal: r.goal ?? "" }))));
  const failed = rows.some((r) => (r.metric === "5xx answers" && r.value !== 0) || String(r.goal ?? "").startsWith("lost ") && r.goal !== "lost 0");
  if (failed) process.exitCode = 1;
}
