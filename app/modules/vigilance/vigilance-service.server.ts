import type { Logger } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { refreshDueBaselines } from "./vigilance.server.ts";

// Vigilancia's background work in each instance (ADR 0021): the baselines recomputed when due
// (hourly while learning, every 6 hours once ready). Every instance runs the check every 10
// minutes; a per-device advisory lock and the due check inside it mean each baseline is computed
// once however many instances run. The intrusion evaluator is not here: the rules worker calls
// evaluateIntrusion after each ingest.

const EVERY_MS = 10 * 60_000;
const FIRST_MS = 45_000;

export function startVigilanceService(db: Db, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = refreshDueBaselines(db, new Date(), logger)
      .then((result) => {
        if (result.refreshed > 0) logger.info({ refreshed: result.refreshed }, "vigilance baselines recomputed");
      })
      .catch((error: unknown) => logger.error({ err: error }, "vigilance baselines failed"))
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, FIRST_MS);
  first.unref();
  const every = setInterval(tick, EVERY_MS);
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
