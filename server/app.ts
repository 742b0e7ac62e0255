import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "#app/auth/auth.server.ts";
import type { RequestContext } from "#app/context.ts";
import { CHAT_ERRORS, CHAT_MAX_BODY_BYTES } from "#app/modules/chat/chat-route.server.ts";
import { GUEST_FORM_MAX_BODY_BYTES } from "#app/modules/guests/guest-form-limits.ts";
import type { LeadNotifier } from "#app/modules/leads/lead-notify.server.ts";
import { TELEMETRY_LIMITS } from "#app/modules/telemetry/telemetry.schema.ts";
import { VERIFY_UPLOAD_MAX_BYTES } from "#app/modules/evidence/evidence.schema.ts";
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from "#app/modules/rate-limit/rate-limit.server.ts";
import { bodyLimitMiddleware, type BodyLimitOptions } from "./body-limit.ts";
import { loggablePath } from "./log-path.ts";
import { resolveClientIp } from "./client-ip.ts";
import { acceptedEncoding, compressBuffer, compressStream, shouldCompress } from "./compress.ts";
import { baseSecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";
import { pickEncoding, type StaticEntry } from "./static-files.ts";
import type { AppEnv, ServerDeps } from "./types.ts";
import { mountApiRoutes } from "./routes/index.ts";
import { LEADS_MAX_BODY_BYTES, leadsTooLarge } from "./routes/leads.ts";
import { TELEMETRY_MESSAGES } from "./routes/telemetry.ts";

export type CreateAppOptions = {
  deps: ServerDeps;
  build: ServerBuild | (() => Promise<ServerBuild>);
  staticFiles: Map<string, StaticEntry>;
  mode: "production" | "development";
  /** Answers /healthz; the server passes the database's ping. */
  healthCheck: () => Promise<boolean>;
  /** Aborted when the server starts shutting down: long-lived responses (live streams) end. */
  shutdown?: AbortSignal;
  /** The new-lead e-mail; by default one configured from SMTP_URL / LEAD_NOTIFY_TO. */
  leadNotifier?: LeadNotifier;
};

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every request body's cap, applied while it is read (ADR 0012). 64 KiB holds any staff form,
 * sign-in and the public forms many times over; the guest registration form carries up to ten
 * drawn signatures, the chat up to twenty messages. Routes with a smaller cap of their own
 * (leads 64 KiB, door 4 KiB, visits 2 KiB) keep it inside this one. A device's telemetry batch
 * (500 readings) may reach 256 kB (docs/DEVICE-PROTOCOL.md) and is answered in the device API's
 * own JSON.
 */
export const BODY_LIMITS: BodyLimitOptions = {
  defaultMaxBytes: 64 * 1024,
  rules: [
    { prefix: "/registro-viajeros/", maxBytes: GUEST_FORM_MAX_BODY_BYTES },
    // A file uploaded to check it against an evidence report (ADR 0022), plus the form around it.
    { prefix: "/verificar/", maxBytes: VERIFY_UPLOAD_MAX_BYTES + 64 * 1024 },
    { prefix: "/api/chat", maxBytes: CHAT_MAX_BODY_BYTES, refuse: (c) => c.json({ error: CHAT_ERRORS.tooLarge }, 413) },
    { prefix: "/api/leads", maxBytes: LEADS_MAX_BODY_BYTES, refuse: leadsTooLarge },
    { prefix: "/api/devices/", maxBytes: TELEMETRY_LIMITS.maxBodyBytes, refuse: (c) => c.json({ error: TELEMETRY_MESSAGES.tooLarge }, 413) },
  ],
};

export function createApp({ deps, build, staticFiles, mode, healthCheck, shutdown, leadNotifier }: CreateAppOptions) {
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();
  const https = config.siteUrl.startsWith("https://");
  const securityHeaders = baseSecurityHeaders(https);
  const allowedOrigins = new Set(trustedOrigins(config.siteOrigin));
  const handleDocument = createRequestHandler(build, mode);

  // Request id, client IP and a per-request logger; one log line per response.
  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const clientIp = resolveClientIp(incoming, c.req.raw.headers, config.TRUST_PROXY);
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("clientIp", clientIp);
    c.set("logger", log);
    await next();
    c.header("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? "error" : "info";
    log[level]({ method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms }, "request");
  });

  // Security headers on every response; HTML gets a CSP that admits only its own inline scripts.
  app.use("*", async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });

  // Every body is counted while read, before any route or parser sees it.
  app.use("*", bodyLimitMiddleware(BODY_LIMITS));

  // A state-changing request from another site is refused before any route runs. Browsers send
  // Origin on every cross-site POST; non-browser clients (curl, devices) send none.
  // "Origin: null" (a sandboxed frame, or a page whose Referrer-Policy is "no-referrer", which is
  // why public pages with a form use "same-origin") is refused too. A browser's form post (a
  // navigation) is answered with a short Spanish page instead of JSON the visitor cannot read.
  app.use("*", async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && (origin === "null" || !allowedOrigins.has(origin))) {
        if (c.req.header("sec-fetch-mode") === "navigate" || (c.req.header("accept") ?? "").includes("text/html")) {
          return c.html(ORIGIN_REFUSED_PAGE, 403);
        }
        return c.json({ error: ORIGIN_REFUSED }, 403);
      }
    }
    await next();
  });

  app.get("/healthz", async (c) => {
    const ok = await healthCheck();
    c.header("Cache-Control", "no-store");
    return c.json({ status: ok ? "ok" : "unavailable" }, ok ? 200 : 503);
  });

  // better-auth, with our database-backed limit on sign-in attempts and the client IP passed on.
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const isSignIn = c.req.method === "POST" && c.req.path.startsWith("/api/auth/sign-in");
    if (isSignIn) {
      const limit = await consumeRateLimit(deps.db, RATE_LIMITS.signIn, c.get("clientIp"));
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        return c.json({ message: "Demasiados intentos de inicio de sesión. Espera unos minutos." }, 429);
      }
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    if (isSignIn && response.ok) await resetRateLimit(deps.db, RATE_LIMITS.signIn, c.get("clientIp"));
    return response;
  });

  mountApiRoutes(app, deps, { shutdown, leadNotifier });

  app.all("/api/*", (c) => c.json({ error: "No encontrado." }, 404));

  // Prerendered pages and public files from memory.
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const entry = staticFiles.get(c.req.path) ?? (c.req.path.endsWith("/") ? staticFiles.get(c.req.path.slice(0, -1)) : undefined);
    if (!entry) return next();
    if (c.req.header("if-none-match") === entry.etag) {
      return c.body(null, 304, { ETag: entry.etag, "Cache-Control": entry.cacheControl });
    }
    const encoding = pickEncoding(entry, c.req.header("accept-encoding"));
    const body = encoding === "br" ? entry.br! : encoding === "gzip" ? entry.gzip! : entry.body;
    const headers: Record<string, string> = {
      "Content-Type": entry.contentType,
      "Cache-Control": entry.cacheControl,
      ETag: entry.etag,
      Vary: "Accept-Encoding",
      "Content-Length": String(body.length),
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    if (entry.csp) headers["Content-Security-Policy"] = entry.csp;
    return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  });

  // Everything else is React Router: server-rendered pages, loaders and actions.
  app.all("*", async (c) => {
    const context: RequestContext = {
      ...deps,
      clientIp: c.get("clientIp"),
      requestId: c.get("requestId"),
      logger: c.get("logger"),
    };
    const response = await handleDocument(c.req.raw, context);
    return finishDynamicResponse(response, c.req.method, c.req.header("accept-encoding"));
  });

  app.onError((error, c) => {
    c.get("logger")?.error({ err: error }, "unhandled error");
    return c.json({ error: "Error interno del servidor." }, 500);
  });

  return app;
}

