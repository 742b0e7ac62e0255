import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parseLeadListQuery } from "#app/modules/leads/leads-query.ts";
import {
  HONEYPOT_FIELD,
  LEAD_MESSAGES,
  fieldText,
  normalizeFormKind,
  normalizeReference,
  safeReturnPath,
  validatePublicLead,
  type LeadMessageKey,
} from "#app/modules/leads/leads.schema.ts";
import { leadsCsvFileName } from "#app/modules/leads/leads-csv.ts";
import { createLead, streamLeadsCsv } from "#app/modules/leads/leads.server.ts";
import { createLeadNotifier, loadLeadNotifyConfig, type LeadNotifier } from "#app/modules/leads/lead-notify.server.ts";
import { consumeRateLimit, RATE_LIMITS } from "#app/modules/rate-limit/rate-limit.server.ts";
import { requireApiPermission } from "../api-guard.ts";
import { compressStream } from "../compress.ts";
import type { AppEnv, ServerDeps } from "../types.ts";

// POST /api/leads: the public contact modal, demo dialogs and /contacto (public-side §3, §5).
// GET  /api/admin/leads/export.csv: the staff CSV export (staff-side §7), streamed.
//
// The endpoint speaks two dialects. JavaScript forms post JSON and get JSON back. A form posted
// without JavaScript (application/x-www-form-urlencoded) gets a 303 to /contacto/enviado, a small
// server-rendered page that shows the Spanish result, since a prerendered page cannot.

/** The server-rendered page that shows a no-JavaScript post's result. */
export const LEAD_RESULT_PATH = "/contacto/enviado";

// Generous for 2,000 accented characters percent-encoded, small enough to refuse junk early.
// Enforced while read by the server's body limit (server/body-limit.ts, BODY_LIMITS in app.ts).
export const LEADS_MAX_BODY_BYTES = 64 * 1024;
const MAX_BODY_BYTES = LEADS_MAX_BODY_BYTES;

/** The 413 answer, in the endpoint's own contract. */
export function leadsTooLarge(c: Context<AppEnv>): Response {
  return c.json({ ok: false, message: LEAD_MESSAGES.storeError }, 413);
}

export type LeadRoutesOptions = {
  /** Replaces the SMTP notifier configured from SMTP_URL / LEAD_NOTIFY_TO. */
  notifier?: LeadNotifier;
};

type Dialect = "json" | "form";
type Fields = Record<string, unknown>;

export function leadResultLocation(result: LeadMessageKey, returnTo: string | null): string {
  const params = new URLSearchParams({ resultado: result });
  if (returnTo) params.set("volver", returnTo);
  return `${LEAD_RESULT_PATH}?${params.toString()}`;
}

/** The reference a no-JS /contacto visitor came with: the page's own URL, from the Referer. */
function referenceFromReferer(c: Context<AppEnv>, siteOrigin: string): string | null {
  const referer = c.req.header("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === siteOrigin || url.origin === new URL(c.req.url).origin ? normalizeReference(url.searchParams.get("ref")) : null;
  } catch {
    return null;
  }
}

async function readFields(c: Context<AppEnv>, dialect: Dialect): Promise<Fields | null> {
  try {
    if (dialect === "json") {
      const body: unknown = await c.req.json();
      return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Fields) : null;
    }
    return (await c.req.parseBody()) as Fields;
  } catch {
    return null;
  }
}

function dialectOf(c: Context<AppEnv>): Dialect | null {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) return "json";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) return "form";
  return null;
}

export function createLeadRoutes(deps: ServerDeps, options: LeadRoutesOptions = {}): Hono<AppEnv> {
  const { db, config } = deps;
  // Read once at start-up so a malformed SMTP_URL stops the server instead of failing silently.
  const notifier =
    options.notifier ?? createLeadNotifier(loadLeadNotifyConfig(process.env), { logger: deps.logger, siteUrl: config.siteUrl });
  const routes = new Hono<AppEnv>();

  routes.post(
    "/leads",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: leadsTooLarge,
    }),
    async (c) => {
      const log = c.get("logger");
      const dialect = dialectOf(c);
      if (!dialect) return c.json({ ok: false, message: LEAD_MESSAGES.storeError }, 415);
      const fields = await readFields(c, dialect);
      const returnTo = safeReturnPath(fields?.returnTo) ?? "/contacto";

      const answer = (key: LeadMessageKey, status: 201 | 400 | 429 | 500) => {
        c.header("Cache-Control", "no-store");
        if (dialect === "form") return c.redirect(leadResultLocation(key, returnTo), 303);
        return c.json({ ok: status === 201, message: LEAD_MESSAGES[key] }, status);
      };

      // Rule 1 of both forms (public-side §5): the rate limit, per client, in the database so
      // every instance shares it (DECISIONS.md). Checked before anything else is looked at.
      let limit;
      try {
        limit = await consumeRateLimit(db, RATE_LIMITS.contactForm, c.get("clientIp"));
      } catch (error) {
        // The database is unreachable: the visitor still gets the Spanish message (and, without
        // JavaScript, the confirmation page), and nothing was stored.
        log.error({ err: error }, "rate limit could not be checked");
        return answer("storeError", 500);
      }
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        return answer("rateLimited", 429);
      }
      if (!fields) return answer("storeError", 400);

      // A filled honeypot is a bot: it gets the same success a person would, and nothing is
      // stored or sent, so it learns nothing to adapt to.
      if (fieldText(fields[HONEYPOT_FIELD]).trim() !== "") {
        log.info({ clientIp: c.get("clientIp") }, "lead honeypot filled; submission discarded");
        return answer("success", 201);
      }

      const kind = normalizeFormKind(fields.form);
      const checked = validatePublicLead(kind, fields);
      if (!checked.ok) return answer(checked.messageKey, 400);
      const lead = { ...checked.data };
      if (kind === "contacto" && !lead.reference) lead.reference = referenceFromReferer(c, config.siteOrigin);

      let stored;
      try {
        stored = await createLead(db, lead);
      } catch (error) {
        log.error({ err: error }, "lead could not be stored");
        return answer("storeError", 500);
      }
      log.info({ leadId: stored.id, source: stored.source }, "lead stored");
      // After the response is on its way: the notifier defers to the next turn and only logs.
      notifier.notify(stored);
      return answer("success", 201);
    },
  );

  routes.get("/admin/leads/export.csv", async (c) => {
    const user = await requireApiPermission(c, deps, "leads:manage");
    if (user instanceof Response) return user;
    const query = parseLeadListQuery(new URL(c.req.url).searchParams);
    const filters = { q: query.q, status: query.status, priority: query.priority };
    const log = c.get("logger");
    log.info({ userId: user.id, filters }, "leads CSV export");

    let body = streamLeadsCsv(db, filters, {
      onError: (error) => log.error({ err: error }, "leads CSV export failed mid-stream"),
    });
    const headers: Record<string, string> = {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    };
    // CSV compresses about tenfold; worth it for a 100,000-lead export.
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      body = compressStream(body);
      headers["Content-Encoding"] = "gzip";
    }
    return new Response(body, { status: 200, headers });
  });

  return routes;
}
