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
import { outboundAllowPrivate, type AppConfig } from "#app/config/env.server.ts";
import { openDatabase, stepTimer, type Database } from "#app/db/client.server.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { registerCredentialsKey, resolveCredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { registerEvidenceKey, resolveEvidenceKey } from "#app/modules/evidence/evidence-key.server.ts";
import { recordEvidenceKey } from "#app/modules/evidence/evidence.server.ts";
import { startVigilanceService } from "#app/modules/vigilance/vigilance-service.server.ts";
import { startIncidentsService, type RangeHook } from "#app/modules/incidents/incidents-service.server.ts";
import { createIntrusionRangeHook, startSirenDispatcher } from "#app/modules/vigilance/intrusion-alarm.server.ts";
import { startBrokerAccounts } from "#app/modules/door/broker-accounts.server.ts";
import { doorGatewayFromEnv } from "#app/modules/door/door-gateway.server.ts";
import { mailSettingsFrom, startMailService } from "#app/modules/mail/mail-service.server.ts";
import { mossosOptionsFrom, startMossosJob } from "#app/modules/mossos/mossos.server.ts";
import { purgeExpiredGuestData } from "#app/modules/guests/retention.server.ts";
import { createLeadNotifier, loadLeadNotifyConfig, type LeadNotifier } from "#app/modules/leads/lead-notify.server.ts";
import { resolveSesEndpoint } from "#app/modules/ses/ses-endpoint.ts";
import { loadSesCa } from "#app/modules/ses/ses-ca.server.ts";
import { loadErtzaintzaCa, resolveErtzaintzaEndpoint } from "#app/modules/ertzaintza/ertzaintza-endpoint.server.ts";
import { startSesSender, type SesAlertConfig, type SesSender } from "#app/modules/ses/ses-sender.server.ts";
import { pruneRateLimitEvents } from "#app/modules/rate-limit/rate-limit.server.ts";
import { startTelemetryService, type TelemetryService } from "#app/modules/telemetry/telemetry-service.server.ts";
import { ensureBootstrapAdmin } from "#app/modules/users/users.server.ts";
import { startWebhookService, webhookMailSettingsFrom } from "#app/modules/webhooks/webhook-service.server.ts";
import { startCalendarSyncService } from "#app/modules/calendars/calendar-sync.server.ts";
import { registerVapidKeys, resolveVapidKeys } from "#app/modules/push/push-keys.server.ts";
import { startPushService } from "#app/modules/push/push-sender.server.ts";
import { createApp, trustedOrigins } from "./app.ts";
import { createFastStaticHandler } from "./fast-static.ts";
import { serializeError } from "./log-path.ts";
import { closeVisitRecorder, createFastVisitHandler, PGLITE_VISIT_GATHER_MS } from "./routes/visits.ts";
import { baseSecurityHeaders } from "./security-headers.ts";
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
  /** Called for every device range the incidents worker evaluates (anti-squatting, ADR 0024). */
  incidentRangeHooks?: RangeHook[];
  /**
   * Whether the incidents worker runs the intrusion alarm and this instance dispatches siren
   * commands (default true). Off only for tests that
   * replay days of scenario readings first and set up what the worker would have known at the
   * time (a baseline, a staff visit) afterwards, then call the hook themselves minute by minute.
   */
  intrusionAlarm?: boolean;
};

