import { createHash } from "node:crypto";
import type { DbOrTx } from "#app/db/client.server.ts";
import { verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { findTelemetryDevice, type TelemetryDevice } from "./telemetry.server.ts";

// Device authentication for telemetry (ADR 0016). The device secret is stored as an scrypt hash
// (door.server.ts): about 50 ms of CPU per check, which 40 batches a second cannot afford. So each
// process remembers, per device, the row it read (for DEVICE_RECHECK_MS) and which secrets,
// identified by their SHA-256, matched that row's hash. After DEVICE_RECHECK_MS the row is read
// again (one primary-key lookup): a deleted device or a changed secret stops being accepted
// within that time, while scrypt runs once per secret per hash. Wrong secrets are remembered too,
// so hammering a device with a bad secret costs one scrypt, not one per request.

export const DEVICE_RECHECK_MS = 5_000;
const MAX_DEVICES = 20_000;
const MAX_SECRETS_PER_DEVICE = 4;

// This process's secret checks, for operators and tests: how many scrypt runs, and the most at
// once (each takes a thread-pool thread and a core for ~50 ms).
const scryptWork = { runs: 0, inFlight: 0, maxInFlight: 0 };

/** A copy of this process's device-secret check counters. */
export function deviceAuthStats(): { scryptRuns: number; scryptInFlight: number; scryptMaxInFlight: number } {
  return { scryptRuns: scryptWork.runs, scryptInFlight: scryptWork.inFlight, scryptMaxInFlight: scryptWork.maxInFlight };
}

async function checkSecret(secret: string, hash: string): Promise<boolean> {
  scryptWork.runs++;
  scryptWork.maxInFlight = Math.max(scryptWork.maxInFlight, ++scryptWork.inFlight);
  try {
    return await verifyDeviceSecret(secret, hash);
  } finally {
    scryptWork.inFlight--;
  }
}

type Entry = {
  row: (TelemetryDevice & { secretHash: string }) | null;
  readAt: number;
  secrets: Map<string, boolean>;
  loading?: Promise<void>;
};

export type DeviceAuthResult = { ok: true; device: TelemetryDevice } | { ok: false; status: 401 | 404 };

export function createDeviceAuthenticator(options: { recheckMs?: number; now?: () => number } = {}) {
  const recheckMs = options.recheckMs ?? DEVICE_RECHECK_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Entry>();

  async function load(db: DbOrTx, deviceId: string, entry: Entry): Promise<void> {
    const row = await findTelemetryDevice(db, deviceId);
    if (!row || row.secretHash !== entry.row?.secretHash) entry.secrets.clear();
    entry.row = row;
    entry.readAt = now();
  }

  return {
    async authenticate(db: DbOrTx, deviceId: string, secret: string | null): Promise<DeviceAuthResult> {
      let entry = cache.get(deviceId);
      if (!entry) {
        if (cache.size >= MAX_DEVICES) cache.delete(cache.keys().next().value!);
        entry = { row: null, readAt: 0, secrets: new Map() };
        cache.set(deviceId, entry);
      }
      if (now() - entry.readAt >= recheckMs) {
        // Concurrent requests of one device share one lookup.
        entry.loading ??= load(db, deviceId, entry).finally(() => {
          entry.loading = undefined;
        });
        await entry.loading;
      }
      const row = entry.row;
      if (!row) return { ok: false, status: 404 };
      if (!secret) return { ok: false, status: 401 };
      const digest = createHash("sha256").update(secret).digest("base64");
      let good = entry.secrets.get(digest);
      if (good === undefined) {
        good = await checkSecret(secret, row.secretHash);
        if (entry.secrets.size >= MAX_SECRETS_PER_DEVICE) entry.secrets.delete(entry.secrets.keys().next().value!);
        // Only if the row did not change meanwhile: a verdict belongs to one hash.
        if (entry.row === row) entry.secrets.set(digest, good);
      }
      return good ? { ok: true, device: { id: row.id, key: row.key, propertyId: row.propertyId } } : { ok: false, status: 401 };
    },
    /** Forgets everything (tests). */
    clear() {
      cache.clear();
    },
  };
}

export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;

// ---------------------------------------------------------------- per-device rate limit

/**
 * A token bucket per device, in this process's memory (ADR 0016 explains why not the database):
 * `burst` requests at once, refilled at `perSecond`. O(1) per request, bounded map.
 */
export function createDeviceRateLimiter(options: { perSecond: number; burst: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** null when allowed, else the seconds to wait. */
    take(deviceId: string): number | null {
      const t = now();
      let bucket = buckets.get(deviceId);
      if (!bucket) {
        if (buckets.size >= MAX_DEVICES) buckets.delete(buckets.keys().next().value!);
        bucket = { tokens: options.burst, at: t };
        buckets.set(deviceId, bucket);
      }
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
      bucket.at = t;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}
