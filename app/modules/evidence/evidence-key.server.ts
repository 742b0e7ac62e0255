import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The platform key that signs evidence reports (ADR 0022): Ed25519.
//   - EVIDENCE_SIGNING_KEY when set: a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`, "\n"
//     written as real or escaped newlines) or the 32-byte private seed as 64 hex digits or base64.
//     The same value on every instance.
//   - otherwise, with PGlite on disk, a key generated once into DATA_DIR/evidence-signing.key
//     (PKCS#8 PEM, mode 0600): one instance owns DATA_DIR, and the key sits beside the data.
//   - otherwise, with an in-memory PGlite (tests), a key that lives as long as the process.
//   - otherwise (PostgreSQL without the variable): none. A key made on one instance's disk would
//     differ from the others', and one kept in the database would be readable by anyone who can
//     read a backup; so reports cannot be signed, and the screen says to set the variable.
// The private key is never logged, stored in the database or sent to a browser; only its public
// half is (evidence_keys, /.well-known/nidosmart-evidence-key).

export const EVIDENCE_KEY_FILE = "evidence-signing.key";

export type EvidenceKey =
  | { privateKey: KeyObject; publicKeyPem: string; keyId: string; source: "env" | "data-dir" | "memory" }
  | { privateKey: null; publicKeyPem: null; keyId: null; source: "none" };

export const NO_EVIDENCE_KEY: EvidenceKey = { privateKey: null, publicKeyPem: null, keyId: null, source: "none" };

export class EvidenceKeyError extends Error {
  override name = "EvidenceKeyError";
}

/** PKCS#8 DER prefix of an Ed25519 private key: the 32-byte seed follows (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The key from the variable's text; null when it is not an Ed25519 private key. */
export function parseEvidenceKey(value: string): KeyObject | null {
  const text = value.trim().replace(/\\n/g, "\n");
  try {
    let key: KeyObject;
    if (text.includes("-----BEGIN")) {
      key = createPrivateKey({ key: text, format: "pem" });
    } else {
      let seed: Buffer | null = null;
      if (/^[0-9a-fA-F]{64}$/.test(text)) seed = Buffer.from(text, "hex");
      else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) seed = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
      if (!seed || seed.length !== 32) return null;
      key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
    }
    return key.asymmetricKeyType === "ed25519" ? key : null;
  } catch {
    return null;
  }
}

/** The public key's id: the first 16 hex digits of the SHA-256 of its SubjectPublicKeyInfo. */
export function publicKeyId(publicKey: KeyObject): string {
  return createHash("sha256").update(publicKey.export({ format: "der", type: "spki" })).digest("hex").slice(0, 16);
}

function withKey(privateKey: KeyObject, source: "env" | "data-dir" | "memory"): EvidenceKey {
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKeyPem: publicKey.export({ format: "pem", type: "spki" }).toString(), keyId: publicKeyId(publicKey), source };
}

function loadOrCreateKeyFile(dataDir: string): KeyObject {
  const file = path.join(dataDir, EVIDENCE_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // "wx": two processes starting at once cannot both write a key; the loser reads the winner's.
    const fd = fs.openSync(file, "wx", 0o600);
    try {
      fs.fchmodSync(fd, 0o600);
      const { privateKey } = generateKeyPairSync("ed25519");
      fs.writeSync(fd, privateKey.export({ format: "pem", type: "pkcs8" }).toString());
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = parseEvidenceKey(fs.readFileSync(file, "utf8"));
  if (!key) throw new EvidenceKeyError(`${file} does not hold an Ed25519 private key. Restore it from a backup, or set EVIDENCE_SIGNING_KEY.`);
  return key;
}

export function resolveEvidenceKey(input: { envKey: string | undefined; database: { kind: "pglite" | "postgres"; dataDir: string | null } }): EvidenceKey {
  if (input.envKey !== undefined) {
    const key = parseEvidenceKey(input.envKey);
    if (!key) throw new EvidenceKeyError("EVIDENCE_SIGNING_KEY must be an Ed25519 private key: PKCS#8 PEM, or its 32-byte seed as 64 hex digits or base64");
    return withKey(key, "env");
  }
  if (input.database.kind === "postgres") return NO_EVIDENCE_KEY;
  if (input.database.dataDir) return withKey(loadOrCreateKeyFile(input.database.dataDir), "data-dir");
  return withKey(generateKeyPairSync("ed25519").privateKey, "memory");
}

/** Pure Ed25519 over the bytes themselves (what `openssl pkeyutl -sign -rawin` does). */
export function signEvidence(key: EvidenceKey, bytes: Uint8Array): Buffer {
  if (!key.privateKey) throw new EvidenceKeyError("no evidence signing key");
  return sign(null, bytes, key.privateKey);
}

export function verifyEvidenceSignature(publicKeyPem: string, bytes: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, bytes, createPublicKey(publicKeyPem), signature);
  } catch {
    return false;
  }
}

// The server resolves the key once at start-up and hands it to loaders and actions as
// context.evidenceKey; Hono routes get it in their deps. A registry on globalThis by database
// lets code the server runs itself reach it too (the React Router build has its own module copy).
const REGISTRY = Symbol.for("nidosmart.evidence.keys");
const registry: WeakMap<object, EvidenceKey> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<object, EvidenceKey> | undefined) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[REGISTRY] = registry;

export function registerEvidenceKey(db: object, key: EvidenceKey): void {
  registry.set(db, key);
}

export function evidenceKeyFor(db: object): EvidenceKey {
  return registry.get(db) ?? NO_EVIDENCE_KEY;
}
