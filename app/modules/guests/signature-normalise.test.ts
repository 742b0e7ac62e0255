import { deflateSync } from "node:zlib";
import { PNG } from "pngjs";
import { describe, expect, test } from "vitest";
import { normaliseSignatureOffThread } from "#app/modules/guests/guest-worker-pool.server.ts";
import {
  NORMALISED_MAX_HEIGHT,
  NORMALISED_MAX_WIDTH,
  normaliseSignaturePng,
  readNormalisedSignature,
} from "#app/modules/guests/signature-normalise.server.ts";
import { bombPng, colourType7Png, corruptIdatPng, pngChunk } from "#tests/helpers/hostile-png.ts";
import { signaturePng } from "#tests/helpers/signature-png.ts";

// Every drawn signature is decoded within bounds and re-encoded as our own small PNG; what
// cannot be read is refused (issue 18, items 4 and 5; ADR 0013).

const withoutIend = (png: Buffer) => png.subarray(0, png.length - 12);

describe("signature normalisation", () => {
  test("a drawn signature becomes a trimmed 8-bit greyscale PNG that still holds the stroke", () => {
    const result = normaliseSignaturePng(signaturePng(900, 300, 1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.width).toBeLessThanOrEqual(NORMALISED_MAX_WIDTH);
    expect(result.height).toBeLessThanOrEqual(NORMALISED_MAX_HEIGHT);
    const decoded = PNG.sync.read(Buffer.from(result.png));
    expect([decoded.width, decoded.height]).toEqual([result.width, result.height]);
    const dark = Array.from({ length: decoded.width * decoded.height }, (_, i) => decoded.data[i * 4]).filter((v) => v < 128).length;
    expect(dark).toBeGreaterThan(100);
    expect(readNormalisedSignature(result.png)).toMatchObject({ width: result.width, height: result.height });
    // Our output goes through again unchanged in kind (old rows are re-normalised once).
    expect(normaliseSignaturePng(result.png).ok).toBe(true);
  });

  test("the guest's PNG is never taken for a normalised one", () => {
    expect(readNormalisedSignature(signaturePng())).toBeNull();
  });

  test.each([
    ["colour type 7", colourType7Png(), "unreadable"],
    ["a corrupt IDAT", corruptIdatPng(), "unreadable"],
    ["a 4000×4000 decompression bomb", bombPng(), "too-large"],
    ["a truncated file", signaturePng().subarray(0, 200), "unreadable"],
    ["no IEND", withoutIend(signaturePng()), "unreadable"],
    ["junk after IEND", Buffer.concat([signaturePng(), Buffer.from("junk")]), "unreadable"],
    ["a wrong CRC", (() => { const png = Buffer.from(signaturePng()); png[29] ^= 1; return png; })(), "unreadable"],
    ["a blank canvas", bombPng(300, 100), "empty"],
  ])("%s is refused", (_name, png, problem) => {
    expect(normaliseSignaturePng(png)).toEqual({ ok: false, problem });
  });

  test("image data longer than the header promises is refused", () => {
    const good = signaturePng(300, 100);
    const extra = Buffer.alloc(100 * 601 + 5000);
    const idat = pngChunk("IDAT", deflateSync(extra));
    const start = good.indexOf("IDAT", 0, "latin1") - 4;
    const png = Buffer.concat([good.subarray(0, start), idat, pngChunk("IEND", Buffer.alloc(0))]);
    expect(normaliseSignaturePng(png)).toEqual({ ok: false, problem: "unreadable" });
  });

  test("in the worker thread: the same answers, and the worker survives a bad file", async () => {
    expect(await normaliseSignatureOffThread(colourType7Png())).toEqual({ ok: false, problem: "unreadable" });
    expect(await normaliseSignatureOffThread(bombPng())).toEqual({ ok: false, problem: "too-large" });
    const good = await normaliseSignatureOffThread(signaturePng(600, 200, 3));
    expect(good.ok).toBe(true);
    if (good.ok) expect(readNormalisedSignature(good.png)).not.toBeNull();
  });
});
