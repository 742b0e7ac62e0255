import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createRequire } from "node:module";
import type * as mqtt from "mqtt";
import { MQTT_MAX_PACKET_BYTES } from "#app/modules/telemetry/telemetry.schema.ts";
import { DOOR_MESSAGES, type DoorCommand } from "./door.schema.ts";

// How a validated command reaches the door (DECISIONS.md, "Door opening"): a built-in simulated
// device by default, so the product works out of the box, and MQTT when MQTT_URL is set.
//
// MQTT protocol (documented in the report for the firmware team):
//   command  nidosmart/devices/{deviceId}/commands  QoS 1
//            {"id": "<correlation id>", "command": "abrir", "issuedAt": ISO, "expiresAt": ISO}
//   ack      nidosmart/devices/{deviceId}/acks      QoS 1
//            {"id": "<same id>", "ok": true} | {"id": "...", "ok": false, "error": "texto"}
// A device must ignore a command received after expiresAt: a door that opens half a minute
// after the guest gave up is worse than one that does not open.

export type DoorGatewayResult = { ok: true } | { ok: false; error: string };

/** Every command a device takes on its commands topic: the door's, the siren's and the warning's (DEVICE-PROTOCOL.md). */
export type DeviceCommand = DoorCommand | "sirena" | "aviso";

/**
 * The one way the server sends a device a command (the door routes, the siren dispatcher and the
 * incidents worker's `aviso`): one MQTT client per process, or the simulated device.
 */
export interface DoorGateway {
  readonly kind: "simulated" | "mqtt";
  /**
   * Sends a command and waits for the device's ack. `fields` travel in the command's message
   * beside id, command, issuedAt and expiresAt (the siren's action…).
   */
  send(deviceId: string, command: DeviceCommand, fields?: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<DoorGatewayResult>;
  /**
   * Publishes a command nobody waits an ack for (the `aviso`), with the same message shape: it
   * resolves once the broker has taken it (QoS 1) and rejects when the broker cannot be reached
   * before the command expires (`expiresInMs` after the call). The simulated device drops it.
   */
  publish(deviceId: string, command: DeviceCommand, fields: Record<string, unknown>, options: { expiresInMs: number }): Promise<void>;
  close(): Promise<void>;
}

export interface GatewayLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export const DEFAULT_SIMULATED_DELAY_MS = 400;
export const DEFAULT_ACK_TIMEOUT_MS = 5_000;
export const DEFAULT_TOPIC_PREFIX = "nidosmart/devices";

/** Acknowledges every command after a short delay, like a relay that clicks and reports back. */
export function createSimulatedDoorGateway(options: { delayMs?: number } = {}): DoorGateway {
  const delayMs = options.delayMs ?? DEFAULT_SIMULATED_DELAY_MS;
  return {
    kind: "simulated",
    async send() {
      if (delayMs > 0) await sleep(delayMs);
      return { ok: true };
    },
    async publish() {},
    async close() {},
  };
}

export type MqttDoorGatewayOptions = {
  /** mqtt://user:password@host:1883, mqtts://…, ws://… */
  url: string;
  /** How long to wait for the device's ack (and for the broker, when disconnected). Default 5 s. */
  timeoutMs?: number;
  topicPrefix?: string;
  logger?: GatewayLogger;
};

type Pending = { deviceId: string; resolve: (result: DoorGatewayResult) => void };

export function commandTopic(deviceId: string, prefix = DEFAULT_TOPIC_PREFIX): string {
  return `${prefix}/${deviceId}/commands`;
}

export function ackTopic(deviceId: string, prefix = DEFAULT_TOPIC_PREFIX): string {
  return `${prefix}/${deviceId}/acks`;
}

/**
 * One MQTT client for the whole process: it connects on creation, reconnects on its own, and
 * subscribes once to every device's ack topic, matching acks to commands by correlation id.
 */
export function createMqttDoorGateway(options: MqttDoorGatewayOptions): DoorGateway {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const log = options.logger;
  const pending = new Map<string, Pending>();
  let ready = false;
  let closed = false;
  let readyWaiters: (() => void)[] = [];

  // Loaded only when MQTT_URL is set; the simulated door needs none of it (ADR 0008).
  const { connect } = createRequire(import.meta.url)("mqtt") as typeof mqtt;
  const client: mqtt.MqttClient = connect(options.url, {
    clientId: `nidosmart-server-${randomUUID().slice(0, 8)}`,
    // MQTT 5 for its Maximum Packet Size: any device may publish on an acks topic, and the broker
    // must not hand this process a message bigger than a command's answer could ever be.
    protocolVersion: 5,
    properties: { maximumPacketSize: MQTT_MAX_PACKET_BYTES },
    clean: true,
    reconnectPeriod: 2_000,
    connectTimeout: Math.max(defaultTimeoutMs, 2_000),
    // Never queue a command while offline: it would fire at reconnection, long after the guest
    // was told the door did not answer.
    queueQoSZero: false,
  });

  client.on("connect", () => {
    // Clean sessions forget subscriptions, so subscribe on every (re)connection before
    // accepting commands: an ack must never arrive before we listen for it.
    client.subscribe(ackTopic("+", prefix), { qos: 1 }, (error) => {
      if (error) {
        log?.error({ err: error }, "door gateway: subscribing to acks failed");
        return;
      }
      ready = true;
      const waiters = readyWaiters;
      readyWaiters = [];
      for (const wake of waiters) wake();
      log?.info({ broker: redactUrl(options.url) }, "door gateway connected to MQTT broker");
    });
  });
  client.on("close", () => {
    ready = false;
  });
  // Without a listener an unreachable broker would crash the process; mqtt.js keeps retrying.
  client.on("error", (error) => {
    log?.warn({ err: error, broker: redactUrl(options.url) }, "door gateway: MQTT connection error");
  });
  client.on("message", (topic, payload) => {
    const match = topic.startsWith(`${prefix}/`) && topic.endsWith("/acks") ? topic.slice(prefix.length + 1, -"/acks".length) : null;
    if (!match) return;
    const ack = parseAck(payload);
    if (!ack) {
      log?.warn({ topic }, "door gateway: unreadable ack ignored");
      return;
    }
    const waiting = pending.get(ack.id);
    // A device may only answer for itself: an ack on another device's topic is ignored.
    if (!waiting || waiting.deviceId !== match) return;
    pending.delete(ack.id);
    waiting.resolve(ack.ok ? { ok: true } : { ok: false, error: ack.error || DOOR_MESSAGES.deviceRefused });
  });

  function whenReady(ms: number): Promise<boolean> {
    if (ready) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        readyWaiters = readyWaiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      readyWaiters.push(wake);
    });
  }

  return {
    kind: "mqtt",
    async send(deviceId, command, fields = {}, sendOptions = {}) {
      if (closed) return { ok: false, error: DOOR_MESSAGES.deviceUnreachable };
      const timeoutMs = sendOptions.timeoutMs ?? defaultTimeoutMs;
      const started = Date.now();
      if (!(await whenReady(timeoutMs))) return { ok: false, error: DOOR_MESSAGES.deviceUnreachable };

      const id = randomUUID();
      const remaining = Math.max(0, timeoutMs - (Date.now() - started));
      const issuedAt = new Date();
      const message = JSON.stringify({
        ...fields,
        id,
        command,
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + remaining).toISOString(),
      });

      return new Promise<DoorGatewayResult>((resolve) => {
        let settled = false;
        const finish = (result: DoorGatewayResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          pending.delete(id);
          resolve(result);
        };
        // The timeout waits one more turn for I/O: after the event loop was held up (a long run
        // of PGlite queries), timers run before the socket is read, and an ack that did arrive
        // in time would otherwise lose to its own timer.
        const timer = setTimeout(() => setImmediate(() => finish({ ok: false, error: DOOR_MESSAGES.deviceTimeout })), remaining);
        pending.set(id, { deviceId, resolve: finish });
        client.publish(commandTopic(deviceId, prefix), message, { qos: 1 }, (error) => {
          if (error) {
            log?.warn({ err: error, deviceId }, "door gateway: publishing the command failed");
            finish({ ok: false, error: DOOR_MESSAGES.deviceUnreachable });
          }
        });
      });
    },
    async publish(deviceId, command, fields, { expiresInMs }) {
      const issuedAt = new Date();
      if (closed || !(await whenReady(expiresInMs))) throw new Error("device-command gateway: the MQTT broker cannot be reached");
      const message = JSON.stringify({
        ...fields,
        id: randomUUID(),
        command,
        issuedAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + expiresInMs).toISOString(),
      });
      await new Promise<void>((resolve, reject) => {
        client.publish(commandTopic(deviceId, prefix), message, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.resolve({ ok: false, error: DOOR_MESSAGES.deviceUnreachable });
      }
      await client.endAsync(true);
    },
  };
}

