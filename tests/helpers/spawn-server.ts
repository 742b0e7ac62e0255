import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./free-port.ts";

export type SpawnedServer = {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/** Runs the production server (build/node/main.js) as its own process, as `npm start` would. */
export async function spawnServer(env: Record<string, string>, options: { waitHealthy?: boolean } = {}): Promise<SpawnedServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ["build/node/main.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (options.waitHealthy !== false) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, child, output: () => output, exited };
}
