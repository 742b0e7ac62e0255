import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type * as mqtt from "mqtt";
import type { Logger } from "pino";
import type { Db } from "#app/db/client.server.ts";
import { DEVICE_ID_PATTERN } from "#app/modules/door/door.schema.ts";
import { MQTT_MAX_PACKET_BYTES, parseTelemetryBody, TELEMETRY_LIMITS } from "./telemetry.schema.ts";
import { findTelemetryDevice, ingestBatches, type DeviceBatch, type TelemetryDevice } from "./telemetry.server.ts";

// The MQTT telemetry consumer (ADR 0016). Devices publish the same JSON as the HTTP body on
// nidosmart/devices/{deviceId}/telemetry at QoS 1; every instance subscribes through the shared
// subscription $share/{group}/…, so the broker hands each message to ONE of them. The group is a
// secret (ADR 0025): a client that joined it would take its round-robin share of the stream.
//
// At-least-once, never lost: a message is acknowledged (PUBACK) only after the statement that
// stores it has committed. The session is persistent (clean: false, a stable client id), so after
// a crash the broker redelivers what was not acknowledged, and the primary key (device, ts) makes
// the redelivery a duplicate. Invalid messages are acknowledged and dropped (a redelivery would
// be just as invalid), with a note on …/telemetry/rejected for the firmware team.
//
// Throughput: mqtt.js processes incoming packets one at a time and its customHandleAcks callback
// both acknowledges and releases the next packet, so deferring it would store one message per
// commit. Instead the callback returns at once and this module holds back the PUBACK itself
// (wrapping the client's packet writer), so messages keep flowing into a group commit of up to
// 500 readings while their acknowledgements wait for it. The broker's in-flight window is
// MQTT 5's Receive Maximum, set here.

export const TELEMETRY_TOPIC_PREFIX = "nidosmart/devices";
/** The group every deployment used before it became a stored secret (ADR 0025). */
export const LEGACY_SHARE_GROUP = "nidosmart";
export const telemetryTopic = (deviceId: string) => `${TELEMETRY_TOPIC_PREFIX}/${deviceId}/telemetry`;
export const rejectedTopic = (deviceId: string) => `${TELEMETRY_TOPIC_PREFIX}/${deviceId}/telemetry/rejected`;
export const sharedSubscription = (group: string) => `$share/${group}/${TELEMETRY_TOPIC_PREFIX}/+/telemetry`;

const RECEIVE_MAXIMUM = 4_000;
const FLUSH_READINGS = TELEMETRY_LIMITS.maxReadings;
const FLUSH_DELAY_MS = 5;
const MAX_FLUSHES = 2;
const DEVICE_RECHECK_MS = 5_000;
/** How long the broker keeps a crashed instance's session (and its unacknowledged messages). */
const SESSION_EXPIRY_S = 3_600;

export type TelemetryConsumerOptions = {
  db: Db;
  url: string;
  /** Stable across restarts of this instance, distinct between instances (persistent session). */
  clientId: string;
  /** The shared-subscription group: every instance of one deployment uses the same one (a secret). */
  shareGroup: string;
  logger?: Logger;
};

export type TelemetryConsumer = { close(): Promise<void>; readonly connected: boolean };

