import type { Context } from "hono";
import { streamChatReply, type ChatEngineConfig, type ChatLogger } from "#app/modules/chat/chat-engine.server.ts";
import { chatRequestSchema, firstChatIssue } from "#app/modules/chat/chat.schema.ts";

/**
 * What the handler reads from the request context. The server's first middleware
 * (server/app.ts) sets `clientIp` from the socket, honouring X-Forwarded-For only when
 * TRUST_PROXY is set, and a request-scoped `logger`. Without them every request shares
 * the "unknown" rate-limit bucket and logs go to the factory's logger, if any.
 */
export type ChatRouteEnv = {
  Variables: {
    clientIp?: string;
    logger?: ChatLogger;
  };
};

/** true (or `{ allowed: true }`) lets the request through; a refusal may say when to retry. */
export type ChatRateLimitResult = boolean | { allowed: boolean; retryAfterSeconds?: number };

export interface ChatHandlerOptions {
  /** Read per request, so provider settings can change without a restart. */
  getConfig: () => ChatEngineConfig | Promise<ChatEngineConfig>;
  /** Counts one chat request for the client; the lead wires the database-backed limiter. */
  rateLimit: (clientKey: string) => Promise<ChatRateLimitResult>;
  logger?: ChatLogger;
  /** Largest accepted body. The default fits 20 messages of 1000 escaped characters. */
  maxBodyBytes?: number;
}

export const CHAT_ERRORS = {
  unsupportedMediaType: "El mensaje debe enviarse en formato JSON.",
  invalidJson: "No hemos podido leer el mensaje. Inténtalo de nuevo.",
  tooLarge: "La conversación es demasiado larga. Empieza una nueva.",
  rateLimited: "Has enviado demasiados mensajes al asistente. Espera unos minutos antes de intentarlo de nuevo.",
  unavailable: "El asistente no está disponible en este momento. Inténtalo de nuevo en unos minutos.",
} as const;

// 20 messages × 1000 characters, each possibly escaped as \uXXXX (6 bytes), plus keys.
export const CHAT_MAX_BODY_BYTES = 160 * 1024;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps compressing proxies from buffering the stream; X-Accel-Buffering
  // does the same for nginx, which would otherwise hold tokens back until its buffer fills.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;

/** POST /api/chat: validates, rate-limits and streams the assistant's reply as SSE. */
export function createChatHandler(options: ChatHandlerOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? CHAT_MAX_BODY_BYTES;

  return async function handleChat(c: Context<ChatRouteEnv>): Promise<Response> {
    const logger = c.get("logger") ?? options.logger;

    const contentType = c.req.header("content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return c.json({ error: CHAT_ERRORS.unsupportedMediaType }, 415);
    }

    const body = await readBodyText(c.req.raw, maxBodyBytes);
    if (body === null) return c.json({ error: CHAT_ERRORS.tooLarge }, 413);

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return c.json({ error: CHAT_ERRORS.invalidJson }, 400);
    }
    const parsed = chatRequestSchema.safeParse(json);
    if (!parsed.success) return c.json({ error: firstChatIssue(parsed.error) }, 400);

    // Counted after validation: only requests that will reach the engine (and possibly a
    // paid provider) use up the visitor's allowance.
    const clientKey = c.get("clientIp") || "unknown";
    let limit: ChatRateLimitResult;
    try {
      limit = await options.rateLimit(clientKey);
    } catch (error) {
      // Closed rather than open: without the limiter, one client could run up the
      // provider bill. The demo is back as soon as the limiter is.
      logger?.error({ err: error }, "chat rate limiter failed");
      return c.json({ error: CHAT_ERRORS.unavailable }, 503);
    }
    const allowed = typeof limit === "boolean" ? limit : limit.allowed;
    if (!allowed) {
      const retryAfter = typeof limit === "object" ? limit.retryAfterSeconds : undefined;
      if (retryAfter && retryAfter > 0) c.header("Retry-After", String(Math.ceil(retryAfter)));
      return c.json({ error: CHAT_ERRORS.rateLimited }, 429);
    }

    let config: ChatEngineConfig;
    try {
      config = await options.getConfig();
    } catch (error) {
      // The offline engine needs no settings, so a broken configuration still answers.
      logger?.error({ err: error }, "chat configuration could not be read; using retrieval only");
      config = {};
    }

    const stream = streamChatReply({
      messages: parsed.data.messages,
      config,
      signal: c.req.raw.signal,
      logger,
    });
    return c.body(stream, 200, SSE_HEADERS);
  };
}

/** The body as text, or null when it exceeds `maxBytes` (read no further than that). */
async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8").decode(bytes);
}
