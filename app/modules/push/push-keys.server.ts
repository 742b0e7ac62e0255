import { createECDH } from "node:crypto";
import webpush from "web-push";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { getOrCreateSetting } from "#app/db/settings.server.ts";
import { decryptSecret, encryptSecret, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";

// The VAPID key pair (RFC 8292) that signs every push request (issue 31, ADR 0027). Push services
// tie a browser's subscription to the public key it was made with, so the pair must be the same
// on every instance and survive restarts:
//   - VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY when set (checked to be one P-256 pair at start-up);
//   - otherwise generated once and kept in app_settings (`push_vapid`): the public key in clear,
//     the private key AES-256-GCM encrypted with the ADR 0010 key (SES_CREDENTIALS_KEY, else the
//     DATA_DIR key file with PGlite). Insert-if-absent then read, so two instances starting at
//     once agree on the winner's pair;
//   - otherwise (PostgreSQL without SES_CREDENTIALS_KEY nor the variables): no push. A private
//     key in clear in the database would be readable from any backup.
// The private key is never logged nor sent to a browser; the public one is what "Mis avisos"
// subscribes with.

export type VapidKeys =
  | { publicKey: string; privateKey: string; subject: string; source: "env" | "database" }
  | { publicKey: null; privateKey: null; subject: string; source: "none"; reason: string };

export const VAPID_SETTING = "push_vapid";
const CONTEXT = "push:vapid";

export class VapidKeyError extends Error {
  override name = "VapidKeyError";
}

/** The subject push services may contact: VAPID_SUBJECT, else the site when https, else a mailto. */
export function vapidSubjectFrom(config: Pick<AppConfig, "VAPID_SUBJECT" | "siteUrl">): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  return config.siteUrl.startsWith("https://") && !new URL(config.siteUrl).hostname.endsWith("localhost") ? config.siteUrl : "mailto:avisos@nidosmart.es";
}

/** True when `privateKey` (32 bytes base64url) is the P-256 scalar of `publicKey` (65 bytes). */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

export async function resolveVapidKeys(db: Db, config: AppConfig, credentialsKey: CredentialsKey): Promise<VapidKeys> {
  const subject = vapidSubjectFrom(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    if (!isVapidPair(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY)) {
      throw new VapidKeyError("VAPID_PRIVATE_KEY is not the private half of VAPID_PUBLIC_KEY (npx web-push generate-vapid-keys makes a pair)");
    }
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject, source: "env" };
  }
  if (!credentialsKey.key) {
    return { publicKey: null, privateKey: null, subject, source: "none", reason: "set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or SES_CREDENTIALS_KEY, when using DATABASE_URL" };
  }
  const key = credentialsKey.key;
  const stored = await getOrCreateSetting(db, VAPID_SETTING, () => {
    const pair = webpush.generateVAPIDKeys();
    return JSON.stringify({ publicKey: pair.publicKey, privateKey: encryptSecret(key, pair.privateKey, CONTEXT) });
  });
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  let clear: string;
  try {
    clear = decryptSecret(key, privateKey, CONTEXT);
  } catch {
    return { publicKey: null, privateKey: null, subject, source: "none", reason: "the stored VAPID private key was encrypted with another SES_CREDENTIALS_KEY" };
  }
  return { publicKey, privateKey: clear, subject, source: "database" };
}

// Resolved once at start-up; a registry on globalThis by database so the routes' bundle (its own
// copy of this module) reads the same keys.
const REGISTRY = Symbol.for("nidosmart.push.vapid");
const registry: WeakMap<object, VapidKeys> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<object, VapidKeys> | undefined) ?? new WeakMap();
(globalThis as Record<symbol, unknown>)[REGISTRY] = registry;

export function registerVapidKeys(db: object, keys: VapidKeys): void {
  registry.set(db, keys);
}

export function vapidKeysFor(db: object): VapidKeys | null {
  return registry.get(db) ?? null;
}