export type RunningServer = {
  url: string;
  port: number;
  database: Database;
  auth: Auth;
  logger: Logger;
  /** Every Hono route (method and path), for tests that must cover each endpoint. */
  apiRoutes: { method: string; path: string }[];
  /** This instance's SES sender (null with SES_SENDER=off): runOnce() resolves after a round begun after the call. */
  sesSender: SesSender | null;
  /** The new-lead e-mail (SMTP_URL and LEAD_NOTIFY_TO): idle() resolves once every e-mail queued so far is sent or has failed. */
  leadNotifier: LeadNotifier;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
};

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  // Errors through our serializer: no guest link, no failed query's values (server/log-path.ts).
  const options = { level, base: { service: "nidosmart" }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  // The new-lead e-mail's settings, read first: a malformed SMTP_URL or LEAD_NOTIFY_TO stops the
  // start before anything is opened, instead of failing silently later.
  const leadNotifier = createLeadNotifier(loadLeadNotifyConfig(process.env), { logger, siteUrl: config.siteUrl });
  const buildDir = path.resolve(options.buildDir ?? "build");
  const timer = stepTimer();
  // The React Router build (every route module, about 0.4 s to import) loads while the database
  // opens, so its file reads overlap PGlite's (ADR 0008). It is awaited before listening, so a
  // broken build still fails start-up.
  const buildLoading = import(pathToFileURL(path.join(buildDir, "server", "index.js")).href) as Promise<ServerBuild>;
  buildLoading.catch(() => {}); // Awaited below; a database failure first must not leave it unhandled.
  const database =
    options.database ??
    (config.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
      : await openDatabase({
          kind: "pglite",
          dataDir: config.DATA_DIR,
          template: path.join(buildDir, "pgdata-template"),
          sharedBuffers: config.PGLITE_SHARED_BUFFERS,
        }));
  timer.step("database");

  let telemetry: TelemetryService | undefined;
  try {
    const { db } = database;
    // The key of the SES passwords, resolved once (see app/modules/landlords/credentials-key.server.ts).
    const credentialsKey = resolveCredentialsKey({ envKey: config.SES_CREDENTIALS_KEY, database });
    registerCredentialsKey(db, credentialsKey);
    // The devices' new secrets wait for the broker encrypted with this key (ADR 0025).
    if (config.MQTT_DYNSEC === "on" && !credentialsKey.key) {
      throw new Error("MQTT_DYNSEC=on needs SES_CREDENTIALS_KEY with DATABASE_URL: the devices' new secrets wait for the broker encrypted with it (openssl rand -base64 32, the same on every instance)");
    }
    // The evidence signing key (ADR 0022), resolved once; its public half is recorded so every
    // report it signs can be checked later, whatever key is configured then.
    const evidenceKey = resolveEvidenceKey({ envKey: config.EVIDENCE_SIGNING_KEY, database });
    registerEvidenceKey(db, evidenceKey);
    await recordEvidenceKey(db, evidenceKey);
    if (evidenceKey.source === "none") logger.warn("evidence reports cannot be signed: set EVIDENCE_SIGNING_KEY (the same on every instance) when using DATABASE_URL");
    // The VAPID pair of web push (ADR 0027): the variables, else generated once into the database.
    const vapidKeys = await resolveVapidKeys(db, config, credentialsKey);
    registerVapidKeys(db, vapidKeys);
    if (vapidKeys.source === "none") logger.warn({ reason: vapidKeys.reason }, "web push is off");
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
    timer.step("authAndBootstrap");

    // Today's telemetry partitions exist before the first reading can arrive (ADR 0015).
    telemetry = await startTelemetryService(database, config, logger);
    timer.step("telemetry");

    const build = await buildLoading;
    timer.step("importBuild");
    const staticFiles = loadStaticFiles(path.join(buildDir, "client"));
    timer.step("staticFiles");
    // Ends the live streams (Monitorización) first on shutdown, so they do not hold the drain.
    const shutdown = new AbortController();
    const app = createApp({
      shutdown: shutdown.signal,
      leadNotifier,
      deps: { db, auth, config, logger, credentialsKey, evidenceKey },
      build,
      staticFiles,
      mode: "production",
      healthCheck: () => database.ping(),
    });

    const serveFast = createFastStaticHandler(staticFiles, config.siteUrl.startsWith("https://"));
    const serveVisit = createFastVisitHandler({
      deps: { db, logger },
      allowedOrigins: trustedOrigins(config.siteOrigin),
      securityHeaders: baseSecurityHeaders(config.siteUrl.startsWith("https://")),
      gatherMs: database.kind === "pglite" ? PGLITE_VISIT_GATHER_MS : 0,
    });
    const handleWithHono = getRequestListener(app.fetch);
    const server: Server = createServer((req, res) => {
      if (!serveVisit(req, res) && !serveFast(req, res)) void handleWithHono(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    server.keepAliveTimeout = 65_000;
    timer.step("appAndListen");
    // Where start-up time goes (ADR 0008); the database's own steps are nested.
    logger.debug({ startup: { ...timer.steps, databaseSteps: database.openedIn } }, "start-up breakdown");
    const port = (server.address() as AddressInfo).port;
    const prune = setInterval(() => void pruneRateLimitEvents(db).catch(() => {}), 10 * 60_000);
    prune.unref();
    // Guest data retention (RD 933/2021): checked every hour and shortly after start, so a stay
    // is purged on the day it falls due whatever the restarts; the job is idempotent and skips
    // while another instance holds its lock.
    const purgeGuests = () =>
      void purgeExpiredGuestData(db, { retentionDays: config.GUEST_RETENTION_DAYS })
        .then((result) => {
          if (!result.skipped && result.reservations > 0) logger.info({ ...result }, "guest data past retention deleted");
        })
        .catch((error: unknown) => logger.error({ err: error }, "guest data retention failed"));
    const retentionStart = setTimeout(purgeGuests, 30_000);
    retentionStart.unref();
    const retention = setInterval(purgeGuests, 60 * 60_000);
    retention.unref();
    // Guest e-mails and the arrival-day list (ADR 0011); nothing runs without SMTP_URL.
    const mail = startMailService(db, config, { logger });
    // Webhook deliveries (ADR 0023): every instance runs a worker; claims are SKIP LOCKED.
    const webhooks = await startWebhookService(database, {
      logger,
      key: credentialsKey,
      allowPrivate: outboundAllowPrivate(config),
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      mail: webhookMailSettingsFrom(config),
    });
    // Channel calendars (issue 28, ADR 0026): every instance looks for due feeds; a lease in the
    // database lets one instance read each feed per CALENDAR_SYNC_INTERVAL_S.
    const calendars = startCalendarSyncService(db, {
      logger,
      key: credentialsKey,
      allowPrivate: outboundAllowPrivate(config),
      intervalS: config.CALENDAR_SYNC_INTERVAL_S,
      timeoutMs: config.CALENDAR_FETCH_TIMEOUT_MS,
    });
    // Web push to staff phones (ADR 0027): every instance runs a sender; claims are SKIP LOCKED.
    const push = vapidKeys.privateKey
      ? await startPushService(database, { logger, keys: vapidKeys, allowPrivate: config.PUSH_ALLOW_PRIVATE || outboundAllowPrivate(config), timeoutMs: config.WEBHOOK_TIMEOUT_MS })
      : null;
    // The Mossos d'Esquadra daily files and deadline alerts (ADR 0019).
    const mossosJob = startMossosJob(db, { options: mossosOptionsFrom(config), mail: mailSettingsFrom(config) }, { logger });
    // Vigilancia baselines (ADR 0021): recomputed when due, on every instance, each device once.
    const vigilance = startVigilanceService(db, logger);
    // Incidents (ADR 0024): the work queue the ingest fills, escalations when due, the offline
    // sweep; on every instance, each device evaluated by one at a time.
    // Anti-squatting (ADR 0021): the intrusion score runs as one of the worker's range hooks; its
    // siren commands go out after commit through the device-command gateway (MQTT when set).
    const sirenDispatcher = options.intrusionAlarm === false ? null : await startSirenDispatcher(database, doorGatewayFromEnv(process.env, logger), logger);
    const intrusionHook = createIntrusionRangeHook({
      staffTo: config.MONITORING_ALERT_TO ?? config.STAFF_NOTIFY_TO ?? config.LEAD_NOTIFY_TO ?? [],
      publicBaseUrl: config.siteUrl,
      mailEnabled: config.SMTP_URL !== undefined,
      logger,
    });
    const rangeHooks = [...(options.intrusionAlarm === false ? [] : [intrusionHook]), ...(options.incidentRangeHooks ?? [])];
    const incidentsService = startIncidentsService(database, config, logger, { rangeHooks });
    // MQTT telemetry (ADR 0016): only once this instance answers HTTP too.
    telemetry.startConsumer(port);
    const telemetryService = telemetry;
    // The devices' accounts in the broker's dynamic-security plugin (ADR 0025): created, re-keyed
    // and deleted with the devices, on every instance (one applies at a time).
    const brokerAccounts = config.MQTT_DYNSEC === "on" && config.MQTT_URL ? startBrokerAccounts({ db, url: config.MQTT_URL, key: credentialsKey.key!, logger }) : null;
    // The SES outbox's sender and poller (ADR 0004), only once the server answers requests.
    const sesSender: SesSender | null =
      config.SES_SENDER === "on"
        ? startSesSender({
            db,
            endpoint: resolveSesEndpoint(config),
            logger,
            pollIntervalMs: config.SES_POLL_INTERVAL_MS,
            timeoutMs: config.SES_TIMEOUT_MS,
            retryBaseMs: config.SES_RETRY_BASE_MS,
            tickMs: config.SES_TICK_MS,
            ca: loadSesCa(config),
            alerts: sesAlertConfig(config),
            siteUrl: config.siteUrl,
            ertzaintza: { endpoint: resolveErtzaintzaEndpoint(config), ca: loadErtzaintzaCa(config) },
          })
        : null;

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        shutdown.abort();
        clearInterval(prune);
        clearTimeout(retentionStart);
        clearInterval(retention);
        // Attempts in flight finish (bounded by WEBHOOK_TIMEOUT_MS) while requests drain; the
        // e-mail a disabled endpoint queues is sent by the next start if mail is already closed.
        const stoppingWebhooks = webhooks.close();
        const stoppingPush = push?.close();
        // Evaluations in flight commit (their e-mails queued) before the mail worker stops.
        await incidentsService.stop();
        await sirenDispatcher?.close();
        await mail?.close();
        await calendars.stop();
        await mossosJob.stop();
        await vigilance.stop();
        const stoppingSender = sesSender?.stop();
        await new Promise<void>((resolve) => {
          // close() stops accepting and waits for in-flight requests; idle keep-alive sockets
          // are closed at once, and so is each socket an in-flight request leaves idle (close()
          // alone would keep it for the client's keep-alive); anything still open after 10 s is cut.
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          const force = setTimeout(() => server.closeAllConnections(), 10_000);
          force.unref();
          server.close(() => {
            clearInterval(sweep);
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        });
        await stoppingSender;
        await stoppingWebhooks;
        await brokerAccounts?.close();
        await stoppingPush;
        // Readings already received over MQTT are stored and acknowledged first.
        await telemetryService.close();
        // Beacons already queued are written before the database goes away.
        await closeVisitRecorder(db);
        await database.close();
      })());

    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
    const apiRoutes = app.routes.filter((r) => r.path.startsWith("/api/")).map((r) => ({ method: r.method, path: r.path }));
    return { url: `http://${host}:${port}`, port, database, auth, logger, apiRoutes, sesSender, leadNotifier, close };
  } catch (error) {
    await telemetry?.close().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}

/** SMTP_URL plus SES_ALERT_TO (or LEAD_NOTIFY_TO); null = no alert e-mails. */
function sesAlertConfig(config: AppConfig): SesAlertConfig {
  const notify = loadLeadNotifyConfig();
  const smtpUrl = notify.enabled ? notify.smtpUrl : process.env.SMTP_URL?.trim();
  const to = config.SES_ALERT_TO ?? [];
  const recipients = to.length > 0 ? to : notify.enabled ? notify.to : [];
  if (!smtpUrl || recipients.length === 0) return null;
  return { smtpUrl, to: recipients, from: notify.enabled ? notify.from : "NidoSmart <noreply@nidosmart.es>" };
}
