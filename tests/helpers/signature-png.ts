import { crc32, deflateSync } from "node:zlib";

// A real PNG of a hand-drawn-looking stroke, built byte by byte, so tests post exactly what the
// signature pad sends (a PNG data URL) without a browser.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** Greyscale+alpha PNG, width × height, with a wavy dark line across it. */
export function signaturePng(width = 300, height = 100, seed = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 4; // greyscale with alpha
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 2);
    for (let x = 0; x < width; x++) {
      const lineY = height / 2 + Math.sin((x / width) * Math.PI * (2 + seed)) * (height / 3);
      if (Math.abs(y - lineY) < 2) {
        row[1 + x * 2] = 20;
        row[2 + x * 2] = 255;
      }
    }
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return png;
}

export function signatureDataUrl(seed = 1): string {
  return `data:image/png;base64,${signaturePng(300, 100, seed).toString("base64")}`;
}
