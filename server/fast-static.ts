import type { IncomingMessage, ServerResponse } from "node:http";
import { baseSecurityHeaders } from "./security-headers.ts";
import type { StaticEntry } from "./static-files.ts";

// Headers as a flat [name, value, …] array: node writes it without walking an object.
type Variant = { body: Buffer; headers: string[] };
type Prepared = { etag: string; identity: Variant; gzip?: Variant; br?: Variant; notModified: string[] };

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

/**
 * The hot path for prerendered pages and public files: plain node:http, no Request/Response
 * objects, headers computed once at start-up. A request it does not recognise (any method but
 * GET/HEAD, any unknown path) falls through to the Hono app.
 */
export function createFastStaticHandler(files: Map<string, StaticEntry>, https: boolean) {
  const security = baseSecurityHeaders(https);
  const prepared = new Map<string, Prepared>();
  for (const [route, entry] of files) {
    const common: Record<string, string> = {
      ...security,
      "Content-Type": entry.contentType,
      "Cache-Control": entry.cacheControl,
      ETag: entry.etag,
      Vary: "Accept-Encoding",
    };
    if (entry.csp) common["Content-Security-Policy"] = entry.csp;
    const variant = (body: Buffer, encoding?: string): Variant => ({
      body,
      headers: flat({ ...common, "Content-Length": String(body.length), ...(encoding ? { "Content-Encoding": encoding } : {}) }),
    });
    prepared.set(route, {
      etag: entry.etag,
      identity: variant(entry.body),
      gzip: entry.gzip ? variant(entry.gzip, "gzip") : undefined,
      br: entry.br ? variant(entry.br, "br") : undefined,
      notModified: flat({ ...security, ETag: entry.etag, "Cache-Control": entry.cacheControl, Vary: "Accept-Encoding" }),
    });
  }

  return function serveFast(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    let pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
    let item: Prepared | undefined;
    try {
      item = prepared.get(pathname) ?? prepared.get(decodeURIComponent(pathname));
    } catch {
      return false;
    }
    if (!item) return false;
    if (req.headers["if-none-match"] === item.etag) {
      res.writeHead(304, item.notModified);
      res.end();
      return true;
    }
    const accept = req.headers["accept-encoding"];
    const variant =
      (accept && item.br && accept.includes("br") && item.br) || (accept && item.gzip && accept.includes("gzip") && item.gzip) || item.identity;
    res.writeHead(200, variant.headers);
    res.end(method === "HEAD" ? undefined : variant.body);
    return true;
  };
}
