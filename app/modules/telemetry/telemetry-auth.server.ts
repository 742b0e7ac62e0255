import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { DbOrTx } from "#app/db/client.server.ts";
import { UNMATCHABLE_DEVICE_SECRET_HASH, verifyDeviceSecret } from "#app/modules/door/door.server.ts";
import { findTelemetryDevice, type TelemetryDevice } from "./telemetry.server.ts";

// Device authentication for telemetry (ADR 0016). The device secret is stored as an scrypt hash
// (door.server.ts): about 50 ms of a core per check, which 40 batches a second cannot afford, and
// which anyone can make the server spend by sending a made-up secret. So:
//
// - Each process remembers, per device, the row it read (for DEVICE_RECHECK_MS) and the one
//   secret, identified by its SHA-256, that matched that row's hash. That device's requests are
//   answered from memory, before any limit: a flood on its id cannot refuse it. After
//   DEVICE_RECHECK_MS the row is read again (one primary-key lookup): a deleted device or a
//   changed secret stops being accepted within that time.
// - Secrets found wrong are remembered apart (a few per device id), so a device repeating an old
//   secret costs nothing, and no wrong secret can push the verified one out.
// - Any other secret needs an scrypt, and that is budgeted: each failure spends a token of the
//   client address's budget and of the device id's (SECRET_FAILURE_LIMITS), taken before the
//   scrypt runs and given back if the secret was right; an empty budget is a 429 with
//   Retry-After and no scrypt. The budgets live in this process's memory: what they protect is
//   this process's CPU (ADR 0016).
// - At most SCRYPT_CONCURRENCY checks run at once in the process, SCRYPT_QUEUE more wait; beyond
//   that the answer is 503 with Retry-After, instead of an unbounded queue of work.
// - An unknown device can be checked against a hash no secret matches (the MQTT hook does), so it
//   costs exactly what a wrong secret costs and the answer's timing tells nothing.

/** How long a device's row (and its verified secret) is reused before it is read again. */
export const DEVICE_RECHECK_MS = 5_000;
const MAX_DEVICES = 20_000;
/** Device ids without a row remembered (their failed secrets), apart so they never push out real ones. */
const MAX_UNKNOWN_IDS = 5_000;
const MAX_REJECTED_PER_DEVICE = 8;
const MAX_BUDGET_KEYS = 20_000;

/** Wrong-secret budgets: `burst` failures at once, refilled at `perMinute`. */
export const SECRET_FAILURE_LIMITS = {
  perAddress: { burst: 10, perMinute: 10 },
  perDevice: { burst: 5, perMinute: 5 },
} as const;

/** scrypt checks running at once in this process: a core is left for everything else. */
export const SCRYPT_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Checks waiting for a free slot; more are refused with 503. */
export const SCRYPT_QUEUE = 32;

// This process's secret checks, for operators and tests: how many scrypt runs, the most at once,
// and the requests refused by a budget (429) or because the queue was full (503).
const scryptWork = { runs: 0, inFlight: 0, maxInFlight: 0, refusedByBudget: 0, refusedBusy: 0 };

export type DeviceAuthStats = { scryptRuns: number; scryptInFlight: number; scryptMaxInFlight: number; refusedByBudget: number; refusedBusy: number };

/** A copy of this process's device-secret check counters. */
export function deviceAuthStats(): DeviceAuthStats {
  return {
    scryptRuns: scryptWork.runs,
    scryptInFlight: scryptWork.inFlight,
    scryptMaxInFlight: scryptWork.maxInFlight,
    refusedByBudget: scryptWork.refusedByBudget,
    refusedBusy: scryptWork.refusedBusy,
  };
}

/** A counting semaphore with a bounded queue: acquire() is false when the queue is full. */
function createSlots(size: number, queueMax: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<boolean> {
      if (busy < size) {
        busy++;
        return true;
      }
      if (waiting.length >= queueMax) return false;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return true; // the releasing request handed its slot over
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else busy--;
    },
  };
}

