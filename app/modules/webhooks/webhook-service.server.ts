import type { Logger } from "pino";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Database, Db } from "#app/db/client.server.ts";
import { listenForNotifications, type Listening } from "#app/db/listen.server.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { kickMailWorker } from "#app/modules/mail/mail-service.server.ts";
import { createWebhookAgents, type ResolveHost } from "./webhook-http.server.ts";
import { claimDueWebhookDeliveries, deliverWebhook, WEBHOOK_LEASE_MARGIN_MS, type ClaimedDelivery, type StaffMailSettings } from "./webhook-sender.server.ts";
import { purgeOldWebhookEvents, WEBHOOK_CHANNEL } from "./webhooks.server.ts";

// The webhook worker of one server process (ADR 0023). Every instance runs one. It claims as
// many due deliveries as it has free slots (WEBHOOK_CONCURRENCY in flight, so one slow receiver
// does not hold up the others), and looks again:
//   - at once when a transaction that queued deliveries commits, in any instance: the enqueue
//     statement calls pg_notify and every worker LISTENs (PGlite: in this process);
//   - when kicked in-process (kickWebhookWorker, a registry on globalThis because the routes'
//     bundle has its own copy of this module);
//   - every WEBHOOK_POLL_MS, for retries falling due and notifications lost while a LISTEN
//     connection was down;
//   - whenever an attempt finishes and frees a slot.

export const WEBHOOK_CONCURRENCY = 16;
export const WEBHOOK_POLL_MS = 1_000;
const PURGE_INTERVAL_MS = 60 * 60_000;

export type WebhookService = {
  kick(): void;
  /** Resolves when nothing is being claimed or delivered (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

export type WebhookServiceOptions = {
  logger: Logger;
  key: CredentialsKey;
  allowPrivate: boolean;
  timeoutMs: number;
  mail: StaffMailSettings;
  /** A fake clock (tests). */
  now?: () => Date;
  resolve?: ResolveHost;
  allowAddresses?: readonly string[];
  retryBaseMs?: number;
  retryMaxMs?: number;
  disableAfterMs?: number;
  concurrency?: number;
  pollMs?: number;
};

const REGISTRY = Symbol.for("nidosmart.webhook-services");
const services: WeakMap<Db, WebhookService> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as WeakMap<Db, WebhookService> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new WeakMap<Db, WebhookService>());

/** Asks this process's webhook worker to look at the outbox now. */
export function kickWebhookWorker(db: Db): void {
  services.get(db)?.kick();
}

/** The staff e-mail settings of the disabling notice: SMTP_URL, then STAFF_NOTIFY_TO else LEAD_NOTIFY_TO. */
export function webhookMailSettingsFrom(config: AppConfig): StaffMailSettings {
  return { enabled: config.SMTP_URL !== undefined, staffTo: config.STAFF_NOTIFY_TO ?? config.LEAD_NOTIFY_TO ?? [], siteUrl: config.siteUrl };
}

export async function startWebhookService(database: Database, options: WebhookServiceOptions): Promise<WebhookService> {
  const { db } = database;
  const { logger } = options;
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.timeoutMs + WEBHOOK_LEASE_MARGIN_MS;
  const agents = createWebhookAgents(Math.min(concurrency, 8));
  const inFlight = new Set<Promise<void>>();
  const inFlightIds = new Set<string>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const deliver = (delivery: ClaimedDelivery) => {
    const task = deliverWebhook(db, delivery, {
      key: options.key,
      now: clock,
      mail: options.mail,
      retryBaseMs: options.retryBaseMs,
      retryMaxMs: options.retryMaxMs,
      disableAfterMs: options.disableAfterMs,
      http: {
        timeoutMs: options.timeoutMs,
        allowPrivate: options.allowPrivate,
        allowAddresses: options.allowAddresses,
        resolve: options.resolve,
        agents,
      },
    })
      .then((result) => {
        if (result.disabledEndpoint) {
          logger.warn({ endpointId: delivery.endpointId, mailQueued: result.mailQueued }, "webhook endpoint disabled after failing for 24 h");
          if (result.mailQueued) kickMailWorker(db);
        }
      })
      .catch((error: unknown) => {
        // The database failed while recording: the delivery stays "sending" and is taken again
        // after the lease. Never log the delivery itself (its URL may carry a token).
        logger.error({ err: error, deliveryId: delivery.id }, "webhook attempt could not be recorded");
      })
      .finally(() => {
        inFlight.delete(task);
        inFlightIds.delete(delivery.id);
        pump();
      });
    inFlight.add(task);
    inFlightIds.add(delivery.id);
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
          let claimed: ClaimedDelivery[];
          try {
            claimed = await claimDueWebhookDeliveries(db, { now: clock(), limit: free, leaseMs, exclude: [...inFlightIds] });
          } catch (error) {
            logger.error({ err: error }, "webhook claim failed");
            break;
          }
          for (const delivery of claimed) deliver(delivery);
          if (claimed.length < free) break;
        }
      } while (again && !closed);
    })().finally(() => {
      claiming = null;
    });
  };

  let listening: Listening | null = null;
  try {
    listening = await listenForNotifications(database, WEBHOOK_CHANNEL, () => pump(), logger);
  } catch (error) {
    // Polling still delivers, only later.
    logger.warn({ err: error }, "webhook notifications unavailable; polling only");
  }
  const poll = setInterval(pump, options.pollMs ?? WEBHOOK_POLL_MS);
  poll.unref();
  const purge = () =>
    void purgeOldWebhookEvents(db, clock())
      .then((count) => {
        if (count > 0) logger.info({ count }, "old webhook events purged");
      })
      .catch((error: unknown) => logger.error({ err: error }, "webhook purge failed"));
  const purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  const firstPurge = setTimeout(purge, 60_000);
  firstPurge.unref();
  pump();

  const service: WebhookService = {
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
      clearInterval(purgeTimer);
      clearTimeout(firstPurge);
      await listening?.close();
      // Attempts in flight finish (each is bounded by the timeout) and are recorded.
      await claiming;
      await Promise.all([...inFlight]);
      agents.destroy();
      if (services.get(db) === service) services.delete(db);
    },
  };
  services.set(db, service);
  return service;
}
