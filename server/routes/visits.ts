import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono } from "hono";
import { isbot } from "isbot";
import type { Db } from "#app/db/client.server.ts";
import { isTrackedPath } from "#app/modules/visits/visit-paths.ts";
import { parseVisitBeacon, VISIT_MESSAGES } from "#app/modules/visits/visits.schema.ts";
import { VisitRecorder } from "#app/modules/visits/visits.server.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/visits: the page-visit beacon (public-side §2, §7; DECISIONS.md "Visit tracking").
// Nothing identifying is read: no cookie, no IP address; the User-Agent only decides the bot flag.

// A real beacon is ~100 bytes; the cap refuses junk before it is read.
export const VISIT_BODY_MAX_BYTES = 2 * 1024;

// The recorder queues visits across requests, so there is one per database, shared by every app
// built on it, and it must be flushed before that database closes.
// The batching window (VisitRecorder's gatherMs) the production server uses on PGlite: under steady
// load a batch waits up to 2 ms for as many beacons as the last one held. Measured on PGlite at 32
// connections it cut the server's CPU per beacon by about 9 % (fewer, fuller batches); a lone
// visitor never waits (ADR 0008). PostgreSQL keeps no window: its commits wait on the disk, not
// on the server's thread, and two batches already overlap there.
export const PGLITE_VISIT_GATHER_MS = 2;

const recorders = new WeakMap<Db, { recorder: VisitRecorder; logger: ServerDeps["logger"] }>();

/** The recorder of `deps.db`, created on first use with `gatherMs` (0: no batching window). */
export function visitRecorderFor(deps: Pick<ServerDeps, "db" | "logger">, gatherMs = 0): VisitRecorder {
  let entry = recorders.get(deps.db);
  if (!entry) {
    entry = {
      recorder: new VisitRecorder(deps.db, { logger: deps.logger, gatherMs }),
      logger: deps.logger,
    };
    recorders.set(deps.db, entry);
  }
  return entry.recorder;
}

/** Writes the visits still queued for `db` and retires its recorder. Call before closing the database. */
export async function closeVisitRecorder(db: Db): Promise<void> {
  const entry = recorders.get(db);
  if (!entry) return;
  recorders.delete(db);
  await entry.recorder.close();
  entry.logger.info({ visitBatches: entry.recorder.stats }, "visit recorder closed");
}

// The same few User-Agent strings arrive over and over; isbot's large pattern is worth caching.
const botVerdicts = new Map<string, boolean>();
const BOT_VERDICTS_MAX = 1000;

/** Whether the User-Agent is a crawler or a script. Every browser sends one; a request without is a script. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === "") return true;
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    if (botVerdicts.size >= BOT_VERDICTS_MAX) botVerdicts.clear();
    verdict = isbot(userAgent);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

function acceptsContentType(header: string | undefined): boolean {
  // sendBeacon with a string sends text/plain; with a Blob, the Blob's type (or none).
  if (!header) return true;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type === "text/plain" || type === "";
}

export type BeaconAnswer = { status: 204 } | { status: 400 | 411 | 413 | 415 | 503; error: string };

/**
 * The checks made on the headers alone, before the body is read. The cap is checked on
 * Content-Length, which every browser sends with a beacon, so the body is then read straight off
 * the socket; Node stops reading at the declared length.
 */
export function checkBeaconHeaders(contentLength: string | undefined, contentType: string | undefined): BeaconAnswer | null {
  if (contentLength === undefined) return { status: 411, error: VISIT_MESSAGES.lengthRequired };
  if (!/^\d+$/.test(contentLength) || Number(contentLength) > VISIT_BODY_MAX_BYTES) return { status: 413, error: VISIT_MESSAGES.tooLarge };
  if (!acceptsContentType(contentType)) return { status: 415, error: VISIT_MESSAGES.unsupportedType };
  return null;
}

