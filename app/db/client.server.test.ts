import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, test } from "vitest";
import { MIGRATIONS_DIR, openDatabase } from "./client.server.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("an in-memory PGlite from a dumped data directory (templateArchive)", () => {
  test("starts from the archive's rows, and the migrator applies what the archive lacks", async () => {
    // An archive two migrations behind: the committed folder with a shorter journal.
    const older = fs.mkdtempSync(path.join(os.tmpdir(), "nidosmart-archive-"));
    dirs.push(older);
    fs.cpSync(MIGRATIONS_DIR, older, { recursive: true });
    fs.writeFileSync(path.join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -2) }));
    const source = await PGlite.create({ extensions: { pg_trgm } });
    let archive: Blob;
    try {
      await migrate(drizzle(source), { migrationsFolder: older });
      await source.exec("insert into app_settings (key, value) values ('probe', 'from the archive')");
      archive = await source.dumpDataDir("none");
    } finally {
      await source.close();
    }

    const database = await openDatabase({ kind: "pglite", dataDir: null, templateArchive: archive });
    try {
      expect(database.openedIn).toHaveProperty("openPgliteFromArchive");
      expect(database.openedIn).not.toHaveProperty("openPglite");
      const probe = rowsOf<{ value: string }>(await database.db.execute(sql`select value from app_settings where key = 'probe'`));
      expect(probe).toEqual([{ value: "from the archive" }]);
      const applied = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(applied[0]!.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  test("is for an in-memory database only", async () => {
    await expect(openDatabase({ kind: "pglite", dataDir: os.tmpdir(), templateArchive: new Blob([]) })).rejects.toThrow(/dataDir must be null/);
  });
});