const ORIGIN_REFUSED = "Origen no permitido.";
const ORIGIN_REFUSED_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Envío no permitido</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>Envío no permitido</h1><p>Este formulario no se ha enviado desde una página de este sitio, así que no se ha procesado. Vuelva a la página anterior, recárguela y envíelo de nuevo.</p></body></html>`;

/** The origins allowed to post: SITE_URL's, plus its loopback twins so local runs just work. */
export function trustedOrigins(siteOrigin: string): string[] {
  const origins = [siteOrigin];
  const url = new URL(siteOrigin);
  if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.push(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return [...new Set(origins)];
}

async function finishDynamicResponse(response: Response, method: string, acceptEncoding: string | undefined) {
  const type = response.headers.get("Content-Type") ?? "";
  const encoding = acceptedEncoding(acceptEncoding);
  if (type.startsWith("text/html") && response.body) {
    // Rendered pages are buffered (entry.server waits for all data anyway) so their inline
    // scripts can be hashed into the CSP and the body compressed in one go.
    const html = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html.toString("utf8"))));
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
    headers.append("Vary", "Accept-Encoding");
    let body: Uint8Array = html;
    if (encoding && html.length > 512 && method !== "HEAD") {
      body = compressBuffer(html, encoding);
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(body.length));
    return new Response(method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: response.status, statusText: response.statusText, headers });
  }
  if (encoding && shouldCompress(response, method)) {
    const headers = new Headers(response.headers);
    headers.set("Content-Encoding", "gzip");
    headers.delete("Content-Length");
    headers.append("Vary", "Accept-Encoding");
    return new Response(compressStream(response.body!), { status: response.status, statusText: response.statusText, headers });
  }
  return response;
}
