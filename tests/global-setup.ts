import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/client.server.ts";
import {
  migrationsHash,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_PREFIX,
  TEMPLATE_DIR,
} from "#tests/helpers/db-templates.ts";

// Once per `vitest run`, before any worker starts: migrated databases that every test file's
// fresh database is copied from (issue 26; the reading side is tests/helpers/db-templates.ts).
// Both are kept between runs under a hash of the migrations, so a second run only checks them.

/** Session advisory lock on the admin database: one vitest process makes the template at a time. */
const TEMPLATE_LOCK = 727_275;

function pgliteVersion(): string {
  const file = path.resolve(import.meta.dirname, "..", "node_modules", "@electric-sql", "pglite", "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/**
 * .tmp/db-templates/pglite-<hash>.tar: the dumped data directory of an in-memory PGlite opened
 * and migrated by openDatabase itself (so the same extensions and start parameters). The hash
 * covers the PGlite version too: a data directory is only for the PostgreSQL it was made by.
 */
async function preparePgliteTemplate(): Promise<string> {
  const hash = migrationsHash(`pglite ${pgliteVersion()}`);
  const file = path.join(TEMPLATE_DIR, `pglite-${hash}.tar`);
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true, mode: 0o700 });
  fs.chmodSync(TEMPLATE_DIR, 0o700);
  for (const name of fs.readdirSync(TEMPLATE_DIR)) {
    const other = path.join(TEMPLATE_DIR, name);
    if (!name.startsWith("pglite-") || other === file) continue;
    // Templates of other migrations, and what an interrupted run left half-written (not the
    // file another run is writing now: it renames it within seconds).
    const mtimeMs = fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (!name.endsWith(".partial") || Date.now() - mtimeMs > 600_000) fs.rmSync(other, { force: true });
  }
  if (fs.existsSync(file)) return file;

  const database = await openDatabase({ kind: "pglite", dataDir: null });
  let archive: Blob;
  try {
    // drizzle's $client is the PGlite instance openDatabase started; uncompressed, because
    // unpacking is paid at every open and the file is only read locally.
    archive = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  } finally {
    await database.close();
  }
  // Written aside and renamed: a reader never sees half a file, and two runs at once each
  // rename a complete one.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
  fs.renameSync(partial, file);
  return file;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function dropTemplateDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE ${quoteIdent(name)} IS_TEMPLATE false`);
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

/**
 * nidosmart_tpl_<hash> next to TEST_DATABASE_URL, migrated through openDatabase's PostgreSQL
 * path, then closed to connections and marked a template so that CREATE DATABASE … TEMPLATE
 * can copy it. Templates of other migrations are dropped.
 */
async function preparePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${POSTGRES_TEMPLATE_PREFIX}${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const found = await admin.query<{ datistemplate: boolean; datallowconn: boolean }>(
      "SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1",
      [name],
    );
    const ready = found.rows[0]?.datistemplate === true && found.rows[0].datallowconn === false;
    if (!ready) {
      // Marked a template only as the very last step: anything else is an interrupted run's.
      if (found.rows.length > 0) await dropTemplateDatabase(admin, name);
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
      await database.close();
      // A copy needs the template without sessions: none may connect, and none is left.
      await admin.query(`ALTER DATABASE ${quoteIdent(name)} ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
      await admin.query(`ALTER DATABASE ${quoteIdent(name)} IS_TEMPLATE true`);
    }
    const older = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ $1 AND datname <> $2", [
      `^${POSTGRES_TEMPLATE_PREFIX}[0-9a-f]+$`,
      name,
    ]);
    for (const row of older.rows) await dropTemplateDatabase(admin, row.datname);
  } finally {
    // Ending the session releases its advisory lock too.
    await admin.end();
  }
  return name;
}

/** Makes (or finds) the templates and leaves their locations in the environment workers inherit. */
export async function prepareTemplates(): Promise<void> {
  process.env[PGLITE_TEMPLATE_ENV] = await preparePgliteTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  try {
    process.env[POSTGRES_TEMPLATE_ENV] = await preparePostgresTemplate(adminUrl);
  } catch (error) {
    // Not fatal to a run that may have no PostgreSQL test in it (the unit project): the
    // PostgreSQL tests then make empty databases, and fail themselves if the server is down.
    delete process.env[POSTGRES_TEMPLATE_ENV];
    console.warn(`No PostgreSQL template database (test databases start empty): ${(error as Error).message}`);
  }
}

export default async function setup(project: TestProject): Promise<void> {
  await prepareTemplates();
  // Watch mode: migrations edited between reruns get a template of their own.
  project.onTestsRerun(prepareTemplates);
}
