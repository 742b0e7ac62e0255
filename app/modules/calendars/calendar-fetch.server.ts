import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isLocalHostname, refusedAddressReason } from "#app/modules/webhooks/webhook-address.ts";
import { createGuardedLookup, systemResolve, type ResolveHost } from "#app/modules/webhooks/webhook-http.server.ts";

// Reading one channel calendar over HTTP (issue 28, ADR 0026). The URL holds the channel's secret
// token: it is never logged, and messages name the host only.
//
//   fetchCalendarFeed(url, options) →
//     { ok: true, notModified: true }                              304 to our ETag / Last-Modified
//     { ok: true, notModified: false, text, etag, lastModified }   a 2xx body (not yet parsed)
//     { ok: false, message }                                       "Error: …" in Spanish
//
// - Conditional GET: If-None-Match / If-Modified-Since from the last successful read.
// - The whole read (DNS, redirects, body) is bounded by `timeoutMs` (CALENDAR_FETCH_TIMEOUT_MS,
//   15 s); the body is counted while it arrives and the connection cut beyond `maxBytes` (5 MB).
// - At most 3 redirects, followed by hand, each checked like the first URL: http(s) only, and the
//   webhooks' address guard (ADR 0023) on literal addresses and, for names, on every address the
//   name resolves to, the socket connecting only to a checked one. OUTBOUND_ALLOW_PRIVATE=1 (or
//   WEBHOOK_ALLOW_PRIVATE=1) lifts the guard.
// Never throws.

export const CALENDAR_FETCH_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 } as const;

export type CalendarFetchOptions = {
  allowPrivate: boolean;
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: ResolveHost;
  /** Exact addresses allowed although not public (tests of the guard). */
  allowAddresses?: readonly string[];
};

export type CalendarFetchResult =
  | { ok: true; notModified: true }
  | { ok: true; notModified: false; text: string; etag: string | null; lastModified: string | null }
  | { ok: false; message: string };

const USER_AGENT = "NidoSmart-Calendarios/1.0";

class FetchFailure extends Error {
  override name = "FetchFailure";
}

const fail = (message: string): CalendarFetchResult => ({ ok: false, message });

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}`.replace(".", ",");
}

function networkMessage(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ENODATA":
      return `Error: no se encontró ${host} en el DNS`;
    case "ECONNREFUSED":
      return `Error: ${host} rechazó la conexión`;
    case "ECONNRESET":
    case "EPIPE":
      return `Error: ${host} cortó la conexión`;
    default:
      if (error.code && /CERT|SSL|TLS|SELF_SIGNED|ERR_TLS/i.test(error.code)) return `Error: el certificado de ${host} no es válido (${error.code})`;
      return `Error de red con ${host}${error.code ? ` (${error.code})` : ""}`;
  }
}

function refusedMessage(reason: string): string {
  return `Error: ${reason}; los calendarios se leen solo de direcciones públicas de Internet (OUTBOUND_ALLOW_PRIVATE)`;
}

function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

type Hop = { status: number; location: string | null; etag: string | null; lastModified: string | null; body: Buffer | null };

export async function fetchCalendarFeed(url: string, options: CalendarFetchOptions): Promise<CalendarFetchResult> {
  const timeoutMs = options.timeoutMs ?? CALENDAR_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? CALENDAR_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? CALENDAR_FETCH_DEFAULTS.maxRedirects;
  const resolve = options.resolve ?? systemResolve;
  const check = (address: string) => refusedAddressReason(address, { allowPrivate: options.allowPrivate, allowAddresses: options.allowAddresses });
  const deadline = AbortSignal.timeout(timeoutMs);

  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return fail("Error: la URL del calendario no es válida");
  }
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "https:" && current.protocol !== "http:") return fail("Error: la URL del calendario no es http ni https");
    const host = current.hostname.startsWith("[") ? current.hostname.slice(1, -1) : current.hostname;
    if (!options.allowPrivate) {
      if (isLocalHostname(host)) return fail(refusedMessage(`${host} es este mismo servidor`));
      if (isIP(host) !== 0) {
        const reason = check(host);
        if (reason) return fail(refusedMessage(reason));
      }
    }
    let answer: Hop;
    try {
      answer = await requestOnce(current, host, {
        check,
        resolve,
        signal: deadline,
        maxBytes,
        // Conditional headers only to the URL we stored them for.
        etag: hop === 0 ? (options.etag ?? null) : null,
        lastModified: hop === 0 ? (options.lastModified ?? null) : null,
      });
    } catch (error) {
      if (deadline.aborted) return fail(`Error: no respondió en ${seconds(timeoutMs)} s`);
      if (error instanceof FetchFailure) return fail(error.message);
      return fail(networkMessage(error as NodeJS.ErrnoException, host));
    }
    if (answer.status === 304) return { ok: true, notModified: true };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= maxRedirects) return fail(`Error: más de ${maxRedirects} redirecciones`);
      try {
        current = new URL(answer.location, current);
      } catch {
        return fail("Error: el servidor redirigió a una URL no válida");
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) return fail(`Error: el servidor respondió ${answer.status}`);
    const body = answer.body ?? Buffer.alloc(0);
    return { ok: true, notModified: false, text: new TextDecoder("utf-8").decode(body), etag: answer.etag, lastModified: answer.lastModified };
  }
}

function requestOnce(
  target: URL,
  host: string,
  options: { check: (address: string) => string | null; resolve: ResolveHost; signal: AbortSignal; maxBytes: number; etag: string | null; lastModified: string | null },
): Promise<Hop> {
  const secure = target.protocol === "https:";
  const literal = isIP(host) !== 0;
  const lookup = createGuardedLookup(options.resolve, options.check, (hostname, reason) => new FetchFailure(refusedMessage(`${hostname} resuelve a ${reason}`)));
  return new Promise<Hop>((done, reject) => {
    const request = (secure ? https : http).request(
      {
        protocol: target.protocol,
        hostname: host,
        port: target.port || (secure ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        method: "GET",
        headers: {
          accept: "text/calendar, */*;q=0.5",
          "user-agent": USER_AGENT,
          ...(options.etag ? { "if-none-match": options.etag } : {}),
          ...(options.lastModified ? { "if-modified-since": options.lastModified } : {}),
        },
        agent: false,
        lookup,
        signal: options.signal,
        ...(secure && !literal ? { servername: host } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const header = (name: string) => {
          const value = response.headers[name];
          return typeof value === "string" && value.length <= 1000 ? value : null;
        };
        const hop = { status, location: header("location"), etag: header("etag"), lastModified: header("last-modified") };
        if (status < 200 || status >= 300) {
          // Nothing of an error page or a redirect is needed.
          response.destroy();
          done({ ...hop, body: null });
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new FetchFailure(`Error: el calendario supera ${sizeWords(options.maxBytes)}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FetchFailure(`Error: el calendario supera ${sizeWords(options.maxBytes)}`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => done({ ...hop, body: Buffer.concat(chunks) }));
        response.on("error", reject);
        // Cut short (the deadline, a dropped connection) before "end": a failure, never a short feed.
        response.on("close", () => {
          if (!response.complete) reject(Object.assign(new Error("connection closed"), { code: "ECONNRESET" }));
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}
