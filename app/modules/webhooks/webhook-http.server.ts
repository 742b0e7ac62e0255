import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { refusedAddressReason } from "./webhook-address.ts";

// One POST of a webhook (ADR 0023), with the server-side request forgery guard:
//   - a literal address in the URL is checked before anything is sent;
//   - a name is resolved once, by the `lookup` this request hands to the socket, and EVERY
//     address it resolves to is checked; the socket then connects to one of those checked
//     addresses and nothing resolves the name again (no DNS-rebinding window between the check
//     and the connection). With TLS the certificate is still verified against the name;
//   - redirects are never followed: a 3xx is recorded as a failed attempt. A receiver that moved
//     must be given its new URL; following would POST the signed body to a host nobody checked;
//   - the answer is read up to `excerptBytes` and the connection is cut there; the whole attempt,
//     DNS included, is bounded by `timeoutMs`.
// WEBHOOK_ALLOW_PRIVATE=1 (allowPrivate) lifts the address check, for receivers on a private
// network. Messages are Spanish: staff read them in the delivery log.

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has (tests give a fake DNS; production uses getaddrinfo). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type PostWebhookOptions = {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Exact addresses allowed although not public (tests of the other rules). */
  allowAddresses?: readonly string[];
  resolve?: ResolveHost;
  excerptBytes?: number;
  agents?: WebhookAgents;
  userAgent?: string;
};

export type PostWebhookOutcome = {
  /** True for a 2xx answer. */
  delivered: boolean;
  statusCode: number | null;
  /** The first `excerptBytes` of the answer's body, as text. */
  excerpt: string | null;
  /** Why it failed, in Spanish; null when delivered. */
  error: string | null;
  /** The address the request went to (after resolution and the check). */
  remoteAddress: string | null;
  durationMs: number;
  /** The answer's Retry-After header, as sent (the push sender honours it on 429). */
  retryAfter?: string | null;
};

export type WebhookAgents = { http: http.Agent; https: https.Agent; destroy(): void };

