import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";

// The production process as a whole: the DATA_DIR lock, durability across SIGKILL, graceful
// SIGTERM, and a clear message for bad configuration.

const admin = { ADMIN_EMAIL: "owner@nidosmart.test", ADMIN_PASSWORD: "owner-pass-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-process-"));
const children: SpawnedServer[] = [];

afterAll(() => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

describe("the production process", () => {
  test("refuses bad configuration with a clear message", async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, PORT: "99999" }, { waitHealthy: false });
    children.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain("PORT");
  });

  test("locks DATA_DIR, keeps every acknowledged write across SIGKILL, and drains on SIGTERM", async () => {
    const first = await spawnServer({ DATA_DIR: dataDir, ...admin });
    children.push(first);

    const second = await spawnServer({ DATA_DIR: dataDir, ...admin }, { waitHealthy: false });
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another NidoSmart process");

    const { cookie } = await signIn(first.url, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `durable${i}@nidosmart.test`;
      const response = await fetch(`${first.url}/admin/usuarios`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ intent: "create", email, password: "durable-pass", role: "user" }),
      });
      expect(response.status).toBe(201);
      created.push(email);
    }
    first.child.kill("SIGKILL");
    await first.exited;

    const restarted = await spawnServer({ DATA_DIR: dataDir, ...admin });
    children.push(restarted);
    for (const email of created) {
      expect((await signIn(restarted.url, email, "durable-pass")).status).toBe(200);
    }

    // SIGTERM while a request is in flight: the response still arrives, then the process exits 0.
    const inFlight = fetch(`${restarted.url}/admin/usuarios`, { headers: { Cookie: cookie } });
    await new Promise((r) => setTimeout(r, 5));
    restarted.child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await restarted.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "nidosmart.lock"))).toBe(false);
  });
});
