import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Logger } from "pino";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Database, Db } from "#app/db/client.server.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { startTelemetryEvents } from "./telemetry-events.server.ts";
import { defaultTelemetryClientId, startTelemetryConsumer, type TelemetryConsumer } from "./telemetry-mqtt.server.ts";
import { ensureTelemetryPartitions, purgeExpiredTelemetry } from "./telemetry-partitions.server.ts";

// Everything telemetry runs in the background of each instance (ADR 0015/0016): the partitions
// made before the first request, the hourly maintenance (ahead-of-time partitions, retention),
// the live-event listener and, with MQTT_URL, the MQTT consumer once the server listens.

const MAINTENANCE_MS = 60 * 60_000;

export type TelemetryService = {
  /** Starts the MQTT consumer (after listen). */
  startConsumer(port: number): void;
  close(): Promise<void>;
};

export async function startTelemetryService(database: Database, config: AppConfig, logger: Logger): Promise<TelemetryService> {
  const { db } = database;
  await ensureTelemetryPartitions(db);
  const events = await startTelemetryEvents(database, logger);
  const maintain = () =>
    void ensureTelemetryPartitions(db)
      .then(() => purgeExpiredTelemetry(db, { rawDays: config.TELEMETRY_RAW_DAYS, rollupDays: config.TELEMETRY_ROLLUP_DAYS }))
      .then((result) => {
        if (result.dropped.length > 0 || result.hourRowsDeleted > 0) logger.info({ ...result }, "telemetry past retention dropped");
      })
      .catch((error: unknown) => logger.error({ err: error }, "telemetry maintenance failed"));
  const first = setTimeout(maintain, 20_000);
  first.unref();
  const hourly = setInterval(maintain, MAINTENANCE_MS);
  hourly.unref();
  let consumer: TelemetryConsumer | null = null;
  const consuming = config.MQTT_URL !== undefined && config.MQTT_TELEMETRY === "on";
  const shareGroup = consuming ? await telemetryShareGroup(db, config) : "";
  return {
    startConsumer(port) {
      if (!config.MQTT_URL || !consuming || consumer) return;
      consumer = startTelemetryConsumer({
        db,
        url: config.MQTT_URL,
        clientId: config.MQTT_CLIENT_ID ?? defaultTelemetryClientId(os.hostname(), port),
        shareGroup,
        logger,
      });
    },
    async close() {
      clearTimeout(first);
      clearInterval(hourly);
      await consumer?.close();
      await events.close();
    },
  };
}

/**
 * The shared-subscription group of every instance: MQTT_SHARE_GROUP, else a random one generated
 * once and stored (ADR 0025). 144 bits of base64url: letters, digits, - and _, valid in a topic.
 */
export async function telemetryShareGroup(db: Db, config: Pick<AppConfig, "MQTT_SHARE_GROUP">): Promise<string> {
  if (config.MQTT_SHARE_GROUP) return config.MQTT_SHARE_GROUP;
  return getOrCreateSetting(db, "mqtt_share_group", () => `ns-${randomBytes(18).toString("base64url")}`);
}