// One per process: the CPU it bounds is the process's, whatever the number of authenticators.
const scryptSlots = createSlots(SCRYPT_CONCURRENCY, SCRYPT_QUEUE);

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
  /** SHA-256 of the secret that matched row's hash. */
  verified: string | null;
  /** SHA-256 of secrets that did not (oldest first). */
  rejected: string[];
  loading?: Promise<void>;
};

export type DeviceAuthResult =
  | { ok: true; device: TelemetryDevice }
  | { ok: false; status: 401 | 404 }
  /** 429: a wrong-secret budget is spent; 503: too many checks waiting. */
  | { ok: false; status: 429 | 503; retryAfter: number };

export type DeviceAuthOptions = {
  /** The client's address, for its wrong-secret budget. */
  address: string;
  /** "check": an unknown device is checked against a hash no secret matches and answered 401. */
  unknownDevice?: "404" | "check";
};

export function createDeviceAuthenticator(options: { recheckMs?: number; now?: () => number } = {}) {
  const recheckMs = options.recheckMs ?? DEVICE_RECHECK_MS;
  const now = options.now ?? Date.now;
  const known = new Map<string, Entry>();
  const unknown = new Map<string, Entry>();
  const addressFailures = createTokenBuckets({ perSecond: SECRET_FAILURE_LIMITS.perAddress.perMinute / 60, burst: SECRET_FAILURE_LIMITS.perAddress.burst, now });
  const deviceFailures = createTokenBuckets({ perSecond: SECRET_FAILURE_LIMITS.perDevice.perMinute / 60, burst: SECRET_FAILURE_LIMITS.perDevice.burst, now });

  function remember(map: Map<string, Entry>, max: number, deviceId: string, entry: Entry) {
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(deviceId, entry);
  }

  function entryFor(deviceId: string): Entry {
    let entry = known.get(deviceId) ?? unknown.get(deviceId);
    if (!entry) {
      entry = { row: null, readAt: -Infinity, verified: null, rejected: [] };
      remember(unknown, MAX_UNKNOWN_IDS, deviceId, entry);
    }
    return entry;
  }

  async function load(db: DbOrTx, deviceId: string, entry: Entry): Promise<void> {
    const row = await findTelemetryDevice(db, deviceId);
    if (!row || row.secretHash !== entry.row?.secretHash) {
      entry.verified = null;
      entry.rejected = [];
    }
    entry.row = row;
    entry.readAt = now();
    if (row && !known.has(deviceId)) {
      unknown.delete(deviceId);
      remember(known, MAX_DEVICES, deviceId, entry);
    } else if (!row && known.has(deviceId)) {
      known.delete(deviceId);
      remember(unknown, MAX_UNKNOWN_IDS, deviceId, entry);
    }
  }

  function limited(retryAfter: number): DeviceAuthResult {
    scryptWork.refusedByBudget++;
    return { ok: false, status: 429, retryAfter };
  }

  return {
    async authenticate(db: DbOrTx, deviceId: string, secret: string | null, options: DeviceAuthOptions): Promise<DeviceAuthResult> {
      const { address } = options;
      const entry = entryFor(deviceId);
      const digest = secret ? createHash("sha256").update(secret).digest("base64") : null;
      // Anything but the secret verified before needs the address's budget, even for the lookup.
      if (digest !== null && entry.verified !== digest) {
        const wait = addressFailures.peek(address);
        if (wait !== null) return limited(wait);
      }
      if (now() - entry.readAt >= recheckMs) {
        // Concurrent requests of one device share one lookup.
        entry.loading ??= load(db, deviceId, entry).finally(() => {
          entry.loading = undefined;
        });
        await entry.loading;
      }
      const row = entry.row;
      if (!row && options.unknownDevice !== "check") return { ok: false, status: 404 };
      if (!secret || !digest) return { ok: false, status: row ? 401 : 404 };
      const accepted = (device: NonNullable<Entry["row"]>): DeviceAuthResult => ({ ok: true, device: { id: device.id, key: device.key, propertyId: device.propertyId } });
      if (row && entry.verified === digest) return accepted(row);
      if (entry.rejected.includes(digest)) return { ok: false, status: 401 };
      const deviceWait = deviceFailures.peek(deviceId);
      if (deviceWait !== null) return limited(deviceWait);

      if (!(await scryptSlots.acquire())) {
        scryptWork.refusedBusy++;
        return { ok: false, status: 503, retryAfter: 1 };
      }
      let good: boolean;
      try {
        // Decided meanwhile by a request that held the slot before?
        if (entry.row === row && row && entry.verified === digest) return accepted(row);
        if (entry.row === row && entry.rejected.includes(digest)) return { ok: false, status: 401 };
        // The budgets are spent here, after any wait and before the scrypt: however many requests
        // arrive together, an address or a device id gets no more checks than its budget.
        const addressWait = addressFailures.take(address);
        if (addressWait !== null) return limited(addressWait);
        const idWait = deviceFailures.take(deviceId);
        if (idWait !== null) {
          addressFailures.give(address);
          return limited(idWait);
        }
        good = await checkSecret(secret, row?.secretHash ?? UNMATCHABLE_DEVICE_SECRET_HASH);
        if (good) {
          addressFailures.give(address);
          deviceFailures.give(deviceId);
        }
      } finally {
        scryptSlots.release();
      }
      // Remembered only if the row did not change meanwhile: a verdict belongs to one hash.
      if (entry.row === row) {
        if (good) entry.verified = digest;
        else {
          if (entry.rejected.length >= MAX_REJECTED_PER_DEVICE) entry.rejected.shift();
          entry.rejected.push(digest);
        }
      }
      return good && row ? accepted(row) : { ok: false, status: 401 };
    },
    /** Forgets everything (tests). */
    clear() {
      known.clear();
      unknown.clear();
    },
  };
}

