import { parentPort } from "node:worker_threads";
import { buildEvidencePdf, type EvidencePdfMeta } from "../evidence/evidence-pdf.ts";
import type { EvidenceInput } from "../evidence/evidence.schema.ts";
import { buildForensicZip, type ForensicZipInput } from "../evidence/evidence-zip.ts";
import { normaliseSignaturePng } from "./signature-normalise.server.ts";
import { buildSignedRegisterPdf, type SignedRegisterInput } from "./signed-register-pdf.ts";

// The worker thread of guest-worker-pool.server.ts (ADR 0013): decodes guests' signatures and
// builds signed register PDFs, so neither runs on the event loop every request shares. Relative
// imports only: in development this file is loaded through tsx's require hook, in production
// from build/node/guest-worker.js (scripts/build-server.mjs).

export type GuestWorkerJob =
  | { kind: "normalise-signature"; png: Uint8Array }
  | { kind: "signed-register-pdf"; input: SignedRegisterInput }
  // Evidence reports (issue 21, ADR 0022) share the PDF worker: the PDF of a 6-hour window of
  // 10,000 readings takes seconds of CPU, which would otherwise stall every request.
  | { kind: "evidence-pdf"; input: EvidenceInput; meta: EvidencePdfMeta }
  | { kind: "evidence-zip"; input: ForensicZipInput };

type Message = { id: number; job: GuestWorkerJob };

async function run(job: GuestWorkerJob): Promise<unknown> {
  switch (job.kind) {
    case "normalise-signature":
      return normaliseSignaturePng(job.png);
    case "signed-register-pdf":
      return buildSignedRegisterPdf(job.input);
    case "evidence-pdf":
      return buildEvidencePdf(job.input, job.meta);
    case "evidence-zip":
      return buildForensicZip(job.input);
  }
}

parentPort?.on("message", ({ id, job }: Message) => {
  run(job).then(
    (result) => parentPort?.postMessage({ id, ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
