import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CREDENTIALS_KEY_FILE } from "#app/modules/landlords/credentials-key.server.ts";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";

// DATA_DIR is private to the server's user (issue 18: from a world-readable WAL a local user read
// the signing secrets and forged a door token): the directory and every directory in it 0700,
// every file 0600, on a fresh install and on an existing one whose files were left open, and for
// what PGlite writes while it runs.

const admin = { ADMIN_EMAIL: "modes@nidosmart.test", ADMIN_PASSWORD: "modes-pass-1" };
const root = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-modes-"));
const dataDir = path.join(root, "data");
const children: SpawnedServer[] = [];

afterAll(() => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

type Entry = { path: string; kind: "dir" | "file"; mode: string };

/** Every directory and file under (and including) `dir`, with its permission bits. */
function listModes(dir: string): Entry[] {
  const entries: Entry[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    entries.push({ path: path.relative(dataDir, target) || ".", kind: stat.isDirectory() ? "dir" : "file", mode: (stat.mode & 0o7777).toString(8) });
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dir);
  return entries;
}

const wrongModes = (entries: Entry[]) => entries.filter((e) => e.mode !== (e.kind === "dir" ? "700" : "600"));

/** Starts the server, makes it write (a session, a new user: WAL records), and returns it running. */
async function startAndWrite(): Promise<SpawnedServer> {
  const server = await spawnServer({ DATA_DIR: dataDir, ...admin });
  children.push(server);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const created = await fetch(`${server.url}/admin/usuarios`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: server.url },
    body: new URLSearchParams({ intent: "create", email: `u${children.length}@nidosmart.test`, password: "user-pass-123", role: "user" }),
  });
  expect(created.status).toBe(201);
  return server;
}

async function stop(server: SpawnedServer) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("DATA_DIR file modes", () => {
  test("a fresh DATA_DIR: 0700 directories and 0600 files, while running and after", async () => {
    const server = await startAndWrite();
    const running = listModes(dataDir);
    await stop(server);
    // The database, the lock and the SES credentials key are all there, and all private.
    const paths = running.map((e) => e.path);
    expect(paths).toContain("nidosmart.lock");
    expect(paths).toContain(CREDENTIALS_KEY_FILE);
    expect(paths).toContain(path.join("pgdata", "global", "pg_control"));
    expect(paths.some((p) => p.startsWith(path.join("pgdata", "pg_wal") + path.sep))).toBe(true);
    expect(running.length).toBeGreaterThan(100);
    expect(wrongModes(running)).toEqual([]);
    expect(wrongModes(listModes(dataDir))).toEqual([]);
  }, 120_000);

  test("an existing DATA_DIR left readable by everyone (0666 files, 0755 directories) is repaired at start", async () => {
    for (const entry of listModes(dataDir)) fs.chmodSync(path.join(dataDir, entry.path), entry.kind === "dir" ? 0o755 : 0o666);
    expect(wrongModes(listModes(dataDir)).length).toBeGreaterThan(100);
    const server = await startAndWrite();
    const running = listModes(dataDir);
    await stop(server);
    expect(wrongModes(running)).toEqual([]);
    expect(wrongModes(listModes(dataDir))).toEqual([]);
  }, 120_000);
});
