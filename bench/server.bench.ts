import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BenchRow, type BuiltServer, bareStartMs, load, replayableHeaders, rssMiB, startBareServer, startBuiltServer } from "./lib.ts";

/**
 * Where a start's time went, from the server's debug log (server/server.ts "start-up breakdown"):
 * "modules 780 · database 630 (openPglite 520, migrate 75) · auth 60 · …".
 */
function startupBreakdown(server: BuiltServer): string {
  const lines = server.logLines();
  const listening = lines.find((line) => typeof line.moduleLoadMs === "number");
  const steps = lines.find((line) => line.msg === "start-up breakdown")?.startup as Record<string, unknown> | undefined;
  if (!steps) return "(no breakdown logged)";
  const { databaseSteps, ...rest } = steps as { databaseSteps?: Record<string, number> } & Record<string, number>;
  const inner = databaseSteps ? ` (${Object.entries(databaseSteps).map(([k, v]) => `${k} ${v}`).join(", ")})` : "";
  const parts = Object.entries(rest).map(([k, v]) => (k === "database" ? `${k} ${v}${inner}` : `${k} ${v}`));
  return [`moduleLoad ${listening?.moduleLoadMs ?? "?"}`, ...parts].join(" · ");
}

const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;

/**
 * Cold start to healthy, idle and loaded RSS, and prerendered-page throughput next to a bare
 * node:http server sending the same bytes (autocannon on loopback, same run).
 */
export async function runServerBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // The floor any start pays: a bare node:http process from spawn to its first answer.
  const bare0 = await bareStartMs();
  const cold = await startBuiltServer({ LOG_LEVEL: "debug" });
  rows.push({
    group: "server",
    metric: "first start to healthy (empty DATA_DIR)",
    value: Math.round(cold.startupMs),
    unit: "ms",
    baseline: Math.round(bare0.ms),
    ratio: ratio(cold.startupMs, bare0.ms),
    goal: "≤ 4000 ms (PGlite)",
  });
  rows.push({ group: "server", metric: "first start breakdown (ms)", value: startupBreakdown(cold), unit: "" });
  await cold.stop();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-bench-"));
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMiB(server.pid);
  rows.push({ group: "server", metric: "idle RSS (PGlite)", value: idle, unit: "MiB", baseline: bare0.rssMiB, ratio: ratio(idle, bare0.rssMiB), goal: "≤ 300 MiB" });

  // autocannon asks for no compression, so both servers send the identity bytes.
  const page = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "identity" } });
  const body = Buffer.from(await page.arrayBuffer());
  const bare = await startBareServer(body, replayableHeaders(page));
  await load({ url: `${server.url}/`, duration: 2 }); // warm-up
  const ours = await load({ url: `${server.url}/` });
  const baseline = await load({ url: `${bare.url}/` });
  rows.push({
    group: "server",
    metric: `prerendered / (${body.length} B) req/s`,
    value: ours.rps,
    unit: "req/s",
    baseline: baseline.rps,
    ratio: Math.round((ours.rps / baseline.rps) * 100) / 100,
    goal: "≥ 0.9",
  });
  rows.push({ group: "server", metric: "loaded RSS (after page load)", value: rssMiB(server.pid), unit: "MiB" });

  // A server-rendered admin page: session lookup, guard, loader queries, render, CSP hashing.
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: "bench@nidosmart.test", password: "bench-pass-1" }),
  });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const admin = await load({ url: `${server.url}/admin/usuarios`, headers: { cookie }, connections: 8 });
  rows.push({ group: "server", metric: "SSR /admin/usuarios req/s (8 conn.)", value: admin.rps, unit: "req/s", goal: admin.non2xx ? `${admin.non2xx} non-2xx!` : "" });
  if (ours.errors || ours.non2xx) rows.push({ group: "server", metric: "page errors/non-2xx", value: ours.errors + ours.non2xx, unit: "count" });
  await bare.stop();
  await server.stop();

  // Restart on the same DATA_DIR: what a deploy or a crash recovery costs.
  const bare1 = await bareStartMs();
  const warm = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "debug" });
  rows.push({
    group: "server",
    metric: "restart to healthy (existing DATA_DIR)",
    value: Math.round(warm.startupMs),
    unit: "ms",
    baseline: Math.round(bare1.ms),
    ratio: ratio(warm.startupMs, bare1.ms),
    goal: "≤ 2000 ms (PGlite)",
  });
  rows.push({ group: "server", metric: "restart breakdown (ms)", value: startupBreakdown(warm), unit: "" });
  await warm.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) {
    const pgServer = await startBuiltServer({ DATABASE_URL: postgresUrl });
    rows.push({ group: "server", metric: "start to healthy on PostgreSQL", value: Math.round(pgServer.startupMs), unit: "ms" });
    await new Promise((r) => setTimeout(r, 1000));
    rows.push({ group: "server", metric: "idle RSS on PostgreSQL", value: rssMiB(pgServer.pid), unit: "MiB" });
    await pgServer.stop();
  }
  return rows;
}
