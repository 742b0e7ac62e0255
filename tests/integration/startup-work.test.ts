import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { loadStaticFiles } from "#server/static-files.ts";

// Start-up work moved to build time (ADR 0008): the migrated database template copied into an
// empty DATA_DIR, and the static files' encodings read instead of compressed. Needs `npm run build`.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-startup-"));
  dirs.push(dir);
  return dir;
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const template = path.resolve("build", "pgdata-template");
const migrationCount = (JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

describe("the build's database template", () => {
  test("an empty DATA_DIR gets every migration and nothing else; a copy left by a crash is discarded", async () => {
    const dataDir = tempDir();
    // What a crash in the middle of a previous copy leaves behind.
    fs.mkdirSync(path.join(dataDir, "pgdata.seeding-999999", "base"), { recursive: true });
    const database = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      expect(database.openedIn).toHaveProperty("copyTemplate");
      const applied = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(applied[0]!.n).toBe(migrationCount);
      const users = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from users`));
      expect(users[0]!.n).toBe(0);
      const settings = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from app_settings`));
      expect(settings[0]!.n).toBe(0);
      await database.db.execute(sql`insert into app_settings (key, value) values ('probe', 'kept')`);
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("pgdata.seeding-"))).toEqual([]);

    // A DATA_DIR that has a database is never overwritten by the template.
    const reopened = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      expect(reopened.openedIn).not.toHaveProperty("copyTemplate");
      const probe = rowsOf<{ value: string }>(await reopened.db.execute(sql`select value from app_settings where key = 'probe'`));
      expect(probe).toEqual([{ value: "kept" }]);
    } finally {
      await reopened.close();
    }
  });
});

describe("precompressed static files", () => {
  test("encodings made at build time are used, and a missing one is made and stored", () => {
    const clientDir = path.resolve("build", "client");
    const compressedDir = path.resolve("build", "compressed");
    const fromBuild = loadStaticFiles(clientDir, compressedDir);
    const home = fromBuild.get("/")!;
    expect(home.br && home.gzip).toBeTruthy();
    const hash = home.etag.slice(1, -1);
    expect(fs.readFileSync(path.join(compressedDir, `${hash}.br`)).equals(home.br!)).toBe(true);

    const empty = tempDir();
    const made = loadStaticFiles(clientDir, empty).get("/")!;
    expect(made.br!.equals(home.br!)).toBe(true);
    expect(made.gzip!.equals(home.gzip!)).toBe(true);
    expect(fs.existsSync(path.join(empty, `${hash}.br`))).toBe(true);
    expect(fs.readdirSync(empty).some((name) => name.endsWith(".partial"))).toBe(false);
  });
});
