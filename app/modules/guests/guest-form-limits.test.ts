import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { expect, test } from "vitest";
import { guestInputName } from "#app/components/guest/guest-form-data.ts";
import { GUEST_FORM_MAX_BODY_BYTES } from "#app/modules/guests/guest-form-limits.ts";
import { GUEST_FORM_FIELDS, GUEST_LIMITS, MAX_GUESTS } from "#app/modules/guests/guests.schema.ts";
import { isValidSignatureDataUrl, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from "#app/modules/guests/signature.ts";

// The largest submission a real guest form can make must pass the server's body limit
// (server/body-limit.ts), with margin; the limit must still be far below what hurts the server.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of exactly SIGNATURE_MAX_BYTES whose image data is incompressible noise: the worst case for base64. */
function maxSizeSignature(): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1080, 0);
  header.writeUInt32BE(540, 4);
  header[8] = 8;
  header[9] = 6;
  const start = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header)]);
  const end = pngChunk("IEND", Buffer.alloc(0));
  const idatSize = SIGNATURE_MAX_BYTES - start.length - end.length - 12;
  const png = Buffer.concat([start, pngChunk("IDAT", randomBytes(idatSize)), end]);
  expect(png.length).toBe(SIGNATURE_MAX_BYTES);
  return SIGNATURE_DATA_URL_PREFIX + png.toString("base64");
}

test("a ten-guest submission with every signature and field at its cap fits the guest form's body limit", () => {
  const form = new URLSearchParams({ lang: "es", client: "js" });
  const limits: Record<string, number> = GUEST_LIMITS;
  for (let index = 0; index < MAX_GUESTS; index++) {
    for (const field of GUEST_FORM_FIELDS) {
      if (field === "signatureImage") {
        const signature = maxSizeSignature();
        expect(isValidSignatureDataUrl(signature)).toBe(true);
        form.set(guestInputName(index, field), signature);
      } else {
        // Accented letters cost six bytes each once percent-encoded; 100 of them is more than
        // any short code field (sex, nationality, dates) can legitimately hold.
        form.set(guestInputName(index, field), "ñ".repeat(limits[field] ?? 100));
      }
    }
  }
  const bytes = Buffer.byteLength(form.toString());
  console.info(`largest guest form submission: ${bytes} bytes; limit ${GUEST_FORM_MAX_BODY_BYTES} bytes`);
  expect(bytes).toBeLessThan(GUEST_FORM_MAX_BODY_BYTES);
  // Margin, and still a bound: no more than a few megabytes per request.
  expect(GUEST_FORM_MAX_BODY_BYTES - bytes).toBeGreaterThan(64 * 1024);
  expect(GUEST_FORM_MAX_BODY_BYTES).toBeLessThan(4 * 1024 * 1024);
});
