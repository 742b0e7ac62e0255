import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";
import { waitUntil } from "./wait-until.ts";

// MQTT brokers for the tests: a Mosquitto of one test file (or one test) only, on a free port, so
// that files with wildcard subscriptions and shared-subscription consumers run side by side
// without seeing each other's messages, and faults whose outcome depends on the broker's settings
// can restart or reconfigure it; or the broker TEST_MQTT_URL names, shared by every file that uses
// it (vitest.config.ts then runs those files one at a time).

export const mosquittoBinary: string | undefined = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"].find((p) => fs.existsSync(p));

/** True when something accepts TCP connections at the broker's address (mqtt://host:port). */
export function brokerAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export type PrivateBroker = {
  url: string;
  port: number;
  /** Its own directory (0700): configuration, persistence, the dynamic-security file. */
  dir: string;
  output(): string;
  /** Stops it (SIGTERM: a clean shutdown, which writes the persistence file); start() brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
};

/**
 * Starts Mosquitto with `settings` (mosquitto.conf lines) besides its listener. With
 * `persistence`, sessions and queues are written to its directory and survive stop()/start().
 * `anonymous: false` leaves `allow_anonymous` to `settings`; `prepare` runs before the first start
 * (e.g. `mosquitto_ctrl dynsec init` in the broker's directory).
 */
export async function startPrivateBroker(
  options: { settings?: string[]; persistence?: boolean; anonymous?: boolean; prepare?: (dir: string) => void | Promise<void> } = {},
): Promise<PrivateBroker> {
  if (!mosquittoBinary) throw new Error("mosquitto is not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-private-broker-"));
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  const config = path.join(dir, "mosquitto.conf");
  fs.writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      ...(options.anonymous === false ? [] : ["allow_anonymous true"]),
      ...(options.persistence ? ["persistence true", `persistence_location ${dir}/`] : []),
      // Started as root, Mosquitto would switch to the user "mosquitto", who cannot use this
      // directory (with persistence, it would lose its queues on every restart).
      `user ${os.userInfo().username}`,
      ...(options.settings ?? []),
      "",
    ].join("\n"),
  );
  let log = "";
  let child: ChildProcess | null = null;
  const url = `mqtt://127.0.0.1:${port}`;
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  const start = async () => {
    const started = spawn(mosquittoBinary!, ["-c", config], { stdio: ["ignore", "pipe", "pipe"] });
    started.stdout!.on("data", (chunk) => (log += chunk));
    started.stderr!.on("data", (chunk) => (log += chunk));
    child = started;
    await waitUntil(async () => {
      if (started.exitCode !== null) throw new Error(`mosquitto exited:\n${log}`);
      return brokerAnswers(url);
    }, "the private broker listening");
  };
  const close = async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await options.prepare?.(dir);
    await start();
  } catch (error) {
    await close();
    throw error;
  }
  return { url, port, dir, output: () => log, stop, start, close };
}

export type FileBroker = {
  /** mqtt://host:port of the broker this file talks to. */
  url: string;
  /** False when no broker can be had here (no TEST_MQTT_URL answering, no mosquitto binary). */
  up: boolean;
  close(): Promise<void>;
};

/**
 * The broker of one test file: the one at TEST_MQTT_URL when that is set, else a private
 * Mosquitto with its defaults (the same as the machine's: max_queued_messages 1000, MQTT 5) on a
 * free port. Call it at the top of the file and close it in afterAll.
 */
export async function fileBroker(): Promise<FileBroker> {
  const shared = process.env.TEST_MQTT_URL;
  if (shared) return { url: shared, up: await brokerAnswers(shared), close: async () => {} };
  if (!mosquittoBinary) return { url: "mqtt://127.0.0.1:1883", up: false, close: async () => {} };
  const broker = await startPrivateBroker();
  return { url: broker.url, up: true, close: () => broker.close() };
}
