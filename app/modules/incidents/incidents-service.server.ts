import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type * as mqtt from "mqtt";
import type { Logger } from "pino";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { commandTopic } from "#app/modules/door/door-gateway.server.ts";
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
      await closeWarner?.();
    },
  };
}

// ---------------------------------------------------------------- the `aviso` command

let closeWarner: (() => Promise<void>) | null = null;
const warners = new Map<string, { warn: DeviceWarner; close(): Promise<void> }>();

/**
 * The device is asked to flash and beep (docs/DEVICE-PROTOCOL.md, `aviso`): published on its
 * command topic, QoS 1, with an expiry; nothing waits for the ack (the e-mail is the record).
 * Without MQTT_URL there is no device to reach: the timeline says it was asked, nothing leaves.
 */
export function deviceWarnerFromConfig(config: AppConfig, logger: Logger): DeviceWarner {
  const url = config.MQTT_URL;
  if (!url) return async (warning) => logger.debug({ deviceId: warning.deviceId }, "incidents: no MQTT_URL, aviso not sent");
  let entry = warners.get(url);
  if (!entry) {
    const { connect } = createRequire(import.meta.url)("mqtt") as typeof mqtt;
    const client = connect(url, { clientId: `nidosmart-incidents-${randomUUID().slice(0, 8)}`, clean: true, reconnectPeriod: 2_000, queueQoSZero: false });
    client.on("error", (error) => logger.warn({ err: error }, "incidents: MQTT connection error"));
    entry = {
      warn: (warning) =>
        new Promise<void>((resolve, reject) => {
          const issuedAt = new Date();
          const message = JSON.stringify(avisoMessage(warning, issuedAt));
          client.publish(commandTopic(warning.deviceId), message, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
        }),
      close: () => client.endAsync(true),
    };
    warners.set(url, entry);
    closeWarner = async () => {
      const all = [...warners.values()];
      warners.clear();
      await Promise.all(all.map((w) => w.close().catch(() => {})));
    };
  }
  return entry.warn;
}

export const AVISO_DURATION_S = 30;
export const AVISO_EXPIRES_MS = 60_000;

/** The `aviso` command as the device receives it. */
export function avisoMessage(warning: DeviceWarning, issuedAt: Date): Record<string, unknown> {
  return {
    id: randomUUID(),
    command: "aviso",
    reason: warning.type,
    incidentId: warning.incidentId,
    duration_s: AVISO_DURATION_S,
    ...(warning.measured !== null ? { measured: Math.round(warning.measured * 10) / 10 } : {}),
    ...(warning.threshold !== null ? { threshold: warning.threshold } : {}),
    issuedAt: issuedAt.toISOString(),
    expiresAt: new Date(issuedAt.getTime() + AVISO_EXPIRES_MS).toISOString(),
  };
}
