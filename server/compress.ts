import zlib from "node:zlib";

const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

export function shouldCompress(res: Response, method: string): boolean {
  if (method === "HEAD" || !res.body || res.headers.has("Content-Encoding")) return false;
  if (res.status === 204 || res.status === 304 || res.status < 200) return false;
  const type = res.headers.get("Content-Type") ?? "";
  // Never text/event-stream: a compressor buffers, and a stream that waits for a full block
  // would hold back every token of the chat until the end.
  return COMPRESSIBLE.test(type);
}

export function acceptedEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return null;
}

export function compressBuffer(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body, { level: 6 });
}

export function compressStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
}
