import type { Logger } from "pino";
import webpush from "web-push";
import type { Database, Db } from "#app/db/client.server.ts";
import { listenForNotifications, type Listening } from "#app/db/listen.server.ts";
import { createWebhookAgents, postWebhook, type ResolveHost } from "#app/modules/webhooks/webhook-http.server.ts";
import type { VapidKeys } from "./push-keys.server.ts";
import { claimDuePushes, purgeOldPushes, PUSH_CHANNEL, recordPushResult, type ClaimedPush, type PushResult } from "./push.server.ts";

// The push sender of one server process (issue 31, ADR 0027), shaped like the webhook worker:
// every instance runs one; it claims due rows of push_outbox (SKIP LOCKED, a lease committed
// before the POST), encrypts each payload for its subscription (RFC 8291 aes128gcm), signs the
// request with the VAPID key (RFC 8292), and POSTs it through the webhooks' SSRF-guarded client
// (endpoints come from browsers: only public addresses unless PUSH_ALLOW_PRIVATE). It looks again
// when a transaction that queued rows commits (pg_notify on any instance), when kicked, every
// pollMs (retries falling due, a dead instance's lease run out) and when a slot frees.
//
// Answers: 2xx sent; 404/410 the subscription is gone and is deleted; 429 again after Retry-After;
// 408, 5xx and network errors again with backoff; any other 4xx given up (a bug or a bad key,
// retrying would not help). Nothing is retried past the message's TTL.

export const PUSH_CONCURRENCY = 8;
export const PUSH_POLL_MS = 1_000;
const LEASE_MARGIN_MS = 15_000;
const PURGE_INTERVAL_MS = 60 * 60_000;

export type PushService = {
  kick(): void;
  /** Resolves when nothing is being claimed or sent (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

export type PushServiceOptions = {
  logger: Logger;
  keys: VapidKeys & { privateKey: string };
  allowPrivate: boolean;
  timeoutMs?: number;
  pollMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  concurrency?: number;
  resolve?: ResolveHost;
  now?: () => Date;
};

const REGISTRY = Symbol.for("nidosmart.push-services");
const services: WeakMap<Db, PushService> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<Db, PushService> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new WeakMap<Db, PushService>());

/** Asks this process's push sender to look at the outbox now. */
export function kickPushSender(db: Db): void {
  services.get(db)?.kick();
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** What one push service answer means for the row. */
export function classifyPushAnswer(
  answer: { statusCode: number | null; error: string | null; retryAfter?: string | null },
  attempt: number,
  now: Date,
  backoff: { baseMs: number; maxMs: number },
): PushResult {
  const code = answer.statusCode;
  const later = (ms: number) => new Date(now.getTime() + ms);
  const backoffMs = () => Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1)) * (0.8 + Math.random() * 0.4);
  if (code !== null && code >= 200 && code < 300) return { kind: "sent", statusCode: code };
  if (code === 404 || code === 410) return { kind: "gone", statusCode: code };
  if (code === 429) {
    const wait = retryAfterMs(answer.retryAfter, now) ?? backoffMs();
    return { kind: "retry", at: later(Math.max(wait, 1_000)), statusCode: code, error: `El servicio de avisos pidió esperar (429${answer.retryAfter ? `, Retry-After ${answer.retryAfter.slice(0, 40)}` : ""})` };
  }
  if (code === null || code === 408 || code >= 500) {
    return { kind: "retry", at: later(backoffMs()), statusCode: code, error: (answer.error ?? `El servicio de avisos respondió ${code}`).slice(0, 500) };
  }
  return { kind: "failed", statusCode: code, error: `El servicio de avisos rechazó el aviso (${code})` };
}

export async function startPushService(database: Database, options: PushServiceOptions): Promise<PushService> {
  const { db } = database;
  const { logger, keys } = options;
  const concurrency = options.concurrency ?? PUSH_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const clock = options.now ?? (() => new Date());
  const leaseMs = timeoutMs + LEASE_MARGIN_MS;
  const backoff = { baseMs: options.retryBaseMs ?? 5_000, maxMs: options.retryMaxMs ?? 5 * 60_000 };
  const agents = createWebhookAgents(Math.min(concurrency, 8));
  const inFlight = new Set<Promise<void>>();
  const inFlightIds = new Set<string>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const sendOne = async (push: ClaimedPush): Promise<void> => {
    const now = clock();
    const ttl = Math.max(0, Math.floor((push.expiresAt.getTime() - now.getTime()) / 1000));
    const details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(push.payload), {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: ttl,
      urgency: push.urgency,
      contentEncoding: "aes128gcm",
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name.toLowerCase()] = String(value);
    const answer = await postWebhook(details.endpoint, headers, details.body ?? Buffer.alloc(0), {
      timeoutMs,
      allowPrivate: options.allowPrivate,
      resolve: options.resolve,
      agents,
      userAgent: "NidoSmart-Push/1.0",
      excerptBytes: 256,
    });
    const result = classifyPushAnswer(answer, push.attempts, clock(), backoff);
    await recordPushResult(db, push, result, clock());
    if (result.kind === "gone") logger.info({ subscriptionId: push.subscriptionId, statusCode: result.statusCode }, "push subscription gone; removed");
    else if (result.kind === "failed") logger.warn({ pushId: push.id, statusCode: result.statusCode }, "push message given up");
  };

  const start = (push: ClaimedPush) => {
    const task = sendOne(push)
      .catch((error: unknown) => {
        // Not recorded: the row stays claimed and is taken again after the lease. Never log the
        // endpoint (it is a capability to write to that phone).
        logger.error({ err: error, pushId: push.id }, "push attempt failed");
      })
      .finally(() => {
        inFlight.delete(task);
        inFlightIds.delete(push.id);
        pump();
      });
    inFlight.add(task);
    inFlightIds.add(push.id);
  };

  const pump = () => {
    if (closed) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = (async () => {
      do {
        again = false;
        for (;;) {
          const free = concurrency - inFlight.size;
          if (free <= 0 || closed) break;
          let claimed: ClaimedPush[];
          try {
            claimed = await claimDuePushes(db, { now: clock(), limit: free, leaseMs, exclude: [...inFlightIds] });
          } catch (error) {
            logger.error({ err: error }, "push claim failed");
            break;
          }
          for (const push of claimed) start(push);
          if (claimed.length < free) break;
        }
      } while (again && !closed);
    })().finally(() => {
      claiming = null;
    });
  };

  let listening: Listening | null = null;
  try {
    listening = await listenForNotifications(database, PUSH_CHANNEL, () => pump(), logger);
  } catch (error) {
    logger.warn({ err: error }, "push notifications unavailable; polling only");
  }
  const poll = setInterval(pump, options.pollMs ?? PUSH_POLL_MS);
  poll.unref();
  const purge = setInterval(
    () =>
      void purgeOldPushes(db, clock())
        .then((count) => {
          if (count > 0) logger.info({ count }, "old push messages purged");
        })
        .catch((error: unknown) => logger.error({ err: error }, "push purge failed")),
    PURGE_INTERVAL_MS,
  );
  purge.unref();
  pump();

  const service: PushService = {
    kick: pump,
    async idle() {
      while (claiming || inFlight.size > 0) {
        await claiming;
        await Promise.all([...inFlight]);
      }
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearInterval(purge);
      await listening?.close();
      await claiming;
      await Promise.all([...inFlight]);
      agents.destroy();
      if (services.get(db) === service) services.delete(db);
    },
  };
  services.set(db, service);
  return service;
}
