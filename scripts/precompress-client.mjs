// Build step: the gzip and brotli encodings of every compressible file in build/client, written to
// build/compressed/<sha1 of the content, base64url>.gz|.br. server/static-files.ts reads them at
// start-up instead of compressing (brotli at quality 11 is slow: about 3 s of every start).
// The rules (types, size > 512 bytes, levels) are the ones of server/static-files.ts.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE_EXT = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".xml", ".txt", ".svg", ".webmanifest", ".data"]);

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function precompressClient(buildDir = "build") {
  const clientDir = path.join(buildDir, "client");
  const outDir = path.join(buildDir, "compressed");
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  let count = 0;
  for (const file of walk(clientDir)) {
    if (!COMPRESSIBLE_EXT.has(path.extname(file).toLowerCase())) continue;
    const body = fs.readFileSync(file);
    if (body.length <= 512) continue;
    const hash = createHash("sha1").update(body).digest("base64url");
    fs.writeFileSync(path.join(outDir, `${hash}.gz`), zlib.gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      path.join(outDir, `${hash}.br`),
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    count++;
  }
  return count;
}
