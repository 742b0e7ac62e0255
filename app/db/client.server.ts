import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";
import { lockDataDir } from "./lock.server.ts";

// Both drivers produce a PgDatabase; domain modules only ever see this common type.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves true when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null };

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
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");

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

async function openPglite(dataDir: string | null): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dataDir) {
      fs.accessSync(dataDir, fs.constants.W_OK);
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(dataDir ? path.resolve(dataDir, "pgdata") : undefined, {
      extensions: { pg_trgm },
    });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: "pglite",
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
        try {
          await client.close();
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
