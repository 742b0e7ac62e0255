import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "#app/db/client.server.ts";

// Migrated databases that tests start from instead of running initdb and every migration
// (issue 26). tests/global-setup.ts makes them once per `vitest run`; createTestDatabase
// (test-server.ts) uses them when these variables are set and falls back to a fresh database
// when they are not (a test helper used by a script outside vitest, e.g. bench/chat.bench.ts).
//
// Environment variables rather than vitest's provide/inject: workers inherit the environment
// the global setup leaves, and the helpers stay importable where vitest's inject would throw.

/** Absolute path of the tarball (PGlite's dumpDataDir) of a migrated in-memory PGlite. */
export const PGLITE_TEMPLATE_ENV = "NIDOSMART_TEST_PGLITE_TEMPLATE";
/** Name of a migrated PostgreSQL template database next to TEST_DATABASE_URL. */
export const POSTGRES_TEMPLATE_ENV = "NIDOSMART_TEST_POSTGRES_TEMPLATE";

export const TEMPLATE_DIR = path.resolve(import.meta.dirname, "..", "..", ".tmp", "db-templates");
export const POSTGRES_TEMPLATE_PREFIX = "nidosmart_tpl_";

/**
 * A short hash of what the migrator applies: every SQL file of the migrations folder and its
 * journal, plus `extra` (the PGlite version for its tarball). A changed migration gives a new
 * name, so a stale template is never used.
 */
export function migrationsHash(extra = ""): string {
  const hash = createHash("sha256").update(extra).update("\0");
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => path.join(MIGRATIONS_DIR, name));
  for (const file of [...files, path.join(MIGRATIONS_DIR, "meta", "_journal.json")]) {
    hash.update(path.basename(file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

let pgliteArchive: Promise<Blob | undefined> | undefined;

/** The PGlite template's tarball, read once per worker process; undefined without a template. */
export function pgliteTemplateArchive(): Promise<Blob | undefined> {
  pgliteArchive ??= (async () => {
    const file = process.env[PGLITE_TEMPLATE_ENV];
    if (!file) return undefined;
    try {
      return new Blob([await fs.promises.readFile(file)]);
    } catch (error) {
      // Removed by a later run made for other migrations: a fresh database still works.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  })();
  return pgliteArchive;
}

/** The PostgreSQL template database's name, if the global setup made one. */
export function postgresTemplateName(): string | undefined {
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  // It ends up in SQL as an identifier: only names this file makes.
  return name && /^nidosmart_tpl_[0-9a-f]+$/.test(name) ? name : undefined;
}
