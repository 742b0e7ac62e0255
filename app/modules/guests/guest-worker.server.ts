import { parentPort } from "node:worker_threads";
import { normaliseSignaturePng } from "./signature-normalise.server.ts";
import { buildSignedRegisterPdf, type SignedRegisterInput } from "./signed-register-pdf.ts";

// The worker thread of guest-worker-pool.server.ts (ADR 0013): decodes guests' signatures and
// builds signed register PDFs, so neither runs on the event loop every request shares. Relative
// imports only: in development this file is loaded through tsx's require hook, in production
// from build/node/guest-worker.js (scripts/build-server.mjs).

export type GuestWorkerJob =
  | { kind: "normalise-signature"; png: Uint8Array }
  | { kind: "signed-register-pdf"; input: SignedRegisterInput };

type Message = { id: number; job: GuestWorkerJob };

async function run(job: GuestWorkerJob): Promise<unknown> {
  switch (job.kind) {
    case "normalise-signature":
      return normaliseSignaturePng(job.png);
    case "signed-register-pdf":
      return buildSignedRegisterPdf(job.input);
  }
}

parentPort?.on("message", ({ id, job }: Message) => {
  run(job).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
