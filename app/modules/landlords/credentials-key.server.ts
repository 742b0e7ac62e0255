import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { decodeCredentialsKey } from "#app/config/env.server.ts";

// The key that encrypts the SES web-service passwords at rest, and the encryption itself
// (AES-256-GCM from node:crypto). Where the key comes from:
//   - SES_CREDENTIALS_KEY when set (validated at start-up in app/config/env.server.ts);
//   - otherwise, with PGlite on disk, a key generated once into DATA_DIR/ses-credentials.key
//     (mode 0600), beside the data it protects, so a restart can still read the passwords;
//   - otherwise, with an in-memory PGlite (tests), a key that lives as long as the process,
//     like the data;
//   - otherwise (PostgreSQL without the variable) no key: a key kept on one instance's disk
//     would not be shared by the others, so passwords cannot be stored and automatic sending
//     stays off, and the Arrendadores screen says so.
// The key is never stored in the database, never logged and never sent to the browser.

export type CredentialsKeySource = "env" | "data-dir" | "memory" | "none";

export type CredentialsKey =
  | { key: Buffer; source: "env" | "data-dir" | "memory"; id: string }
  | { key: null; source: "none"; id: null };

export const NO_CREDENTIALS_KEY: CredentialsKey = { key: null, source: "none", id: null };
export const CREDENTIALS_KEY_FILE = "ses-credentials.key";

export class CredentialsKeyError extends Error {
  override name = "CredentialsKeyError";
}

/** A short, non-secret fingerprint of the key, stored with each ciphertext to name the key it needs. */
export function credentialsKeyId(key: Buffer): string {
  return createHash("sha256").update("nidosmart-ses-credentials-key:").update(key).digest("hex").slice(0, 8);
}

function withKey(key: Buffer, source: "env" | "data-dir" | "memory"): CredentialsKey {
  return { key, source, id: credentialsKeyId(key) };
}

/** Reads DATA_DIR's key file, creating it (0600, exclusively) on first use. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, CREDENTIALS_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // "wx": two processes starting at once cannot both write a key; the loser reads the winner's.
    const fd = fs.openSync(file, "wx", 0o600);
    try {
      fs.fchmodSync(fd, 0o600);
      fs.writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = decodeCredentialsKey(fs.readFileSync(file, "utf8"));
  if (!key) {
    throw new CredentialsKeyError(
      `${file} does not hold a 32-byte key (64 hex digits). Restore it from a backup, or set SES_CREDENTIALS_KEY.`,
    );
  }
  return key;
}

export function resolveCredentialsKey(input: {
  envKey: string | undefined;
  database: { kind: "pglite" | "postgres"; dataDir: string | null };
}): CredentialsKey {
  if (input.envKey !== undefined) {
    const key = decodeCredentialsKey(input.envKey);
    if (!key) throw new CredentialsKeyError("SES_CREDENTIALS_KEY must be 32 bytes as 64 hex digits or base64");
    return withKey(key, "env");
  }
  if (input.database.kind === "postgres") return NO_CREDENTIALS_KEY;
  if (input.database.dataDir) return withKey(loadOrCreateKeyFile(input.database.dataDir), "data-dir");
  return withKey(randomBytes(32), "memory");
}

// One key per open database, for code started by the server process itself (the SES sender):
// tests run several servers in one process, each with its own key. Loaders and actions live in
// the React Router build, which bundles its own copy of this module, so they read the key from
// context.credentialsKey instead.
const registry = new WeakMap<object, CredentialsKey>();

export function registerCredentialsKey(db: object, key: CredentialsKey): void {
  registry.set(db, key);
}

/** The key registered for this database at start-up; "none" when there is none. */
export function credentialsKeyFor(db: object): CredentialsKey {
  return registry.get(db) ?? NO_CREDENTIALS_KEY;
}

// ---------------------------------------------------------------- AES-256-GCM

const FORMAT = "v1";

/**
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). A fresh 96-bit IV per encryption;
 * `context` (the landlord account's id) is authenticated data, so a ciphertext copied onto
 * another account's row does not decrypt there.
 */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT, credentialsKeyId(key), iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export class SecretDecryptError extends Error {
  override name = "SecretDecryptError";
}

export function decryptSecret(key: Buffer, stored: string, context: string): string {
  const parts = stored.split(".");
  if (parts.length !== 5 || parts[0] !== FORMAT) throw new SecretDecryptError("unknown ciphertext format");
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  if (keyId !== credentialsKeyId(key)) throw new SecretDecryptError("encrypted under another key");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptError("ciphertext does not authenticate");
  }
}
