import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { type Auth, createAuth } from "#app/auth/auth.server.ts";
import type { AppConfig } from "#app/config/env.server.ts";
import { openDatabase, type Database } from "#app/db/client.server.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { pruneRateLimitEvents } from "#app/modules/rate-limit/rate-limit.server.ts";
import { ensureBootstrapAdmin } from "#app/modules/users/users.server.ts";
import { createApp, trustedOrigins } from "./app.ts";
import { createFastStaticHandler } from "./fast-static.ts";
import { closeVisitRecorder } from "./routes/visits.ts";
import { loadStaticFiles } from "./static-files.ts";

export type StartServerOptions = {
  config: AppConfig;
  /** Directory holding the React Router build (client/ and server/). */
  buildDir?: string;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  logger?: Logger;
  /** Where the one-time bootstrap credentials are printed. */
  print?: (line: string) => void;
};

export type RunningServer = {
  url: string;
  port: number;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Every Hono route (method and path), for tests that must cover each endpoint. */
  apiRoutes: { method: string; path: string }[];
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
};

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "nidosmart" }, timestamp: pino.stdTimeFunctions.isoTime });
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const buildDir = path.resolve(options.buildDir ?? "build");
  const database =
    options.database ??
    (config.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: config.DATA_DIR }));

  try {
    const { db } = database;
    // One signing secret for every instance: from AUTH_SECRET, else generated once and stored.
    const secret = config.AUTH_SECRET ?? (await getOrCreateSetting(db, "auth_secret", () => randomBytes(32).toString("base64url")));
    const auth = createAuth({
      db,
      secret,
      baseURL: config.siteUrl,
      trustedOrigins: trustedOrigins(config.siteOrigin),
      secureCookies: config.siteUrl.startsWith("https://"),
    });
    await ensureBootstrapAdmin(db, auth, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      siteUrl: config.siteUrl,
      logger,
      print: options.print,
    });

    const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
    const staticFiles = loadStaticFiles(path.join(buildDir, "client"));
    const app = createApp({
      deps: { db, auth, config, logger },
      build,
      staticFiles,
      mode: "production",
      healthCheck: () => database.ping(),
    });

    const serveFast = createFastStaticHandler(staticFiles, config.siteUrl.startsWith("https://"));
    const handleWithHono = getRequestListener(app.fetch);
    const server: Server = createServer((req, res) => {
      if (!serveFast(req, res)) void handleWithHono(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as AddressInfo).port;
    const prune = setInterval(() => void pruneRateLimitEvents(db).catch(() => {}), 10 * 60_000);
    prune.unref();

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        clearInterval(prune);
        await new Promise<void>((resolve) => {
          // close() stops accepting and waits for in-flight requests; idle keep-alive sockets
          // are closed at once, and anything still open after 10 s is cut.
          const force = setTimeout(() => server.closeAllConnections(), 10_000);
          force.unref();
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        });
        // Beacons already queued are written before the database goes away.
        await closeVisitRecorder(db);
        await database.close();
      })());

    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
    const apiRoutes = app.routes.filter((r) => r.path.startsWith("/api/")).map((r) => ({ method: r.method, path: r.path }));
    return { url: `http://${host}:${port}`, port, database, auth, logger, apiRoutes, close };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}
