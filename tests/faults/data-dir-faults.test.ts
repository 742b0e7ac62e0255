import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, test } from "vitest";
import { spawnServer, type SpawnedServer } from "#tests/helpers/spawn-server.ts";

// A DATA_DIR the process cannot write to must stop start-up with a clear message and exit 1,
// never hang. The process runs as root, which ignores file modes, so the conditions are made
// real with small tmpfs mounts: one remounted read-only, one of 1 MiB that PGlite fills while
// creating its database. Where the sandbox forbids mount, the suite says so loudly and skips
// (and fails instead when REQUIRE_FAULT_MOUNTS=1, as CI sets).

const root = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-datadir-"));
const readOnlyDir = path.join(root, "read-only");
const fullDir = path.join(root, "full");
const mounted: string[] = [];
const children: SpawnedServer[] = [];

function tryMount(dir: string, options: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "pipe" });
    mounted.push(dir);
    return true;
  } catch {
    return false;
  }
}

const canMount = (() => {
  const probe = path.join(root, "probe");
  if (!tryMount(probe, "size=64k")) return false;
  execFileSync("umount", [probe]);
  mounted.pop();
  return true;
})();
if (!canMount) {
  const why = "this sandbox does not permit `mount -t tmpfs` (needs CAP_SYS_ADMIN)";
  if (process.env.REQUIRE_FAULT_MOUNTS === "1") throw new Error(`${why}, and REQUIRE_FAULT_MOUNTS=1`);
  console.warn(`\n!!! SKIPPING the read-only and full DATA_DIR tests: ${why}.\n`);
}

beforeAll(() => {
  if (!canMount) return;
  if (!tryMount(readOnlyDir, "size=4m")) throw new Error("could not mount the read-only tmpfs");
  execFileSync("mount", ["-o", "remount,ro", readOnlyDir]);
  if (!tryMount(fullDir, "size=1m")) throw new Error("could not mount the 1 MiB tmpfs");
});

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  for (const dir of mounted.reverse()) execFileSync("umount", ["-l", dir]);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Starts the server and waits for it to give up; a hang fails here instead of waiting forever. */
async function failedStart(dataDir: string): Promise<{ code: number | null; output: string }> {
  const server = await spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: "faults@nidosmart.test", ADMIN_PASSWORD: "faults-pass-1" }, { waitHealthy: false });
  children.push(server);
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), 60_000)));
  const code = await Promise.race([server.exited, hung]);
  clearTimeout(timer);
  if (code === "hung") throw new Error(`start-up hung instead of failing:\n${server.output()}`);
  return { code, output: server.output() };
}

// The four start-ups are independent (each its own DATA_DIR, none writes): they run at once, so
// their process start-ups overlap instead of following each other.
describe.skipIf(!canMount).concurrent("an unwritable DATA_DIR stops start-up with a clear error", () => {
  test("a read-only file system", async ({ expect }) => {
    const { code, output } = await failedStart(readOnlyDir);
    expect(code).toBe(1);
    expect(output).toContain(`Cannot write to DATA_DIR (${readOnlyDir})`);
    expect(output).toContain("EROFS");
  });

  test("a DATA_DIR below a read-only file system that does not exist yet", async ({ expect }) => {
    const dir = path.join(readOnlyDir, "nested", "data");
    const { code, output } = await failedStart(dir);
    expect(code).toBe(1);
    // Node's recursive mkdir reports the read-only parent as ENOENT; the line still names the cause.
    expect(output).toContain(`Cannot write to DATA_DIR (${dir}): ENOENT: no such file or directory, mkdir '${dir}'`);
  });

  test("a full disk", async ({ expect }) => {
    const { code, output } = await failedStart(fullDir);
    expect(code).toBe(1);
    expect(output).toContain(`Cannot write to DATA_DIR (${fullDir})`);
    expect(output).toMatch(/ENOSPC|no space left on device/i);
  });

  test("a DATA_DIR path that runs through a file", async ({ expect }) => {
    const file = path.join(root, "a-file");
    fs.writeFileSync(file, "not a directory");
    const { code, output } = await failedStart(path.join(file, "data"));
    expect(code).toBe(1);
    expect(output).toContain("Cannot write to DATA_DIR");
    expect(output).toContain("ENOTDIR");
  });
});
