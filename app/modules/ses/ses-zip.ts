import { createHash } from "node:crypto";
import { strToU8, unzipSync, zipSync } from "fflate";

// The ministry wants the inner document as a real ZIP archive, Base64 on one line
// (WEB-SERVICE.md §3: gzip/zlib are not ZIP, and `solicitud` collapses whitespace so a
// wrapped Base64 would be corrupted). fflate writes the archive; we only pin what makes the
// bytes reproducible: one entry named solicitud.xml (the name a third party saw accepted in
// production), deflate level 6, and the DOS epoch as modification time. fflate reads that
// date with local-time getters, so it is built with the local-time constructor at each call
// (the process's zone can change): the packed date is 1980-01-01 00:00 in every time zone
// and the same XML always gives the same Base64.

export const SES_ZIP_ENTRY_NAME = "solicitud.xml";

/** sha256 (hex) of the exact UTF-8 bytes of a document: the identity of a filing attempt. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** UTF-8 XML → ZIP (one deflated entry) → Base64 on one line. Deterministic. */
export function zipBase64(xml: string): string {
  const archive = zipSync({ [SES_ZIP_ENTRY_NAME]: [strToU8(xml), { level: 6, mtime: new Date(1980, 0, 1, 0, 0, 0) }] });
  return Buffer.from(archive).toString("base64");
}

export class SesZipError extends Error {
  override name = "SesZipError";
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The reverse, as strictly as the ministry's 10111 check: valid Base64, a ZIP local-file
 * header, at least one readable entry, valid UTF-8. Returns the first entry's text.
 */
export function unzipBase64(solicitud: string): { entryName: string; xml: string } {
  const compact = solicitud.replace(/\s+/g, "");
  if (compact === "" || compact.length % 4 !== 0 || !BASE64.test(compact)) throw new SesZipError("not Base64");
  const bytes = Buffer.from(compact, "base64");
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new SesZipError("not a ZIP archive");
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(bytes));
  } catch (error) {
    throw new SesZipError(`unreadable ZIP: ${error instanceof Error ? error.message : String(error)}`);
  }
  const names = Object.keys(entries).filter((name) => !name.endsWith("/"));
  if (names.length === 0) throw new SesZipError("empty ZIP archive");
  const entryName = names[0];
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(entries[entryName]);
  } catch {
    throw new SesZipError("entry is not UTF-8");
  }
  return { entryName, xml: xml.replace(/^\uFEFF/, "") };
}
