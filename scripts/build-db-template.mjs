// Build step: an embedded database (PGlite) data directory with every committed migration applied,
// in build/pgdata-template/. A first start on an empty DATA_DIR copies it instead of running
// PostgreSQL's initdb and the migrations, which took most of a first start (ADR 0008); the
// migrator then applies only migrations newer than the build. It holds no account, no secret and
// no data: AUTH_SECRET and the first super administrator are created at start-up, per install.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export async function buildDbTemplate(buildDir = "build", migrationsFolder = "drizzle") {
  const target = path.join(buildDir, "pgdata-template");
  const staging = `${target}.partial`;
  fs.rmSync(staging, { recursive: true, force: true });
  const client = await PGlite.create(staging, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  // Only a complete template ever carries the final name.
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  return target;
}
