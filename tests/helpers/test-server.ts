import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Role } from "#app/auth/permissions.ts";
import { loadConfig } from "#app/config/env.server.ts";
import { openDatabase, type Database, type Db } from "#app/db/client.server.ts";
import { createUser as createUserRow } from "#app/modules/users/users.server.ts";
import { freePort } from "#tests/helpers/free-port.ts";
import { pgliteTemplateArchive, postgresTemplateName } from "#tests/helpers/db-templates.ts";
import type { Logger } from "pino";
import { startServer, type RunningServer } from "#server/server.ts";

export { freePort };

export type TestDatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export function testDatabases(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export type TestDatabase = { kind: TestDatabaseKind; url?: string; open(): Promise<Database>; drop(): Promise<void> };

/**
 * A fresh database with every migration applied and no rows: an in-memory PGlite, or a new
 * PostgreSQL database created next to TEST_DATABASE_URL and dropped afterwards, so test files
 * never see each other's rows. Both start from the migrated template of tests/global-setup.ts
 * when there is one (the migrator then has nothing to do), else from initdb / an empty database.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const templateArchive = await pgliteTemplateArchive();
    return { kind, open: () => openDatabase({ kind: "pglite", dataDir: null, templateArchive }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `nidosmart_test_${randomBytes(6).toString("hex")}`;
  const template = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (template) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      } catch (error) {
        // 3D000: the template is gone (dropped by a run for newer migrations): an empty one.
        if ((error as { code?: string }).code !== "3D000") throw error;
        await admin.query(`CREATE DATABASE ${name}`);
      }
    } else {
      await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    open: () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 }),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const TEST_ADMIN = { email: "super@nidosmart.test", password: "super-secret-1" };

export type TestServer = {
  url: string;
  db: Db;
  running: RunningServer;
  /** Signs in through the real HTTP endpoint and returns the Cookie header to send. */
  signIn(email: string, password: string): Promise<string>;
  createUser(user: { email: string; password: string; role: Role; fullName?: string }): Promise<{ id: string }>;
  stop(): Promise<void>;
};

export async function startTestServer(
  options: {
    database?: TestDatabaseKind;
    testDatabase?: TestDatabase;
    env?: Record<string, string>;
    /** false: the incidents worker does not run the intrusion alarm (tests that drive it themselves). */
    intrusionAlarm?: boolean;
    /** The server's logger (a test that reads the request log passes one writing to memory). */
    logger?: Logger;
  } = {},
): Promise<TestServer> {
  const testDatabase = options.testDatabase ?? (await createTestDatabase(options.database ?? "pglite"));
  const ownsDatabase = !options.testDatabase;
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The SES sender would otherwise try the real ministry for fixtures with automatic
    // sending on; tests of the outbox turn it on with SES_ENDPOINT pointing at the fake.
    SES_SENDER: "off",
    ...options.env,
  });
  const database = await testDatabase.open();
  let running: RunningServer;
  try {
    running = await startServer({ config, database, buildDir: "build", intrusionAlarm: options.intrusionAlarm, logger: options.logger });
  } catch (error) {
    // A start that is refused (what some tests check) leaves no database behind.
    await database.close().catch(() => {});
    if (ownsDatabase) await testDatabase.drop();
    throw error;
  }
  const url = `http://127.0.0.1:${running.port}`;
  return {
    url,
    db: database.db,
    running,
    async signIn(email, password) {
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: url },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    },
    async createUser({ email, password, role, fullName }) {
      const user = await createUserRow(database.db, running.auth, { email, password, role, fullName });
      return { id: user.id };
    },
    async stop() {
      await running.close();
      if (ownsDatabase) await testDatabase.drop();
    },
  };
}
