import { crc32, deflateSync, inflateSync } from "node:zlib";
import { PNG } from "pngjs";
import {
  SIGNATURE_DATA_URL_PREFIX,
  SIGNATURE_MAX_HEIGHT_PX,
  SIGNATURE_MAX_PIXELS,
  SIGNATURE_MAX_WIDTH_PX,
} from "#app/modules/guests/signature.ts";

// A drawn signature as the server keeps it (ADR 0013). What a guest sends is a PNG of any kind
// the pad (or an attacker) produced; what is stored is always our own small PNG: 8-bit
// greyscale on white, trimmed to the ink and scaled to fit NORMALISED_MAX_*, non-interlaced,
// marked with a tEXt chunk. The PDF embeds that PNG's compressed data as it is (PDF's Flate
// filter with PNG predictors reads it), so no guest bytes are ever decoded twice.
//
// normaliseSignaturePng runs in a worker thread (signature-worker-pool.server.ts), never on
// the event loop of a request: it is synchronous and CPU-bound by design. Everything it may
// cost is bounded by the header checks before any inflating: width, height and pixel count
// capped, the inflated size computed from the header and enforced while inflating.

export const NORMALISED_MAX_WIDTH = 600;
export const NORMALISED_MAX_HEIGHT = 200;
/** The tEXt chunk that marks a PNG as this module's output. */
const MARKER_KEYWORD = "Software";
const MARKER_TEXT = "NidoSmart signature v1";
/** Ink darker than this (0–255 on white) counts when trimming; lighter is anti-aliasing haze. */
const INK_THRESHOLD = 24;
const TRIM_MARGIN = 6;
const MAX_CHUNKS = 4096;

export type SignatureProblem = "unreadable" | "too-large" | "empty";
export type NormaliseResult = { ok: true; png: Uint8Array; width: number; height: number } | { ok: false; problem: SignatureProblem };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Allowed bit depths per colour type (PNG spec table 11.1); anything else is not a PNG. */
const BIT_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

type PngHeader = { width: number; height: number; bitDepth: number; colourType: number; interlace: number };
type PngChunk = { type: string; data: Buffer };

class PngError extends Error {
  constructor(readonly problem: SignatureProblem) {
    super(problem);
  }
}

/**
 * The chunks of a PNG, checked without decoding anything: signature, every CRC, IHDR first and
 * valid, the size caps, PLTE where needed, IDAT contiguous, IEND last and nothing after it.
 */
function readChunks(bytes: Buffer): { header: PngHeader; chunks: PngChunk[] } {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new PngError("unreadable");
  const chunks: PngChunk[] = [];
  let offset = 8;
  let ended = false;
  while (offset < bytes.length) {
    if (ended || chunks.length >= MAX_CHUNKS || offset + 12 > bytes.length) throw new PngError("unreadable");
    const length = bytes.readUInt32BE(offset);
    if (length > bytes.length - offset - 12) throw new PngError("unreadable");
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError("unreadable");
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if ((crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0) !== crc) throw new PngError("unreadable");
    chunks.push({ type, data: bytes.subarray(offset + 8, offset + 8 + length) });
    if (type === "IEND") ended = true;
    offset += 12 + length;
  }
  if (!ended || chunks[0]?.type !== "IHDR" || chunks[0].data.length !== 13) throw new PngError("unreadable");
  const ihdr = chunks[0].data;
  const header: PngHeader = {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8],
    colourType: ihdr[9],
    interlace: ihdr[12],
  };
  if (!BIT_DEPTHS[header.colourType]?.includes(header.bitDepth)) throw new PngError("unreadable");
  if (ihdr[10] !== 0 || ihdr[11] !== 0 || header.interlace > 1) throw new PngError("unreadable");
  if (header.width < 1 || header.height < 1) throw new PngError("unreadable");
  if (header.width > SIGNATURE_MAX_WIDTH_PX || header.height > SIGNATURE_MAX_HEIGHT_PX || header.width * header.height > SIGNATURE_MAX_PIXELS) {
    throw new PngError("too-large");
  }
  const types = chunks.map((chunk) => chunk.type);
  const firstIdat = types.indexOf("IDAT");
  const lastIdat = types.lastIndexOf("IDAT");
  if (firstIdat < 0 || types.slice(firstIdat, lastIdat + 1).some((type) => type !== "IDAT")) throw new PngError("unreadable");
  if (types.filter((type) => type === "IHDR").length !== 1) throw new PngError("unreadable");
  if (header.colourType === 3 && !types.slice(0, firstIdat).includes("PLTE")) throw new PngError("unreadable");
  return { header, chunks };
}

