import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./types.ts";

// One body limit for every route that reads a body (ADR 0012). It runs before any route, so a
// React Router action (`request.formData()`), better-auth (`request.json()`) and every Hono route
// read the request through the same byte counter, chunked or not:
//   - a declared Content-Length over the limit is refused at once, nothing read;
//   - otherwise the body stream is replaced by one that counts as it is read and errors the
//     moment the count passes the limit, so no parser ever holds more than the limit;
//   - a refused request is answered 413 and the connection closed behind it (closeAfterAnswer):
//     the rest of the body is not read, beyond a short, bounded linger that lets the client
//     read the answer before the connection is reset.
// Hono's own bodyLimit would do for the first two points but buffers the whole (capped) body
// before the route runs; a counter over the stream keeps memory at one chunk for routes that
// stream, and it can be put in front of routes that are not Hono's (React Router, better-auth).

export type BodyLimitRule = {
  /** Path prefix (the path as requested, before React Router's `.data` suffix). */
  prefix: string;
  maxBytes: number;
  /** The route's own 413 answer (its JSON contract), instead of the generic one. */
  refuse?: (c: Context<AppEnv>) => Response;
};

export type BodyLimitOptions = {
  /** The limit of every route no rule names. */
  defaultMaxBytes: number;
  /** Routes that legitimately need more (or less); the longest matching prefix wins. */
  rules?: BodyLimitRule[];
};

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body exceeds ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The rule that applies to `path` (the default limit when none names it). */
export function bodyLimitFor(path: string, options: BodyLimitOptions): BodyLimitRule {
  let best: BodyLimitRule | undefined;
  for (const rule of options.rules ?? []) {
    if (path.startsWith(rule.prefix) && (!best || rule.prefix.length > best.prefix.length)) best = rule;
  }
  return best ?? { prefix: "/", maxBytes: options.defaultMaxBytes };
}

/**
 * `body` as a stream that errors with BodyTooLargeError once more than `maxBytes` went through.
 * The source is then left unread, not cancelled: cancelling it would destroy the socket before
 * the 413 is written. Unread, the socket stops being read (backpressure) and is closed once the
 * answer is out (`Connection: close`).
 */
export function limitBodyStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onExceeded: () => void,
  onEnd: () => void = () => {},
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        onEnd();
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) {
        onExceeded();
        controller.error(new BodyTooLargeError(maxBytes));
        reader.releaseLock();
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function tooLarge(path: string): Response {
  const headers = { "Cache-Control": "no-store" };
  // JSON for the API and React Router's data requests, a line of text for a plain form post.
  if (path.startsWith("/api/") || path.endsWith(".data")) {
    return Response.json({ error: "La solicitud es demasiado grande." }, { status: 413, headers });
  }
  return new Response("La solicitud es demasiado grande.", { status: 413, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/** How long, and how many bytes, a refused request's connection is read (and discarded) for after the 413. */
export const LINGER_MS = 1000;
export const LINGER_BYTES = 1024 * 1024;

/**
 * Closes the connection once the 413 is written, with a lingering close (RFC 9112 §9.6): the
 * answer and a FIN go out first, and what the client sends meanwhile is discarded for at most
 * LINGER_MS / LINGER_BYTES before the socket is destroyed. Destroying it at once, with unread
 * bytes still arriving, makes the kernel send a reset that can reach the client before it has
 * read the answer (it then reports "connection reset" instead of 413); reading on until the
 * body ends would let a client keep the server busy for as long as it likes.
 */
function closeAfterAnswer(c: Context<AppEnv>): void {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  const incoming = env?.incoming;
  const outgoing = env?.outgoing;
  if (!incoming || !outgoing) return;
  outgoing.once("finish", () => {
    const socket = incoming.socket;
    if (!socket || socket.destroyed) return;
    socket.end();
    let discarded = 0;
    const destroy = () => socket.destroy();
    const timer = setTimeout(destroy, LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    incoming.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) destroy();
    });
    incoming.on("error", () => {});
    incoming.resume();
  });
}

export function bodyLimitMiddleware(options: BodyLimitOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (BODYLESS.has(c.req.method)) return next();
    const path = c.req.path;
    const rule = bodyLimitFor(path, options);
    const { maxBytes } = rule;
    const refuse = () => rule.refuse?.(c) ?? tooLarge(path);
    const declared = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (declared !== undefined && !chunked && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) {
      c.get("logger")?.warn({ declared, maxBytes }, "request body too large");
      closeAfterAnswer(c);
      return refuse();
    }
    const raw = c.req.raw;
    if (!raw.body) return next();
    let exceeded = false;
    let ended = false;
    const body = limitBodyStream(
      raw.body,
      maxBytes,
      () => (exceeded = true),
      () => (ended = true),
    );
    c.req.raw = new Request(raw, { body, duplex: "half" } as RequestInit);
    await next();
    // Answered without reading the body (no session, rate limited, not found): the rest is not
    // read either, the connection is closed behind the answer.
    if (!ended && !exceeded) closeAfterAnswer(c);
    if (exceeded) {
      // Whatever the route made of its failed read (a 400, a 500, an error page), the answer is 413.
      c.get("logger")?.warn({ maxBytes }, "request body too large");
      closeAfterAnswer(c);
      c.res = undefined;
      c.res = refuse();
    }
  };
}
