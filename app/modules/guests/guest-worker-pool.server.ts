import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { GuestWorkerJob } from "./guest-worker.server.ts";
import type { NormaliseResult } from "./signature-normalise.server.ts";
import type { SignedRegisterInput } from "./signed-register-pdf.ts";
import type { EvidencePdfMeta } from "../evidence/evidence-pdf.ts";
import type { EvidenceInput } from "../evidence/evidence.schema.ts";
import type { ForensicZipInput } from "../evidence/evidence-zip.ts";

// Guest bytes are decoded, and PDFs built, in worker threads (ADR 0013): one worker per kind of
// job, each doing one job at a time from a FIFO queue, with V8 heap limits, a deadline after
// which the worker is killed and replaced, and a bounded queue. Workers are started on first use
// and do not keep the process alive.
//
// Where the worker's code is: in development and tests this module is TypeScript source (tsx,
// Vite's dev server, Vitest), and the worker loads guest-worker.server.ts through tsx's require
// hook; in production it is bundled (build/server/index.js by Vite, build/node/main.js by
// esbuild) and the worker is build/node/guest-worker.js, emitted by scripts/build-server.mjs.

type PoolName = "signature" | "pdf";

const POOLS: Record<PoolName, { limits: ResourceLimits; deadlineMs: number }> = {
  // A signature is at most 1.2 Mpx (signature.ts): a few MB of buffers, outside V8's heap.
  signature: { limits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 }, deadlineMs: 15_000 },
  // pdf-lib and fontkit parse the fonts (a CJK collection is 17 MB) into JavaScript objects.
  pdf: { limits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 }, deadlineMs: 120_000 },
};
const MAX_QUEUE = 100;

export class GuestWorkerError extends Error {}

function workerEntry(): { file: string; evalCode: boolean } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) {
    const require = createRequire(import.meta.url);
    const code = `require(${JSON.stringify(require.resolve("tsx/cjs/api"))}).register();
require(${JSON.stringify(path.join(path.dirname(here), "guest-worker.server.ts"))});`;
    return { file: code, evalCode: true };
  }
  const dir = path.dirname(here);
  const candidates = [
    path.join(dir, "guest-worker.js"),
    path.join(dir, "..", "node", "guest-worker.js"),
    path.join(dir, "..", "..", "node", "guest-worker.js"),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new GuestWorkerError(`guest-worker.js not found next to ${here} (run npm run build)`);
  return { file: found, evalCode: false };
}

type Pending = { job: GuestWorkerJob; resolve(value: unknown): void; reject(error: Error): void };

class Pool {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: { id: number; pending: Pending; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  constructor(
    private readonly name: PoolName,
    private readonly limits: ResourceLimits,
    private readonly deadlineMs: number,
  ) {}

  run(job: GuestWorkerJob): Promise<unknown> {
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new GuestWorkerError(`${this.name} worker queue full`));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const entry = workerEntry();
    const worker = new Worker(entry.file, { eval: entry.evalCode, resourceLimits: this.limits, name: `guest-${this.name}` });
    worker.unref();
    worker.on("message", (message: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      if (!this.current || this.current.id !== message.id) return;
      const { pending, timer } = this.current;
      clearTimeout(timer);
      this.current = null;
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new GuestWorkerError(message.error ?? "worker job failed"));
      this.pump();
    });
    // Out of memory (resourceLimits), a crash: the job fails, the next one gets a new worker.
    worker.on("error", (error) => this.fail(worker, error));
    worker.on("exit", (code) => this.fail(worker, new GuestWorkerError(`${this.name} worker exited (${code})`)));
    return worker;
  }

  private fail(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.current) {
      clearTimeout(this.current.timer);
      this.current.pending.reject(error instanceof GuestWorkerError ? error : new GuestWorkerError(error.message));
      this.current = null;
    }
    this.pump();
  }

  private pump() {
    if (this.current || this.queue.length === 0) return;
    const pending = this.queue.shift()!;
    try {
      this.worker ??= this.spawn();
    } catch (error) {
      // No worker file: this job and every queued one fail the same way, now.
      pending.reject(error as Error);
      this.pump();
      return;
    }
    const worker = this.worker;
    const id = this.nextId++;
    const timer = setTimeout(() => {
      this.fail(worker, new GuestWorkerError(`${this.name} worker job took longer than ${this.deadlineMs} ms`));
      void worker.terminate();
    }, this.deadlineMs);
    timer.unref();
    this.current = { id, pending, timer };
    worker.postMessage({ id, job: pending.job });
  }
}

const pools = new Map<PoolName, Pool>();

function pool(name: PoolName): Pool {
  let found = pools.get(name);
  if (!found) {
    found = new Pool(name, POOLS[name].limits, POOLS[name].deadlineMs);
    pools.set(name, found);
  }
  return found;
}

/** A guest's PNG decoded within bounds and normalised (signature-normalise.server.ts), off the event loop. */
export async function normaliseSignatureOffThread(png: Uint8Array): Promise<NormaliseResult> {
  return (await pool("signature").run({ kind: "normalise-signature", png })) as NormaliseResult;
}

/** The signed register PDF (signed-register-pdf.ts), built off the event loop. */
export async function buildSignedRegisterPdfOffThread(input: SignedRegisterInput): Promise<Uint8Array> {
  return (await pool("pdf").run({ kind: "signed-register-pdf", input })) as Uint8Array;
}

/** An evidence report's PDF (evidence-pdf.ts), built off the event loop in the PDF worker. */
export async function buildEvidencePdfOffThread(input: EvidenceInput, meta: EvidencePdfMeta): Promise<Uint8Array> {
  return (await pool("pdf").run({ kind: "evidence-pdf", input, meta })) as Uint8Array;
}

/** An evidence report's forensic ZIP (evidence-zip.ts), built off the event loop in the PDF worker. */
export async function buildForensicZipOffThread(input: ForensicZipInput): Promise<Uint8Array> {
  return (await pool("pdf").run({ kind: "evidence-zip", input })) as Uint8Array;
}