/** Parses a beacon's body and records it; resolves once the visit is committed (or refused). */
export async function acceptBeacon(
  deps: Pick<ServerDeps, "db" | "logger">,
  body: string,
  userAgent: string | undefined,
  gatherMs = 0,
): Promise<BeaconAnswer> {
  const beacon = parseVisitBeacon(body);
  if (!beacon.ok) return { status: 400, error: beacon.error };
  // Staff, guest and door screens are not website traffic: acknowledged, not stored.
  if (!isTrackedPath(beacon.pagePath)) return { status: 204 };
  try {
    await visitRecorderFor(deps, gatherMs).record({ pagePath: beacon.pagePath, referrerHost: beacon.referrerHost, isBot: isBotUserAgent(userAgent) });
  } catch {
    // Already logged once per failed batch by the recorder.
    return { status: 503, error: VISIT_MESSAGES.unavailable };
  }
  return { status: 204 };
}

// The Hono route serves the development server; production answers the same requests on the raw
// node:http fast path below, before Hono (same checks, same answers, same headers).
export function createVisitRoutes(deps: ServerDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post("/visits", async (c) => {
    c.header("Cache-Control", "no-store");
    const early = checkBeaconHeaders(c.req.header("content-length"), c.req.header("content-type"));
    const answer = early ?? (await acceptBeacon(deps, await c.req.text(), c.req.header("user-agent")));
    return answer.status === 204 ? c.body(null, 204) : c.json({ error: answer.error }, answer.status);
  });

  return routes;
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();
const utf8 = new TextDecoder();

/**
 * POST /api/visits on plain node:http, ahead of Hono: no Request/Response objects, no web
 * streams, no middleware chain, headers computed once. It keeps everything the Hono stack gives
 * this route: the cross-site Origin refusal, the security headers, X-Request-Id, the request log
 * line, and the acknowledgement only after the visit's batch has committed. Anything else
 * (another method or path) returns false and goes on to Hono.
 */
export function createFastVisitHandler(options: {
  deps: Pick<ServerDeps, "db" | "logger">;
  allowedOrigins: Iterable<string>;
  securityHeaders: Record<string, string>;
  /** The recorder's batching window (PGLITE_VISIT_GATHER_MS on PGlite, 0 on PostgreSQL). */
  gatherMs?: number;
}) {
  const { deps } = options;
  const allowed = new Set(options.allowedOrigins);
  const security = flat(options.securityHeaders);
  const noStore = flat({ "Cache-Control": "no-store" });
  const json = "application/json";
  const forbidden = Buffer.from(JSON.stringify({ error: "Origen no permitido." }));

  return function serveVisit(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "POST" || req.url !== "/api/visits") return false;
    const started = performance.now();
    const requestId = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
    const finish = (status: number, headers: string[], body?: Buffer) => {
      const all = [...headers, ...security, "X-Request-Id", requestId];
      if (body) all.push("Content-Type", json, "Content-Length", String(body.length));
      res.writeHead(status, all);
      res.end(body);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      deps.logger[status >= 500 ? "error" : "info"]({ reqId: requestId, method: "POST", path: "/api/visits", status, ms }, "request");
    };
    const answer = (result: BeaconAnswer) =>
      result.status === 204 ? finish(204, noStore) : finish(result.status, noStore, Buffer.from(JSON.stringify({ error: result.error })));

    // A state-changing request from another site is refused, as the Hono middleware does.
    const origin = req.headers.origin;
    if (origin !== undefined && (origin === "null" || !allowed.has(origin))) {
      finish(403, [], forbidden);
      return true;
    }
    const early = checkBeaconHeaders(req.headers["content-length"], req.headers["content-type"]);
    if (early) {
      answer(early);
      // The unread body of a refused request is drained, not left on the connection.
      req.resume();
      return true;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => {});
    req.on("end", () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      acceptBeacon(deps, utf8.decode(body), req.headers["user-agent"], options.gatherMs ?? 0).then(answer, (error: unknown) => {
        deps.logger.error({ err: error, reqId: requestId }, "unhandled error");
        finish(500, [], Buffer.from(JSON.stringify({ error: "Error interno del servidor." })));
      });
    });
    return true;
  };
}
