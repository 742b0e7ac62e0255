import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createAuth } from "#app/auth/auth.server.ts";
import { loadConfig } from "#app/config/env.server.ts";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { registerCredentialsKey, resolveCredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { registerEvidenceKey, resolveEvidenceKey } from "#app/modules/evidence/evidence-key.server.ts";
import { recordEvidenceKey } from "#app/modules/evidence/evidence.server.ts";
import { ensureBootstrapAdmin } from "#app/modules/users/users.server.ts";
import { createApp, trustedOrigins } from "./app.ts";
import { createLogger } from "./server.ts";

// As in main.ts (ADR 0012): what PGlite writes into DATA_DIR stays private to this user.
process.umask(0o077);

// `npm run dev`: the same Hono app in front of Vite's dev server, with hot reload. The database
// is opened and migrated on the first request, so the dev server starts instantly.
const config = loadConfig({ ...process.env, NODE_ENV: "development" });
const logger = createLogger(config.LOG_LEVEL);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

let listener: Promise<ReturnType<typeof getRequestListener>> | undefined;
let database: Database | undefined;

async function createListener() {
  database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: config.DATA_DIR });
  const { db } = database;
  // The key of the SES passwords, resolved once (see app/modules/landlords/credentials-key.server.ts).
  const credentialsKey = resolveCredentialsKey({ envKey: config.SES_CREDENTIALS_KEY, database });
  registerCredentialsKey(db, credentialsKey);
  const evidenceKey = resolveEvidenceKey({ envKey: config.EVIDENCE_SIGNING_KEY, database });
  registerEvidenceKey(db, evidenceKey);
  await recordEvidenceKey(db, evidenceKey);
  const secret = config.AUTH_SECRET ?? (await getOrCreateSetting(db, "auth_secret", () => crypto.randomUUID() + crypto.randomUUID()));
  const auth = createAuth({ db, secret, baseURL: config.siteUrl, trustedOrigins: trustedOrigins(config.siteOrigin), secureCookies: false });
  await ensureBootstrapAdmin(db, auth, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, siteUrl: config.siteUrl, logger });
  const app = createApp({
    deps: { db, auth, config, logger, credentialsKey, evidenceKey },
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    staticFiles: new Map(),
    mode: "development",
    healthCheck: () => database!.ping(),
  });
  return getRequestListener(app.fetch);
}

const server = http.createServer((req, res) => {
  vite.middlewares(req, res, async () => {
    try {
      const handle = await (listener ??= createListener());
      await handle(req, res);
    } catch (error) {
      logger.error({ err: error }, "dev request failed");
      res.statusCode = 500;
      res.end(String(error));
    }
  });
});

server.listen(config.PORT, config.HOST, () => logger.info(`NidoSmart dev server on ${config.siteUrl}`));

const stop = async () => {
  server.close();
  await vite.close();
  await database?.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