type Queued = { batch: DeviceBatch; resolve: () => void };
type PacketWriter = (packet: { cmd: string; messageId?: number }, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

export function startTelemetryConsumer(options: TelemetryConsumerOptions): TelemetryConsumer {
  const { db, logger } = options;
  const { connect } = createRequire(import.meta.url)("mqtt") as typeof mqtt;
  let closed = false;

  // ------------------------------------------------ devices (cached briefly, like the HTTP auth)
  const devices = new Map<string, { device: TelemetryDevice | null; at: number; loading?: Promise<TelemetryDevice | null> }>();
  async function device(id: string): Promise<TelemetryDevice | null> {
    const entry = devices.get(id);
    if (entry && Date.now() - entry.at < DEVICE_RECHECK_MS) return entry.device;
    if (entry?.loading) return entry.loading;
    const loading = findTelemetryDevice(db, id).then((row) => {
      const found = row ? { id: row.id, key: row.key, propertyId: row.propertyId } : null;
      if (devices.size > 20_000) devices.clear();
      devices.set(id, { device: found, at: Date.now() });
      return found;
    });
    devices.set(id, { device: entry?.device ?? null, at: entry?.at ?? 0, loading });
    return loading;
  }

  // ------------------------------------------------ group commit
  const queue: Queued[] = [];
  let queuedReadings = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing = 0;
  const inFlight = new Set<Promise<void>>();

  function enqueue(batch: DeviceBatch): Promise<void> {
    return new Promise((resolve) => {
      queue.push({ batch, resolve });
      queuedReadings += batch.readings.length;
      schedule();
    });
  }
  function schedule() {
    if (queue.length === 0 || flushing >= MAX_FLUSHES) return;
    if (queuedReadings >= FLUSH_READINGS) {
      clearTimeout(timer);
      timer = undefined;
      flush();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        flush();
      }, FLUSH_DELAY_MS);
    }
  }
  function flush() {
    if (queue.length === 0 || flushing >= MAX_FLUSHES) return;
    const taken: Queued[] = [];
    let count = 0;
    while (queue.length > 0 && (taken.length === 0 || count + queue[0].batch.readings.length <= FLUSH_READINGS)) {
      const item = queue.shift()!;
      taken.push(item);
      count += item.batch.readings.length;
    }
    queuedReadings -= count;
    flushing++;
    const run = (async () => {
      // A failed statement stored nothing: try again until it commits (the broker stops sending
      // once Receive Maximum messages wait unacknowledged) or until shutdown, when the messages
      // stay unacknowledged and the broker redelivers them.
      for (let attempt = 0; !closed || attempt === 0; attempt++) {
        try {
          const results = await ingestBatches(
            db,
            taken.map((t) => t.batch),
          );
          for (const t of taken) t.resolve();
          const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
          logger?.debug({ messages: taken.length, accepted, duplicates: count - accepted }, "telemetry MQTT: batch stored");
          return;
        } catch (error) {
          logger?.error({ err: error, readings: count }, "telemetry MQTT: storing failed, retrying");
          await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)));
        }
      }
    })().finally(() => {
      flushing--;
      inFlight.delete(run);
      schedule();
    });
    inFlight.add(run);
  }

  // ------------------------------------------------ one message
  async function handle(topic: string, payload: Buffer): Promise<void> {
    const deviceId = topic.slice(TELEMETRY_TOPIC_PREFIX.length + 1, -"/telemetry".length);
    if (!DEVICE_ID_PATTERN.test(deviceId)) return;
    const reject = (error: string, extra: Record<string, unknown> = {}) => {
      logger?.warn({ deviceId, error, ...extra }, "telemetry MQTT: message refused");
      client.publish(rejectedTopic(deviceId), JSON.stringify({ error, ...extra }), { qos: 0 });
    };
    if (payload.length > TELEMETRY_LIMITS.maxBodyBytes) return reject("El mensaje supera 256 kB.");
    let body: unknown;
    try {
      body = JSON.parse(payload.toString("utf8"));
    } catch {
      return reject("El mensaje no es JSON válido.");
    }
    const parsed = parseTelemetryBody(body);
    if (!parsed.ok) return reject(parsed.error, { index: parsed.index, field: parsed.field });
    const found = await device(deviceId);
    if (!found) return reject("Dispositivo desconocido: regístralo en Dispositivos.");
    await enqueue({ device: found, readings: parsed.readings });
  }

  // ------------------------------------------------ the connection
  const pending = new Map<number, { work: Promise<void>; stream: unknown }>();
  const client: mqtt.MqttClient = connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: false,
    // maximumPacketSize: the broker must not send this client anything larger (MQTT 5), so an
    // oversized publish never reaches the server's memory even when the broker lets it in.
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S, receiveMaximum: RECEIVE_MAXIMUM, maximumPacketSize: MQTT_MAX_PACKET_BYTES },
    // Short: after a broker restart, what devices publish before this client subscribes again is
    // refused to them with PUBACK reason 16 and resent (ADR 0016); the sooner, the fewer resends.
    reconnectPeriod: 500,
    connectTimeout: 10_000,
    // Subscribe again on EVERY connection, session present or not (the "connect" handler below).
    // mqtt.js's own resubscription runs only when the broker says it has no session, and it
    // turns a repeated subscribe() into a no-op; but Mosquitto 2.0.11 restores a persistent
    // session after a restart WITHOUT its shared subscription, so the consumer would hear
    // nothing more until its own restart (tests/faults/mqtt-broker-faults.test.ts).
    resubscribe: false,
    customHandleAcks(topic, message, packet, done) {
      const messageId = packet.messageId;
      if (messageId !== undefined && packet.qos === 1) {
        const work = handle(topic, message).catch((error: unknown) => {
          logger?.error({ err: error, topic }, "telemetry MQTT: message failed");
          throw error;
        });
        pending.set(messageId, { work, stream: client.stream });
      } else {
        void handle(topic, message).catch(() => {});
      }
      done(0);
    },
  });
  const writePacket = (client as unknown as { _sendPacket: PacketWriter })._sendPacket.bind(client);
  (client as unknown as { _sendPacket: PacketWriter })._sendPacket = (packet, cb, ...rest) => {
    const held = packet.cmd === "puback" && packet.messageId !== undefined ? pending.get(packet.messageId) : undefined;
    if (!held) return writePacket(packet, cb, ...rest);
    pending.delete(packet.messageId!);
    cb?.();
    held.work.then(
      () => {
        // An acknowledgement belongs to the connection that received the message: after a
        // reconnection the broker redelivers instead, and the stored copy makes it a duplicate.
        if (client.stream === held.stream && client.connected) writePacket(packet);
      },
      () => {},
    );
  };

  client.on("connect", () => {
    client.subscribe(sharedSubscription(options.shareGroup), { qos: 1 }, (error) => {
      if (error) logger?.error({ err: error }, "telemetry MQTT: subscribing failed");
      else logger?.info({ clientId: options.clientId }, "telemetry MQTT consumer subscribed");
    });
    // A persistent session from before the group became a secret still holds the old, guessable
    // group: leave it (refused or absent, nothing to do).
    if (options.shareGroup !== LEGACY_SHARE_GROUP) client.unsubscribe(sharedSubscription(LEGACY_SHARE_GROUP), () => {});
  });
  client.on("error", (error) => logger?.warn({ err: error }, "telemetry MQTT: connection error"));

  return {
    get connected() {
      return client.connected;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      // Store what is queued, so its acknowledgements go out before the connection closes.
      while (queue.length > 0 || inFlight.size > 0) {
        flush();
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 10_000))]);
        if (inFlight.size > 0) break;
      }
      await Promise.race([Promise.allSettled([...pending.values()].map((p) => p.work)), new Promise((r) => setTimeout(r, 2_000))]);
      await new Promise((r) => setImmediate(r));
      // The session and its subscription stay (SESSION_EXPIRY_S), after a clean stop as after a
      // crash: Mosquitto keeps routing this instance's share of the stream to it while it is
      // away and delivers it when the same MQTT_CLIENT_ID comes back, so a restart loses nothing
      // (leaving the group instead would drop the messages of a one-instance restart).
      await client.endAsync(false).catch(() => {});
    },
  };
}

/** A stable id per instance: MQTT_CLIENT_ID, else derived from the host name and port. */
export function defaultTelemetryClientId(hostname: string, port: number): string {
  const host = hostname.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 40) || randomUUID().slice(0, 8);
  return `nidosmart-telemetry-${host}-${port}`;
}
