import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import { secureDataDir } from "./data-dir-modes.server.ts";
import { lockDataDir } from "./lock.server.ts";

// Both drivers produce a PgDatabase; domain modules only ever see this common type.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** PGlite's data directory (absolute); null for an in-memory PGlite and for PostgreSQL. */
  dataDir: string | null;
  /** Resolves true when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** Milliseconds spent in each step of opening it (start-up breakdown, logged at debug level). */
  openedIn: Record<string, number>;
};

export type OpenDatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir: string | null;
      /**
       * A migrated data directory made at build time (scripts/build-db-template.mjs), copied into
       * an empty DATA_DIR instead of running initdb and every migration there.
       */
      template?: string;
      /**
       * Only with `dataDir: null`: an in-memory database started from a dumped data directory
       * (the tarball of PGlite's `dumpDataDir()`) instead of a fresh initdb. The migrator still
       * runs afterwards and applies whatever the archive does not have yet.
       */
      templateArchive?: Blob;
      /** PostgreSQL's shared_buffers, e.g. "32MB" (PGlite's own default is 128MB). */
      sharedBuffers?: string;
    };

/** The embedded database's page cache unless PGLITE_SHARED_BUFFERS says otherwise (ADR 0008). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = "32MB";

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the database and applies the committed migrations. Nothing here runs at import time:
 * the build imports the server bundle to prerender pages and must not touch a database.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  if (options.templateArchive && options.dataDir !== null) throw new Error("templateArchive opens an in-memory database: dataDir must be null");
  return openPglite(options.dataDir, options.template, options.templateArchive, options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS);
}

/** Records how long each named step took since the previous one. */
export function stepTimer(): { step(name: string): void; steps: Record<string, number> } {
  const steps: Record<string, number> = {};
  let last = performance.now();
  return {
    steps,
    step(name) {
      const now = performance.now();
      steps[name] = Math.round(now - last);
      last = now;
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const timer = stepTimer();
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  timer.step("importDriver");

  // Several instances may start at once: a session advisory lock makes them migrate in turn.
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query("SELECT pg_advisory_lock(727274)");
    await migrate(drizzle(migrator), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await migrator.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    await migrator.end();
  }
  timer.step("migrate");

  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client losing its server (PostgreSQL restarted) must not crash the process.
  pool.on("error", () => {});
  // Nor may a checked-out one: pg emits "error" on the client itself when the server goes away
  // mid-transaction, and an unheard "error" event kills Node. The query in flight still fails
  // (and its request answers 500); the pool drops the broken client on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    dataDir: null,
    openedIn: timer.steps,
    async ping(timeoutMs = 2_000) {
      try {
        await withTimeout(db.execute(sql`select 1`), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Copies the build's migrated template into a DATA_DIR that has no database yet. The copy goes
 * to a staging directory first and is renamed into place, so a crash midway leaves no
 * half-copied database behind: the next start simply copies again. Runs under the DATA_DIR lock.
 */
function seedFromTemplate(dataDir: string, template: string | undefined): boolean {
  const pgdata = path.resolve(dataDir, "pgdata");
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith("pgdata.seeding-")) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
  if (!template || fs.existsSync(pgdata) || !fs.existsSync(path.join(template, "PG_VERSION"))) return false;
  const staging = path.resolve(dataDir, `pgdata.seeding-${process.pid}`);
  try {
    fs.cpSync(template, staging, { recursive: true });
    // The copy keeps the template's modes (0666 files from the build): private before it is live.
    secureDataDir(staging);
    fs.renameSync(staging, pgdata);
  } catch (error) {
    // A full disk, say: give the space back; the error says why start-up stops.
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return true;
}

function secureDataDirQuietly(dataDir: string): void {
  try {
    secureDataDir(dataDir);
  } catch {
    // A file PGlite removed mid-walk: the next walk sees the directory as it is then.
  }
}

async function openPglite(
  dataDir: string | null,
  template: string | undefined,
  templateArchive: Blob | undefined,
  sharedBuffers: string,
): Promise<Database> {
  const timer = stepTimer();
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dataDir) {
      fs.accessSync(dataDir, fs.constants.W_OK);
      if (seedFromTemplate(dataDir, template)) timer.step("copyTemplate");
      // Every start, before PGlite opens: repairs installs whose files other users could read.
      secureDataDir(dataDir);
      timer.step("secureDataDir");
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    timer.step("importDriver");
    const client = await PGlite.create(dataDir ? path.resolve(dataDir, "pgdata") : undefined, {
      extensions: { pg_trgm },
      // PGlite's 128MB buffer pool is memory the process holds from the first query on; the
      // operating system's page cache still keeps the files' pages (ADR 0008).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
      ...(templateArchive ? { loadDataDir: templateArchive } : {}),
    });
    // Unpacking an archive and starting on it is a different cost from initdb: its own step.
    timer.step(templateArchive ? "openPgliteFromArchive" : "openPglite");
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    timer.step("migrate");
    // PGlite's WebAssembly file system sets some modes itself, past the umask (its relcache
    // files pg_internal.init come out 0644): they are put right after opening, every ten minutes
    // while open, and on close (ADR 0012).
    const resecure = dataDir ? setInterval(() => secureDataDirQuietly(dataDir), 10 * 60_000) : undefined;
    resecure?.unref();
    if (dataDir) secureDataDir(dataDir);
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: "pglite",
      dataDir: dataDir ? path.resolve(dataDir) : null,
      openedIn: timer.steps,
      async ping(timeoutMs = 2_000) {
        if (closed) return false;
        try {
          await withTimeout(client.query("select 1"), timeoutMs);
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(resecure);
        try {
          await client.close();
          if (dataDir) secureDataDirQuietly(dataDir);
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
