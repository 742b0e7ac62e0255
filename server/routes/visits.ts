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
const recorders = new WeakMap<Db, VisitRecorder>();

export function visitRecorderFor(deps: Pick<ServerDeps, "db" | "logger">): VisitRecorder {
  let recorder = recorders.get(deps.db);
  if (!recorder) {
    recorder = new VisitRecorder(deps.db, { logger: deps.logger });
    recorders.set(deps.db, recorder);
  }
  return recorder;
}

/** Writes the visits still queued for `db` and retires its recorder. Call before closing the database. */
export async function closeVisitRecorder(db: Db): Promise<void> {
  const recorder = recorders.get(db);
  if (!recorder) return;
  recorders.delete(db);
  await recorder.close();
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

export function createVisitRoutes(deps: ServerDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post("/visits", async (c) => {
    c.header("Cache-Control", "no-store");
    // The cap is checked on Content-Length, which every browser sends with a beacon, so the body
    // is then read straight off the socket (hono/body-limit would wrap it in web streams, the
    // largest cost of this route under load). Node stops reading at the declared length.
    const length = c.req.header("content-length");
    if (length === undefined) return c.json({ error: VISIT_MESSAGES.lengthRequired }, 411);
    if (!/^\d+$/.test(length) || Number(length) > VISIT_BODY_MAX_BYTES) return c.json({ error: VISIT_MESSAGES.tooLarge }, 413);
    if (!acceptsContentType(c.req.header("content-type"))) return c.json({ error: VISIT_MESSAGES.unsupportedType }, 415);
    const beacon = parseVisitBeacon(await c.req.text());
    if (!beacon.ok) return c.json({ error: beacon.error }, 400);
    // Staff, guest and door screens are not website traffic: acknowledged, not stored.
    if (!isTrackedPath(beacon.pagePath)) return c.body(null, 204);

    const isBot = isBotUserAgent(c.req.header("user-agent"));
    try {
      await visitRecorderFor(deps).record({ pagePath: beacon.pagePath, referrerHost: beacon.referrerHost, isBot });
    } catch {
      // Already logged once per failed batch by the recorder.
      return c.json({ error: VISIT_MESSAGES.unavailable }, 503);
    }
    return c.body(null, 204);
  });

  return routes;
}
