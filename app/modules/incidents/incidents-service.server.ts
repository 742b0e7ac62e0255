import type { Logger } from "pino";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { doorGatewayFromEnv } from "#app/modules/door/door-gateway.server.ts";
import { kickMailWorker } from "#app/modules/mail/mail-service.server.ts";
import { subscribeTelemetry } from "#app/modules/telemetry/telemetry-events.server.ts";
import {
  claimIncidentWork,
  engineSettingsFrom,
  processIncidentWork,
  runIncidentEscalations,
  runOfflineSweep,
  type DeviceWarning,
  type EngineSettings,
  type RangeHook,
  type StepOutcome,
} from "./incidents-engine.server.ts";

export type { RangeHook } from "./incidents-engine.server.ts";

// The incidents worker of each instance (ADR 0024). Woken by every committed telemetry batch
// (the LISTEN fan-out, whichever instance stored it) and by a poll every few seconds, it drains
// incident_work (claims are SKIP LOCKED with a lease: instances split the devices), runs the
// escalations that are due (a due-time query: a restart loses no timer) and, at least every
// 30 s, the offline sweep (one instance at a time, an advisory lock).

export const INCIDENTS_POLL_MS = 2_000;
/** Devices claimed and evaluated per transaction. */
const BATCH = 200;

export type DeviceWarner = (warning: DeviceWarning) => Promise<void>;

export type IncidentsService = {
  /** One full pass now (tests, and the wake-up). */
  kick(): void;
  /** Resolves once the passes queued so far are done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export function offlineSweepEveryMs(offlineAfterS: number): number {
  // At least every 30 s; more often when the threshold is shorter (tests), never below 1 s.
  return Math.max(1_000, Math.min(30_000, Math.floor((offlineAfterS * 1000) / 3)));
}

export function startIncidentsService(
  database: Database,
  config: AppConfig,
  logger: Logger,
  options: { rangeHooks?: RangeHook[]; warner?: DeviceWarner; settings?: EngineSettings } = {},
): IncidentsService {
  const { db } = database;
  const settings = options.settings ?? engineSettingsFrom(config);
  const warner = options.warner ?? deviceWarnerFromConfig(config, logger);
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let stopped = false;
  let lastSweep = 0;
  const sweepEvery = offlineSweepEveryMs(settings.offlineAfterS);

  const after = (outcome: StepOutcome) => {
    if (outcome.mailQueued > 0) kickMailWorker(db);
    for (const warning of outcome.warnings) {
      void warner(warning).catch((error: unknown) => logger.warn({ err: error, deviceId: warning.deviceId }, "incidents: the aviso command could not be sent"));
    }
    if (outcome.opened.length > 0 || outcome.escalated.length > 0) logger.info({ opened: outcome.opened.length, escalated: outcome.escalated.length, resolved: outcome.resolved.length }, "incidents updated");
  };

  const pass = async () => {
    for (;;) {
      if (stopped) return;
      const claimed = await claimIncidentWork(db, BATCH);
      if (claimed.length === 0) break;
      try {
        after(await processIncidentWork(db, claimed, { settings, hooks: options.rangeHooks }));
      } catch (error) {
        // One device's failure must not hold the others: evaluate them one by one; a device that
        // fails alone keeps its row, taken again when the lease runs out.
        logger.warn({ err: error, devices: claimed.length }, "incidents: a batch failed, evaluating its devices one by one");
        for (const work of claimed) {
          if (stopped) return;
          try {
            after(await processIncidentWork(db, work, { settings, hooks: options.rangeHooks }));
          } catch (single) {
            logger.error({ err: single, deviceId: work.deviceId }, "incidents: evaluating a device failed");
          }
        }
      }
      if (claimed.length < BATCH) break;
    }
    after(await runIncidentEscalations(db, settings));
    if (Date.now() - lastSweep >= sweepEvery) {
      lastSweep = Date.now();
      after(await runOfflineSweep(db, settings));
    }
  };

  const kick = () => {
    if (stopped) return;
    if (again) return;
    again = true;
    running = running.then(async () => {
      again = false;
      try {
        await pass();
      } catch (error) {
        logger.error({ err: error }, "incidents worker failed");
      }
    });
  };

  const unsubscribe = subscribeTelemetry((event) => {
    if (event.propertyId) kick();
  });
  const timer = setInterval(kick, INCIDENTS_POLL_MS);
  timer.unref();
  kick();

  return {
    kick,
    async idle() {
      let seen: Promise<void> | undefined;
      while (seen !== running) {
        seen = running;
        await running;
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}

// ---------------------------------------------------------------- the `aviso` command

/**
 * The device is asked to flash and beep (docs/DEVICE-PROTOCOL.md, `aviso`): published on its
 * command topic, QoS 1, with an expiry; nothing waits for the ack (the e-mail is the record).
 * It goes through the device-command gateway of the door and the siren (one MQTT client per
 * process, shared per configuration). Without MQTT_URL there is no device to reach: the
 * timeline says it was asked, nothing leaves.
 */
export function deviceWarnerFromConfig(config: AppConfig, logger: Logger): DeviceWarner {
  const url = config.MQTT_URL;
  if (!url) return async (warning) => logger.debug({ deviceId: warning.deviceId }, "incidents: no MQTT_URL, aviso not sent");
  // The configuration's broker, with the rest of the gateway's settings read as the door routes
  // read them: in a server both come from the same environment, so this is their gateway.
  const gateway = doorGatewayFromEnv({ ...process.env, MQTT_URL: url }, logger);
  return (warning) => gateway.publish(warning.deviceId, "aviso", avisoFields(warning), { expiresInMs: AVISO_EXPIRES_MS });
}

export const AVISO_DURATION_S = 30;
export const AVISO_EXPIRES_MS = 60_000;

/** What the `aviso` command carries beside the gateway's id, command, issuedAt and expiresAt. */
export function avisoFields(warning: DeviceWarning): Record<string, unknown> {
  return {
    reason: warning.type,
    incidentId: warning.incidentId,
    duration_s: AVISO_DURATION_S,
    ...(warning.measured !== null ? { measured: Math.round(warning.measured * 10) / 10 } : {}),
    ...(warning.threshold !== null ? { threshold: warning.threshold } : {}),
  };
}
