import { crc32, deflateSync } from "node:zlib";
import { signaturePng } from "#tests/helpers/signature-png.ts";

// PNGs that look right from the outside and are not (issue 18): a valid signature and header
// with colour type 7, a corrupt IDAT, a decompression bomb. Built byte by byte so each has
// exactly the one defect it is named after.

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  return pngChunk("IHDR", header);
}

/** Colour type 7 does not exist; everything else (CRCs, sizes, data) is well formed. */
export function colourType7Png(): Buffer {
  const rows = Buffer.alloc(100 * (1 + 300 * 2));
  return Buffer.concat([MAGIC, ihdr(300, 100, 8, 7), pngChunk("IDAT", deflateSync(rows)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A real signature whose compressed data is damaged (with a correct CRC over the damage). */
export function corruptIdatPng(): Buffer {
  const good = signaturePng(300, 100, 2);
  const idatAt = good.indexOf("IDAT", 0, "latin1");
  const length = good.readUInt32BE(idatAt - 4);
  const data = Buffer.from(good.subarray(idatAt + 4, idatAt + 4 + length));
  for (let i = 2; i < data.length; i += 7) data[i] ^= 0x5a;
  return Buffer.concat([good.subarray(0, idatAt - 4), pngChunk("IDAT", data), good.subarray(idatAt + 8 + length)]);
}

/** 4000×4000 RGBA, all transparent: 64 MB decoded from about 62 kB. */
export function bombPng(width = 4000, height = 4000): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  return Buffer.concat([MAGIC, ihdr(width, height, 8, 6), pngChunk("IDAT", deflateSync(rows, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]);
}

export const dataUrlOf = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
