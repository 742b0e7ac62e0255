import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers.ts";

// Prerendered pages and other small non-asset files are read once and kept in memory with their
// gzip and brotli encodings, so serving them costs a map lookup and a write. The encodings are
// made at build time (scripts/precompress-client.mjs) into build/compressed/, named by the
// content's hash, so start-up only reads them: compressing every file at brotli 11 took about 3 s
// of each start. A file missing there (a build without that step, or a changed file) is
// compressed here and written back when the directory is writable.

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
  ".data": "text/x-script; charset=utf-8",
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

export type StaticEntry = {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  csp?: string;
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** The encodings of a compressible body, read from `compressedDir` or made (and stored) now. */
function encodingsOf(body: Buffer, hash: string, compressedDir: string | undefined): { gzip: Buffer; br: Buffer } {
  const cached = (ext: string, make: () => Buffer): Buffer => {
    const file = compressedDir ? path.join(compressedDir, `${hash}.${ext}`) : null;
    if (file) {
      try {
        return fs.readFileSync(file);
      } catch {
        // Not made at build time: compress below.
      }
    }
    const made = make();
    if (file) {
      try {
        fs.mkdirSync(compressedDir!, { recursive: true });
        // Written aside then renamed, so a reader never sees half a file.
        const partial = `${file}.${process.pid}.partial`;
        fs.writeFileSync(partial, made);
        fs.renameSync(partial, file);
      } catch {
        // A read-only build directory: the next start compresses again.
      }
    }
    return made;
  };
  return {
    gzip: cached("gz", () => zlib.gzipSync(body, { level: 9 })),
    br: cached("br", () =>
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ),
  };
}

/** Whether a file of this type and size is served compressed (scripts/precompress-client.mjs agrees). */
export function isCompressible(contentType: string, size: number): boolean {
  return COMPRESSIBLE.test(contentType) && size > 512;
}

function makeEntry(body: Buffer, contentType: string, cacheControl: string, compressedDir: string | undefined): StaticEntry {
  const hash = createHash("sha1").update(body).digest("base64url");
  const entry: StaticEntry = { body, contentType, etag: `"${hash}"`, cacheControl };
  if (isCompressible(contentType, body.length)) Object.assign(entry, encodingsOf(body, hash, compressedDir));
  if (contentType.startsWith("text/html")) {
    entry.csp = contentSecurityPolicy(inlineScriptHashes(body.toString("utf8")));
  }
  return entry;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/**
 * Loads build/client into memory. Hashed files under /assets/ are cached as immutable; everything
 * else (prerendered HTML, .data, public/ files) must revalidate, since its name does not change.
 */
export function loadStaticFiles(clientDir: string, compressedDir: string | undefined = path.join(clientDir, "..", "compressed")): Map<string, StaticEntry> {
  const files = new Map<string, StaticEntry>();
  for (const file of walk(clientDir)) {
    const rel = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    const immutable = rel.startsWith("/assets/");
    const cacheControl = immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate";
    const entry = makeEntry(fs.readFileSync(file), contentTypeFor(file), cacheControl, compressedDir);
    if (rel.endsWith("/index.html")) {
      const route = rel.slice(0, -"/index.html".length) || "/";
      files.set(route, entry);
      continue;
    }
    files.set(rel, entry);
  }
  return files;
}

export function pickEncoding(entry: StaticEntry, acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  if (entry.br && /\bbr\b/.test(acceptEncoding)) return "br";
  if (entry.gzip && /\bgzip\b/.test(acceptEncoding)) return "gzip";
  return null;
}
