// The guest's signature on the register (RD 933/2021 asks every guest of 14 or more to sign).
// Shared by browser and server: the browser checks for speed, the server is the authority.
//
// A signature is either drawn (a PNG data URL from the on-screen pad, finger or mouse) or typed
// (the guest's name written with the keyboard, for whoever cannot draw). A typed signature is
// stored as text and labelled as typed everywhere it is shown, never rendered to look drawn.
// A guest under 14 does not sign: the adult of the group who holds the kinship signs for them,
// and the row records which guest that was.

export const SIGNATURE_MIN_AGE = 14;
export const SIGNATURE_KINDS = ["drawn", "typed"] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export const SIGNATURE_DATA_URL_PREFIX = "data:image/png;base64,";
/** Decoded PNG bytes. A pad of a phone's width at 3x density compresses to 10–40 kB. */
export const SIGNATURE_MAX_BYTES = 96 * 1024;
/** The data URL as sent: prefix plus base64 (4 characters per 3 bytes). */
export const SIGNATURE_MAX_DATA_URL_CHARS = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;
/** Larger than any canvas the form draws on; a bigger image is not ours. */
export const SIGNATURE_MAX_SIDE_PX = 4000;
/**
 * What the server agrees to decode (signature-normalise.server.ts, ADR 0013): the pad is 160 CSS
 * px high at most 2x density and as wide as the card. The pixel cap bounds what decoding may
 * cost: a 62 kB PNG can claim 4000×4000 RGBA, 64 MB once decoded.
 */
export const SIGNATURE_MAX_WIDTH_PX = 2400;
export const SIGNATURE_MAX_HEIGHT_PX = 800;
export const SIGNATURE_MAX_PIXELS = 1_200_000;
export const SIGNATURE_TYPED_MAX_CHARS = 100;

export type GuestSignature =
  | { kind: "drawn"; image: string; signedBy: number | null }
  | { kind: "typed"; name: string; signedBy: number | null };

export function isSignatureKind(value: unknown): value is SignatureKind {
  return value === "drawn" || value === "typed";
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * The PNG bytes of a drawn signature, or null when the value is not a PNG data URL within the
 * limits: right prefix, valid base64, at most SIGNATURE_MAX_BYTES, PNG signature, an IHDR chunk
 * first with a plausible size. Only the header is read here, in browser and server alike; the
 * server then decodes and normalises the image in a worker (signature-normalise.server.ts).
 */
export function parseSignatureDataUrl(value: string): Uint8Array | null {
  if (!value.startsWith(SIGNATURE_DATA_URL_PREFIX) || value.length > SIGNATURE_MAX_DATA_URL_CHARS) return null;
  const bytes = decodeBase64(value.slice(SIGNATURE_DATA_URL_PREFIX.length));
  if (!bytes || bytes.length > SIGNATURE_MAX_BYTES || bytes.length < 33) return null;
  if (PNG_MAGIC.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  if (view.getUint32(8) !== 13 || chunkType !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_SIDE_PX || height > SIGNATURE_MAX_SIDE_PX) return null;
  return bytes;
}

export function isValidSignatureDataUrl(value: string): boolean {
  return parseSignatureDataUrl(value) !== null;
}