/** Keep-alive connection pools, so a busy endpoint is not a TLS handshake per event. */
export function createWebhookAgents(maxSocketsPerHost = 8): WebhookAgents {
  const options = { keepAlive: true, maxSockets: maxSocketsPerHost, maxFreeSockets: 4, scheduling: "lifo" as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return {
    ...agents,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export const DEFAULT_EXCERPT_BYTES = 1024;
const DEFAULT_USER_AGENT = "NidoSmart-Webhooks/1.0";

/**
 * The socket's `lookup` of an outgoing request to an address staff typed (webhooks, channel
 * calendars): resolves the name once, checks EVERY address (`check` returns why one is refused,
 * or null) and hands only checked addresses to the socket, which connects to one of them and
 * resolves nothing itself (no DNS-rebinding window). Node does not call it for a literal
 * address: check those before the request.
 */
export function createGuardedLookup(resolve: ResolveHost, check: (address: string) => string | null, refused: (hostname: string, reason: string) => Error): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        for (const { address } of addresses) {
          const reason = check(address);
          if (reason) {
            callback(refused(hostname, reason), "", 0);
            return;
          }
        }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
        if (usable.length === 0) {
          callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
  readonly code = "EWEBHOOKREFUSED";
}

class AttemptTimeoutError extends Error {
  override name = "AttemptTimeoutError";
  readonly code = "EWEBHOOKTIMEOUT";
}

function refusedMessage(host: string, reason: string, resolved: boolean): string {
  const where = resolved ? `${host} resuelve a ${reason}` : reason;
  return `Destino no permitido: ${where}. Los webhooks solo se envían a direcciones públicas de Internet (WEBHOOK_ALLOW_PRIVATE).`;
}

/** The answer as text for the log: UTF-8, NUL and other control characters removed. */
export function excerptText(bytes: Buffer): string {
  // eslint-disable-next-line no-control-regex
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
}

function networkMessage(error: NodeJS.ErrnoException, host: string, timeoutMs: number): string {
  if (error instanceof RefusedAddressError) return error.message;
  if (error instanceof AttemptTimeoutError) return `Sin respuesta en ${Math.round(timeoutMs / 100) / 10} s: se cortó la conexión`;
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ENODATA":
      return `No se encontró el nombre ${host} en el DNS (${error.code})`;
    case "ECONNREFUSED":
      return `Conexión rechazada por ${host}`;
    case "ECONNRESET":
    case "EPIPE":
      return `${host} cortó la conexión sin responder`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${host} no es alcanzable desde este servidor (${error.code})`;
    default:
      if (error.code && /CERT|SSL|TLS|SELF_SIGNED|ERR_TLS/i.test(error.code)) return `Error de TLS con ${host}: ${error.code}`;
      return `Error de red con ${host}: ${error.code ?? error.message}`;
  }
}

/**
 * POSTs `body` to `url` with `headers`. Never throws: every outcome, refused or failed, comes
 * back as a PostWebhookOutcome the caller records.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string | Uint8Array, options: PostWebhookOptions): Promise<PostWebhookOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const excerptBytes = options.excerptBytes ?? DEFAULT_EXCERPT_BYTES;
  const resolve = options.resolve ?? systemResolve;
  const check = (address: string) => refusedAddressReason(address, { allowPrivate: options.allowPrivate, allowAddresses: options.allowAddresses });

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ delivered: false, statusCode: null, excerpt: null, error: "La URL del endpoint no es válida", remoteAddress: null, durationMs: 0 });
  }
  const secure = target.protocol === "https:";
  if (!secure && target.protocol !== "http:") {
    return Promise.resolve({ delivered: false, statusCode: null, excerpt: null, error: "La URL del endpoint no es http ni https", remoteAddress: null, durationMs: 0 });
  }
  // URL keeps IPv6 literals in brackets; the socket wants them bare.
  const host = target.hostname.startsWith("[") ? target.hostname.slice(1, -1) : target.hostname;
  // Node's socket skips `lookup` for a literal address, so that one is checked here.
  const literal = isIP(host) !== 0;
  if (literal) {
    const reason = check(host);
    if (reason) {
      return Promise.resolve({ delivered: false, statusCode: null, excerpt: null, error: refusedMessage(host, reason, false), remoteAddress: null, durationMs: elapsed() });
    }
  }

  // Resolve once, check every address, hand the checked ones to the socket (it connects to one
  // of them and resolves nothing itself). Node does not call lookup for a literal address.
  const lookup = createGuardedLookup(resolve, check, (hostname, reason) => new RefusedAddressError(refusedMessage(hostname, reason, true)));

  return new Promise<PostWebhookOutcome>((done) => {
    let settled = false;
    let remoteAddress: string | null = null;
    let statusCode: number | null = null;
    let location: string | null = null;
    let retryAfter: string | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    let request: http.ClientRequest | undefined;
    const deadline = setTimeout(() => request?.destroy(new AttemptTimeoutError("timeout")), options.timeoutMs);

    const finish = (error: NodeJS.ErrnoException | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      const excerpt = statusCode === null ? null : excerptText(Buffer.concat(chunks));
      if (error && statusCode === null) {
        done({ delivered: false, statusCode: null, excerpt: null, error: networkMessage(error, host, options.timeoutMs), remoteAddress, durationMs: elapsed() });
        return;
      }
      const code = statusCode ?? 0;
      let message: string | null = null;
      if (code >= 300 && code < 400) {
        message = `Redirección ${code}${location ? ` a ${location.slice(0, 300)}` : ""} no seguida: los webhooks no siguen redirecciones, pon en el endpoint la URL final`;
      } else if (code < 200 || code >= 300) {
        message = `El endpoint respondió ${code}`;
      }
      done({ delivered: message === null, statusCode, excerpt, error: message, remoteAddress, durationMs: elapsed(), retryAfter });
    };

    try {
      request = (secure ? https : http).request(
        {
          protocol: target.protocol,
          hostname: host,
          port: target.port || (secure ? 443 : 80),
          path: `${target.pathname}${target.search}`,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
            "content-length": String(Buffer.byteLength(body)),
            ...headers,
          },
          agent: options.agents ? (secure ? options.agents.https : options.agents.http) : false,
          lookup,
          // TLS: the certificate must name the host of the URL (the default), and SNI carries it.
          ...(secure && !literal ? { servername: host } : {}),
        },
        (response) => {
          statusCode = response.statusCode ?? null;
          const header = response.headers.location;
          location = typeof header === "string" ? header : null;
          const retry = response.headers["retry-after"];
          retryAfter = typeof retry === "string" ? retry : null;
          response.on("data", (chunk: Buffer) => {
            if (size < excerptBytes) {
              const part = chunk.subarray(0, excerptBytes - size);
              chunks.push(part);
              size += part.length;
            }
            // Enough read: cut the connection rather than download the rest.
            if (size >= excerptBytes) {
              response.destroy();
              finish(null);
            }
          });
          response.on("end", () => finish(null));
          response.on("close", () => finish(null));
          response.on("error", () => finish(null));
        },
      );
    } catch (error) {
      // A header or path Node refuses to send: a failed attempt like any other.
      finish(error as NodeJS.ErrnoException);
      return;
    }
    request.on("socket", (socket) => {
      if (socket.remoteAddress) remoteAddress = socket.remoteAddress;
      else socket.once("connect", () => (remoteAddress = socket.remoteAddress ?? null));
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish(error));
    request.end(body);
  });
}
