import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./test-server.ts";
import { waitUntil } from "./wait-until.ts";

// A Mosquitto of one test only, on a free port, for faults whose outcome depends on the broker's
// settings (the machine's shared broker keeps Mosquitto's defaults, e.g. max_queued_messages
// 1000 per session, and must not be reconfigured or restarted under other suites).

export const mosquittoBinary: string | undefined = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"].find((p) => fs.existsSync(p));

export type PrivateBroker = { url: string; output(): string; stop(): Promise<void> };

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Starts Mosquitto with `settings` (mosquitto.conf lines) besides its listener; stop() ends it and removes its directory. */
export async function startPrivateBroker(settings: string[] = []): Promise<PrivateBroker> {
  if (!mosquittoBinary) throw new Error("mosquitto is not installed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-private-broker-"));
  const port = await freePort();
  const config = path.join(dir, "mosquitto.conf");
  fs.writeFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      "allow_anonymous true",
      // Started as root, Mosquitto would switch to the user "mosquitto", who cannot use this directory.
      `user ${os.userInfo().username}`,
      ...settings,
      "",
    ].join("\n"),
  );
  let log = "";
  const child: ChildProcess = spawn(mosquittoBinary, ["-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`mosquitto exited:\n${log}`);
      return listening(port);
    }, "the private broker listening");
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `mqtt://127.0.0.1:${port}`, output: () => log, stop };
}