/** Bytes of the filtered image data the header promises (Adam7 passes counted when interlaced). */
function inflatedSize({ width, height, bitDepth, colourType, interlace }: PngHeader): number {
  const bitsPerPixel = bitDepth * CHANNELS[colourType];
  const rowBytes = (w: number) => 1 + Math.ceil((w * bitsPerPixel) / 8);
  if (interlace === 0) return height * rowBytes(width);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

/**
 * Decodes a guest's PNG within bounds and re-encodes it normalised. Synchronous and CPU-bound:
 * call it in the worker (normaliseSignatureOffThread), not on a request's event loop.
 */
export function normaliseSignaturePng(input: Uint8Array): NormaliseResult {
  try {
    const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    const { header, chunks } = readChunks(bytes);
    // Inflate once with the promised size as a hard cap: a corrupt stream, a truncated one or
    // one holding more than the header says is refused before any pixel is looked at.
    const expected = inflatedSize(header);
    const compressed = Buffer.concat(chunks.filter((chunk) => chunk.type === "IDAT").map((chunk) => chunk.data));
    let inflated: Buffer;
    try {
      inflated = inflateSync(compressed, { maxOutputLength: expected + 1 });
    } catch {
      throw new PngError("unreadable");
    }
    if (inflated.length !== expected) throw new PngError("unreadable");
    // pngjs (kept library) does the unfiltering, palettes, bit depths and interlacing.
    let image: PNG;
    try {
      image = PNG.sync.read(bytes);
    } catch {
      throw new PngError("unreadable");
    }
    return normalisePixels(image.width, image.height, image.data);
  } catch (error) {
    if (error instanceof PngError) return { ok: false, problem: error.problem };
    return { ok: false, problem: "unreadable" };
  }
}

/** RGBA pixels → trimmed, scaled 8-bit greyscale on white, encoded as our PNG. */
function normalisePixels(width: number, height: number, rgba: Buffer): NormaliseResult {
  // Ink (0 = paper, 255 = black) of each pixel composited on white.
  const ink = new Uint8Array(width * height);
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const luminance = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
      const value = Math.round(((255 - luminance) * rgba[i + 3]) / 255);
      ink[y * width + x] = value;
      if (value > INK_THRESHOLD) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return { ok: false, problem: "empty" };
  minX = Math.max(0, minX - TRIM_MARGIN);
  minY = Math.max(0, minY - TRIM_MARGIN);
  maxX = Math.min(width - 1, maxX + TRIM_MARGIN);
  maxY = Math.min(height - 1, maxY + TRIM_MARGIN);
  const cropW = maxX - minX + 1;
  const cropH = maxY - minY + 1;
  const scale = Math.min(1, NORMALISED_MAX_WIDTH / cropW, NORMALISED_MAX_HEIGHT / cropH);
  const outW = Math.max(1, Math.round(cropW * scale));
  const outH = Math.max(1, Math.round(cropH * scale));
  // Box filter: each output pixel is the mean ink of the source pixels it covers, so thin
  // strokes fade rather than vanish when scaled down.
  const grey = Buffer.alloc(outW * outH);
  for (let oy = 0; oy < outH; oy++) {
    const sy0 = minY + Math.floor((oy * cropH) / outH);
    const sy1 = Math.max(sy0 + 1, minY + Math.floor(((oy + 1) * cropH) / outH));
    for (let ox = 0; ox < outW; ox++) {
      const sx0 = minX + Math.floor((ox * cropW) / outW);
      const sx1 = Math.max(sx0 + 1, minX + Math.floor(((ox + 1) * cropW) / outW));
      let sum = 0;
      for (let sy = sy0; sy < sy1; sy++) for (let sx = sx0; sx < sx1; sx++) sum += ink[sy * width + sx];
      grey[oy * outW + ox] = 255 - Math.round(sum / ((sy1 - sy0) * (sx1 - sx0)));
    }
  }
  return { ok: true, png: encodeGreyPng(outW, outH, grey), width: outW, height: outH };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** 8-bit greyscale, filter "Up" on every row (what the PDF's /Predictor 15 reads back). */
function encodeGreyPng(width: number, height: number, grey: Buffer): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 2;
    for (let x = 0; x < width; x++) {
      const above = y > 0 ? grey[(y - 1) * width + x] : 0;
      raw[y * (width + 1) + 1 + x] = (grey[y * width + x] - above) & 0xff;
    }
  }
  return new Uint8Array(
    Buffer.concat([
      PNG_MAGIC,
      chunk("IHDR", ihdr),
      chunk("tEXt", Buffer.from(`${MARKER_KEYWORD}\0${MARKER_TEXT}`, "latin1")),
      chunk("IDAT", deflateSync(raw, { level: 9 })),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/**
 * The compressed pixels of a PNG this module wrote (marker, 8-bit greyscale, non-interlaced,
 * within the normalised size, every CRC right), for the PDF to embed as they are; null for
 * anything else (a signature stored before normalisation existed). Reads chunk headers only.
 */
export function readNormalisedSignature(bytes: Uint8Array): { width: number; height: number; idat: Uint8Array } | null {
  try {
    const { header, chunks } = readChunks(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const marked = chunks.some((chunk) => chunk.type === "tEXt" && chunk.data.toString("latin1") === `${MARKER_KEYWORD}\0${MARKER_TEXT}`);
    if (!marked || header.colourType !== 0 || header.bitDepth !== 8 || header.interlace !== 0) return null;
    if (header.width > NORMALISED_MAX_WIDTH || header.height > NORMALISED_MAX_HEIGHT) return null;
    const idat = Buffer.concat(chunks.filter((chunk) => chunk.type === "IDAT").map((chunk) => chunk.data));
    return { width: header.width, height: header.height, idat: new Uint8Array(idat) };
  } catch {
    return null;
  }
}

export function signaturePngDataUrl(png: Uint8Array): string {
  return `${SIGNATURE_DATA_URL_PREFIX}${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString("base64")}`;
}
