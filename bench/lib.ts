import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase, type Database } from "#app/db/client.server.ts";

// Shared helpers for the benchmarks. Every figure is printed next to a baseline measured in the
// same run, on the same machine, so the ratios mean something across machines.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type BuiltServer = {
  url: string;
  child: ChildProcess;
  pid: number;
  startupMs: number;
  dataDir: string;
  /** The server's JSON log lines so far (only with LOG_LEVEL=debug or info; warn by default). */
  logLines(): Record<string, unknown>[];
  stop(): Promise<void>;
};

/** Starts build/node/main.js as production would and waits until /healthz answers 200. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, [...(process.env.BENCH_SERVER_ARGS ? process.env.BENCH_SERVER_ARGS.split(" ") : []), "build/node/main.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dataDir, ADMIN_EMAIL: "bench@nidosmart.test", ADMIN_PASSWORD: "bench-pass-1", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  // Kept only while short: a load run at info level would log every request.
  child.stdout!.on("data", (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString("utf8");
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("bench server exited during start-up");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    child,
    pid: child.pid!,
    startupMs,
    dataDir,
    logLines() {
      return output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 32, duration: 5, pipelining: 1, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Milliseconds from spawning a bare node:http process to its first 200: the floor of any start. */
export async function bareStartMs(): Promise<{ ms: number; rssMiB: number }> {
  const port = await freePort();
  const started = performance.now();
  const code = `require("node:http").createServer((req, res) => res.end("ok")).listen(${port}, "127.0.0.1")`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1000));
  const rss = rssMiB(child.pid!);
  child.kill();
  await new Promise((r) => child.once("exit", r));
  return { ms, rssMiB: rss };
}

/**
 * A bare node:http server in its own process that answers every request with the given status,
 * headers and body: the same bytes on the wire as the response it is compared with.
 */
export async function startBareServer(body: Buffer, headers: Record<string, string>, status = 200): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `nidosmart-bare-${process.pid}-${port}`);
  fs.writeFileSync(file, body);
  const code = `
    const http = require("node:http"); const fs = require("node:fs");
    const body = fs.readFileSync(${JSON.stringify(file)});
    http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(${status}, { ...${JSON.stringify(headers)}, ${status === 204 ? "" : '"Content-Length": body.length'} });
        res.end(${status === 204 ? "" : "body"});
      });
    }).listen(${port}, "127.0.0.1", () => process.send && process.send("ready"));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  await new Promise((resolve) => child.once("message", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(file, { force: true });
    },
  };
}

export function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return "";
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [line(keys), line(widths.map((w) => "-".repeat(w))), ...rows.map((r) => line(keys.map((k) => String(r[k] ?? ""))))].join("\n");
}

export type BenchRow = { group: string; metric: string; value: number | string; unit: string; baseline?: number | string; ratio?: number | string; goal?: string };

/** The headers of a response worth replaying in a baseline (hop-by-hop and date ones left out). */
export function replayableHeaders(response: Response): Record<string, string> {
  // The body is replayed as received (decoded), so its encoding and length headers are not.
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "x-request-id", "content-encoding", "content-length"]);
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!skip.has(key)) out[key] = value;
  });
  return out;
}

/**
 * Runs `fn` on a fresh PGlite database in a temporary directory, removed afterwards; with the
 * server's buffer pool (PGLITE_SHARED_BUFFERS, else the default), so figures match production.
 */
export async function withPglite<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-db-bench-"));
  const database = await openDatabase({ kind: "pglite", dataDir: dir, sharedBuffers: process.env.PGLITE_SHARED_BUFFERS || undefined });
  try {
    return await fn(database);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` on a fresh PostgreSQL database created next to `adminUrl` and dropped afterwards. */
export async function withPostgres<T>(adminUrl: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const name = `nidosmart_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  try {
    return await fn(database);
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}