export type DeviceAuthenticator = ReturnType<typeof createDeviceAuthenticator>;

// ---------------------------------------------------------------- token buckets

/**
 * Token buckets by key, in this process's memory: `burst` tokens, refilled at `perSecond`.
 * O(1) per call; at most 20,000 keys (the oldest bucket is dropped, i.e. refilled).
 */
function createTokenBuckets(options: { perSecond: number; burst: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  function refill(key: string, create: boolean) {
    const t = now();
    let bucket = buckets.get(key);
    if (!bucket) {
      if (!create) return null;
      if (buckets.size >= MAX_BUDGET_KEYS) buckets.delete(buckets.keys().next().value!);
      bucket = { tokens: options.burst, at: t };
      buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(options.burst, bucket.tokens + ((t - bucket.at) / 1000) * options.perSecond);
    bucket.at = t;
    return bucket;
  }
  const waitFor = (tokens: number) => Math.max(1, Math.ceil((1 - tokens) / options.perSecond));
  return {
    /** null when a token is left, else the seconds until one is; takes nothing. */
    peek(key: string): number | null {
      const bucket = refill(key, false);
      return !bucket || bucket.tokens >= 1 ? null : waitFor(bucket.tokens);
    },
    /** null when a token was taken, else the seconds to wait. */
    take(key: string): number | null {
      const bucket = refill(key, true)!;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return waitFor(bucket.tokens);
    },
    /** Gives back a token taken for work that turned out not to count. */
    give(key: string): void {
      const bucket = buckets.get(key);
      if (bucket) bucket.tokens = Math.min(options.burst, bucket.tokens + 1);
    },
  };
}

/**
 * A token bucket per device, in this process's memory (ADR 0016 explains why not the database):
 * `burst` requests at once, refilled at `perSecond`. O(1) per request, bounded map.
 */
export function createDeviceRateLimiter(options: { perSecond: number; burst: number; now?: () => number }) {
  const buckets = createTokenBuckets(options);
  return {
    /** null when allowed, else the seconds to wait. */
    take: (deviceId: string): number | null => buckets.take(deviceId),
  };
}