function parseAck(payload: Buffer): { id: string; ok: boolean; error?: string } | null {
  try {
    const data: unknown = JSON.parse(payload.toString("utf8"));
    if (typeof data !== "object" || data === null) return null;
    const { id, ok, error } = data as Record<string, unknown>;
    if (typeof id !== "string" || typeof ok !== "boolean") return null;
    // The device's text reaches the guest's screen: plain, short, one line.
    const text = typeof error === "string" ? error.replace(/\s+/g, " ").trim().slice(0, 200) : undefined;
    return { id, ok, error: text };
  } catch {
    return null;
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid url)";
  }
}

// ---------------------------------------------------------------- process-wide gateway

const shared = new Map<string, DoorGateway>();

/**
 * The gateway the server uses, from MQTT_URL (plus MQTT_ACK_TIMEOUT_MS) or the simulated device
 * (DOOR_SIMULATED_DELAY_MS). Shared per configuration, so the process holds one MQTT client no
 * matter how many apps are mounted (tests start several servers in one process).
 */
export function doorGatewayFromEnv(env: Record<string, string | undefined>, logger?: GatewayLogger): DoorGateway {
  const url = env.MQTT_URL?.trim();
  const timeout = Number(env.MQTT_ACK_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_ACK_TIMEOUT_MS;
  const delay = Number(env.DOOR_SIMULATED_DELAY_MS);
  const delayMs = env.DOOR_SIMULATED_DELAY_MS !== undefined && Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_SIMULATED_DELAY_MS;
  const key = url ? `mqtt|${url}|${timeoutMs}` : `simulated|${delayMs}`;
  let gateway = shared.get(key);
  if (!gateway) {
    gateway = url ? createMqttDoorGateway({ url, timeoutMs, logger }) : createSimulatedDoorGateway({ delayMs });
    shared.set(key, gateway);
  }
  return gateway;
}

/** Closes every shared gateway (tests, and a shutdown that wants to be tidy). */
export async function closeDoorGateways(): Promise<void> {
  const gateways = [...shared.values()];
  shared.clear();
  await Promise.all(gateways.map((gateway) => gateway.close()));
}
