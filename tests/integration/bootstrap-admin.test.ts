import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { freePort } from "#tests/helpers/test-server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";

// A new user's first start, as the README tells them to do it: no account, no ADMIN_* variables,
// SITE_URL pointing at an IP address. The printed credentials must exist and work.

const dataDirs: string[] = [];
const children: SpawnedServer[] = [];

afterAll(() => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-bootstrap-"));
  dataDirs.push(dir);
  return dir;
}

async function firstStartSignsIn(siteUrl: (port: number) => string) {
  const port = await freePort();
  const server = await spawnServer({ DATA_DIR: freshDataDir(), PORT: String(port), SITE_URL: siteUrl(port), ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
  children.push(server);
  const email = /email:\s+(\S+)/.exec(server.output())?.[1];
  const password = /password:\s+(\S+)/.exec(server.output())?.[1];
  expect(email, server.output()).toBeTruthy();
  expect(password).toBeTruthy();
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: siteUrl(port) },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { user: { role: string } }).user.role).toBe("super_admin");
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return email!;
}

describe("first start with no account", () => {
  test("an IP-address SITE_URL prints working super administrator credentials", async () => {
    expect(await firstStartSignsIn((port) => `http://127.0.0.1:${port}`)).toBe("admin@nidosmart.local");
  });

  test("a dotless host does too, and a real domain gives the admin an address on it", async () => {
    expect(await firstStartSignsIn((port) => `http://localhost:${port}`)).toBe("admin@nidosmart.local");
    expect(await firstStartSignsIn(() => "https://www.example.com")).toBe("admin@example.com");
  });
});
