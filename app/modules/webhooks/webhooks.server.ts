import { randomBytes, randomUUID } from "node:crypto";
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#app/db/schema.ts";
import { decryptSecret, encryptSecret, type CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { WEBHOOK_TEST_EVENT_TYPE, type WebhookDeliveryStatus, type WebhookEndpointInput, type WebhookEventType } from "./webhooks.schema.ts";

// Webhooks (ADR 0023): endpoints, the event outbox and the delivery log.
//
// Other modules call enqueueWebhookEvent INSIDE their own transaction: the event and its
// deliveries commit with the change that caused them, or not at all. One row per event
// (`event_key` UNIQUE) and one delivery per (endpoint, event) (UNIQUE), both inserted with
// ON CONFLICT DO NOTHING, so two instances or a retried transaction queue an event once. The
// same statement's pg_notify wakes the workers of every instance when (and only when) the
// transaction commits. The worker (webhook-sender.server.ts) claims due deliveries with
// FOR UPDATE SKIP LOCKED and a lease, like the SES and mail outboxes.

export type { WebhookEventType } from "./webhooks.schema.ts";

/** The NOTIFY channel every instance's worker LISTENs on. */
export const WEBHOOK_CHANNEL = "webhook_outbox";
/** Retries of an event go on this long after it was queued, then the delivery is "failed". */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** An endpoint whose every attempt has failed this long is disabled at its next final failure. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
/** After "Rotar secreto" the old secret still signs this long. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 60 * 60_000;
/** Events (with their deliveries and attempts) are kept this long for the log. */
export const WEBHOOK_LOG_DAYS = 30;
/** The body of one event; a bigger one is a programming error of the caller. */
export const WEBHOOK_MAX_PAYLOAD_BYTES = 64 * 1024;

export class WebhookRuleError extends Error {
  override name = "WebhookRuleError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The `webhook-id` of an event: unique, kept on every attempt to every endpoint. */
export function newWebhookMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, "")}`;
}

const secretContext = (endpointId: string) => `webhook-endpoint:${endpointId}`;

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Rows<T> = { rows: T[] };

// ---------------------------------------------------------------- the API of other modules

export type WebhookEvent = {
  type: WebhookEventType;
  /** Idempotency key: the same key never queues the event twice (e.g. `incident:<id>:opened`). */
  key: string;
  data: Record<string, unknown>;
  /** When it happened (the body's `timestamp`); now by default. */
  occurredAt?: Date;
};

/** The exact body sent: `{type, timestamp, data}` as the Standard Webhooks spec recommends. */
export function webhookPayload(type: string, occurredAt: Date, data: Record<string, unknown>): string {
  const payload = JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
  if (Buffer.byteLength(payload) > WEBHOOK_MAX_PAYLOAD_BYTES) {
    throw new Error(`webhook event ${type} is ${Buffer.byteLength(payload)} bytes, over ${WEBHOOK_MAX_PAYLOAD_BYTES}`);
  }
  return payload;
}

/**
 * Queues `event` for every enabled endpoint subscribed to its type, inside the caller's
 * transaction. Returns how many deliveries were created: 0 when no endpoint wants it or when this
 * key was already queued for them. Nothing is stored when no endpoint wants the event. One
 * statement (the NOTIFY included): it sits inside other modules' hot transactions.
 */
export async function enqueueWebhookEvent(tx: DbOrTx, event: WebhookEvent, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const occurredAt = event.occurredAt ?? now;
  const payload = webhookPayload(event.type, occurredAt, event.data);
  const retryUntil = new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS);
  const result = (await tx.execute(sql`
    with targets as (
      select id from ${webhookEndpoints} where enabled and ${event.type} = any(event_types)
    ), inserted as (
      insert into ${webhookEvents} (message_id, event_key, type, payload, occurred_at, created_at)
      select ${newWebhookMessageId()}, ${event.key}, ${event.type}, ${payload}, ${iso(occurredAt)}, ${iso(now)}
      where exists (select 1 from targets)
      on conflict (event_key) do nothing
      returning id
    ), event as (
      select id from inserted
      union all
      select id from ${webhookEvents} where event_key = ${event.key} and not exists (select 1 from inserted)
    ), created as (
      insert into ${webhookDeliveries} (event_id, endpoint_id, next_attempt_at, retry_until, created_at)
      select event.id, targets.id, ${iso(now)}, ${iso(retryUntil)}, ${iso(now)} from event cross join targets
      on conflict (endpoint_id, event_id) do nothing
      returning id
    )
    select (select count(*)::int from created) as n,
      (select pg_notify(${WEBHOOK_CHANNEL}, '') where exists (select 1 from created)) as notified`)) as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}

/** Wakes every instance's worker when the surrounding transaction commits. */
export async function notifyWebhookWorkers(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

// ---------------------------------------------------------------- endpoints (the screen)

export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  secretRotatedAt: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  /** Deliveries of events queued in the last 24 h, by status. */
  last24h: { delivered: number; pending: number; failed: number };
  lastDelivery: { status: string; attempts: number; statusCode: number | null; at: Date } | null;
};

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  lastSuccessAt: webhookEndpoints.lastSuccessAt,
  secretRotatedAt: webhookEndpoints.secretRotatedAt,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  createdAt: webhookEndpoints.createdAt,
};

async function withStats(db: DbOrTx, rows: Omit<WebhookEndpointView, "last24h" | "lastDelivery">[], now: Date): Promise<WebhookEndpointView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const since = new Date(now.getTime() - 24 * 60 * 60_000);
  const counts = (await db.execute(sql`
    select endpoint_id,
      count(*) filter (where status = 'delivered')::int as delivered,
      count(*) filter (where status in ('pending', 'sending'))::int as pending,
      count(*) filter (where status = 'failed')::int as failed
    from ${webhookDeliveries}
    where endpoint_id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`} and created_at >= ${iso(since)}
    group by endpoint_id`)) as Rows<{ endpoint_id: string; delivered: number; pending: number; failed: number }>;
  const latest = (await db.execute(sql`
    select distinct on (endpoint_id) endpoint_id, status, attempts, last_status_code, coalesce(last_attempt_at, created_at) as at
    from ${webhookDeliveries}
    where endpoint_id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`}
    order by endpoint_id, created_at desc`)) as Rows<{ endpoint_id: string; status: string; attempts: number; last_status_code: number | null; at: string | Date }>;
  const countsById = new Map(counts.rows.map((row) => [row.endpoint_id, row]));
  const latestById = new Map(latest.rows.map((row) => [row.endpoint_id, row]));
  return rows.map((row) => {
    const count = countsById.get(row.id);
    const last = latestById.get(row.id);
    return {
      ...row,
      last24h: { delivered: Number(count?.delivered ?? 0), pending: Number(count?.pending ?? 0), failed: Number(count?.failed ?? 0) },
      lastDelivery: last
        ? { status: last.status, attempts: Number(last.attempts), statusCode: last.last_status_code === null ? null : Number(last.last_status_code), at: new Date(last.at) }
        : null,
    };
  });
}

export async function listWebhookEndpoints(db: DbOrTx, now = new Date()): Promise<WebhookEndpointView[]> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return withStats(db, rows, now);
}

export async function getWebhookEndpoint(db: DbOrTx, id: string, now = new Date()): Promise<WebhookEndpointView | null> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const [view] = await withStats(db, rows, now);
  return view ?? null;
}

function requireKey(key: CredentialsKey): Buffer {
  if (!key.key) throw new WebhookRuleError("No se puede guardar el secreto: falta la clave SES_CREDENTIALS_KEY en la configuración del servidor", 409);
  return key.key;
}

/** Creates an endpoint; the returned secret is shown once and never again. */
export async function createWebhookEndpoint(
  db: Db,
  key: CredentialsKey,
  input: WebhookEndpointInput,
  createdBy: string | null,
  now = new Date(),
): Promise<{ id: string; secret: string }> {
  const keyBytes = requireKey(key);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  await db.insert(webhookEndpoints).values({
    id,
    url: input.url,
    description: input.description,
    eventTypes: input.eventTypes,
    enabled: input.enabled,
    secretEncrypted: encryptSecret(keyBytes, secret, secretContext(id)),
    disabledAt: input.enabled ? null : now,
    disabledReason: input.enabled ? null : MANUAL_DISABLE_REASON,
    createdBy,
    createdAt: now,
  });
  return { id, secret };
}

const MANUAL_DISABLE_REASON = "Desactivado por el equipo";

/** Edits an endpoint; false when it no longer exists. Switching it on starts a healthy record. */
export async function updateWebhookEndpoint(db: Db, id: string, input: WebhookEndpointInput, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!current) return false;
    await tx
      .update(webhookEndpoints)
      .set({ url: input.url, description: input.description, eventTypes: input.eventTypes, ...enabledChange(current.enabled, input.enabled, now) })
      .where(eq(webhookEndpoints.id, id));
    if (!current.enabled && input.enabled) await notifyWebhookWorkers(tx);
    return true;
  });
}

function enabledChange(was: boolean, now_: boolean, now: Date) {
  if (was === now_) return {};
  return now_
    ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null }
    : { enabled: false, disabledAt: now, disabledReason: MANUAL_DISABLE_REASON };
}

/** "Activar" / "Desactivar" from the list. False when the endpoint no longer exists. */
export async function setWebhookEndpointEnabled(db: Db, id: string, enabled: boolean, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!current) return false;
    const change = enabledChange(current.enabled, enabled, now);
    if (Object.keys(change).length > 0) await tx.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, id));
    // Deliveries left pending while it was off are due again.
    if (!current.enabled && enabled) await notifyWebhookWorkers(tx);
    return true;
  });
}

/** Deletes an endpoint with its deliveries and their attempts. */
export async function deleteWebhookEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * "Rotar secreto": a new secret signs from now on; the previous one adds a second signature for
 * WEBHOOK_PREVIOUS_SECRET_MS, so the receiver can switch without rejecting events in between.
 * Returns the new secret (shown once), or null when the endpoint no longer exists.
 */
export async function rotateWebhookSecret(db: Db, key: CredentialsKey, id: string, now = new Date()): Promise<string | null> {
  const keyBytes = requireKey(key);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ secretEncrypted: webhookEndpoints.secretEncrypted })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for("update");
    if (!current) return null;
    const secret = generateWebhookSecret();
    await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: encryptSecret(keyBytes, secret, secretContext(id)),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_MS),
        secretRotatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id));
    return secret;
  });
}

/**
 * The secrets that sign a delivery now: the current one, and the previous one while it is still
 * honoured. Throws SecretDecryptError when the key cannot read them. Never log the result.
 */
export function signingSecrets(
  key: Buffer,
  endpoint: { id: string; secretEncrypted: string; previousSecretEncrypted: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [decryptSecret(key, endpoint.secretEncrypted, secretContext(endpoint.id))];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(key, endpoint.previousSecretEncrypted, secretContext(endpoint.id)));
  }
  return secrets;
}

// ---------------------------------------------------------------- test event and resend

export type QueueOutcome = "queued" | "not-found" | "endpoint-disabled" | "sending";

/**
 * "Enviar evento de prueba": a `webhook.test` event for this endpoint only, whatever it is
 * subscribed to, tried once (no 24-hour schedule: staff are watching the log).
 */
export async function sendTestWebhookEvent(db: Db, endpointId: string, now = new Date()): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx.select({ enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for("share");
    if (!endpoint) return "not-found";
    if (!endpoint.enabled) return "endpoint-disabled";
    const payload = webhookPayload(WEBHOOK_TEST_EVENT_TYPE, now, {
      endpointId,
      message: "Evento de prueba enviado desde el panel de NidoSmart. Si lo recibes y la firma es válida, el endpoint está listo.",
    });
    const [event] = await tx
      .insert(webhookEvents)
      .values({ messageId: newWebhookMessageId(), eventKey: `test:${endpointId}:${randomUUID()}`, type: WEBHOOK_TEST_EVENT_TYPE, payload, occurredAt: now, createdAt: now })
      .returning({ id: webhookEvents.id });
    await tx.insert(webhookDeliveries).values({ eventId: event!.id, endpointId, nextAttemptAt: now, retryUntil: now, createdAt: now });
    await notifyWebhookWorkers(tx);
    return "queued";
  });
}

/**
 * "Reenviar": a new attempt of the same event (same body, same webhook-id) now. A delivery that
 * had finished (delivered or failed) gets one attempt; one still retrying just goes earlier.
 */
export async function resendWebhookDelivery(db: Db, endpointId: string, deliveryId: string, now = new Date()): Promise<QueueOutcome> {
  return db.transaction(async (tx) => {
    const [row] = (
      (await tx.execute(sql`
        select d.status, e.enabled from ${webhookDeliveries} d join ${webhookEndpoints} e on e.id = d.endpoint_id
        where d.id = ${deliveryId}::uuid and d.endpoint_id = ${endpointId}::uuid
        for update of d`)) as Rows<{ status: string; enabled: boolean }>
    ).rows;
    if (!row) return "not-found";
    if (!row.enabled) return "endpoint-disabled";
    if (row.status === "sending") return "sending";
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now, ...(row.status === "pending" ? {} : { retryUntil: now }) })
      .where(eq(webhookDeliveries.id, deliveryId));
    await notifyWebhookWorkers(tx);
    return "queued";
  });
}

// ---------------------------------------------------------------- the delivery log

export type WebhookDeliveryView = {
  id: string;
  eventType: string;
  messageId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** The last attempt's answer, as recorded (bounded). */
  lastExcerpt: string | null;
  createdAt: Date;
  occurredAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
};

export const WEBHOOK_LOG_PAGE = 50;

type DeliveryRow = {
  id: string;
  type: string;
  message_id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_excerpt: string | null;
  created_at: string | Date;
  occurred_at: string | Date;
  last_attempt_at: string | Date | null;
  next_attempt_at: string | Date;
  delivered_at: string | Date | null;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventType: row.type,
    messageId: row.message_id,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    lastExcerpt: row.last_excerpt,
    createdAt: new Date(row.created_at),
    occurredAt: new Date(row.occurred_at),
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    nextAttemptAt: row.status === "pending" ? new Date(row.next_attempt_at) : null,
    deliveredAt: dateOrNull(row.delivered_at),
  };
}

async function selectDeliveries(db: DbOrTx, where: SQL, limit: number): Promise<WebhookDeliveryView[]> {
  const result = (await db.execute(sql`
    select d.id, ev.type, ev.message_id, d.status, d.attempts, d.last_status_code, d.last_error, d.created_at, ev.occurred_at,
      d.last_attempt_at, d.next_attempt_at, d.delivered_at,
      (select a.response_excerpt from ${webhookAttempts} a where a.delivery_id = d.id order by a.attempt desc, a.id desc limit 1) as last_excerpt
    from ${webhookDeliveries} d join ${webhookEvents} ev on ev.id = d.event_id
    where ${where}
    order by d.created_at desc, d.id desc
    limit ${limit}`)) as Rows<DeliveryRow>;
  return result.rows.map(deliveryView);
}

/** Newest first; `before` (a delivery's createdAt) pages back. */
export async function listWebhookDeliveries(
  db: DbOrTx,
  endpointId: string,
  options: { status?: WebhookDeliveryStatus | null; before?: Date | null; limit?: number } = {},
): Promise<WebhookDeliveryView[]> {
  const status =
    options.status === "pending" ? sql` and d.status in ('pending', 'sending')` : options.status ? sql` and d.status = ${options.status}` : sql``;
  const before = options.before ? sql` and d.created_at < ${iso(options.before)}` : sql``;
  return selectDeliveries(db, sql`d.endpoint_id = ${endpointId}::uuid${status}${before}`, options.limit ?? WEBHOOK_LOG_PAGE);
}

export type WebhookAttemptView = {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  remoteAddress: string | null;
};

/** One delivery with its event body and every attempt, for the "Intentos" dialog. */
export async function getWebhookDeliveryDetail(
  db: DbOrTx,
  endpointId: string,
  deliveryId: string,
): Promise<{ delivery: WebhookDeliveryView; payload: string; attempts: WebhookAttemptView[] } | null> {
  const [delivery] = await selectDeliveries(db, sql`d.endpoint_id = ${endpointId}::uuid and d.id = ${deliveryId}::uuid`, 1);
  if (!delivery) return null;
  const [event] = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  const attempts = await db
    .select({
      attempt: webhookAttempts.attempt,
      startedAt: webhookAttempts.startedAt,
      durationMs: webhookAttempts.durationMs,
      statusCode: webhookAttempts.statusCode,
      responseExcerpt: webhookAttempts.responseExcerpt,
      error: webhookAttempts.error,
      remoteAddress: webhookAttempts.remoteAddress,
    })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookAttempts.attempt), desc(webhookAttempts.id))
    .limit(100);
  return { delivery, payload: event?.payload ?? "", attempts };
}

/**
 * Deletes events older than WEBHOOK_LOG_DAYS that nothing is still delivering, with their
 * deliveries and attempts (cascade), in batches. Safe on every instance at once.
 */
export async function purgeOldWebhookEvents(db: DbOrTx, now = new Date(), days = WEBHOOK_LOG_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000);
  let total = 0;
  for (;;) {
    const deleted = await db
      .delete(webhookEvents)
      .where(
        sql`${webhookEvents.id} in (
          select ev.id from ${webhookEvents} ev
          where ev.created_at < ${iso(cutoff)}
            and not exists (select 1 from ${webhookDeliveries} d where d.event_id = ev.id and d.status in ('pending', 'sending'))
          limit 1000
        )`,
      )
      .returning({ id: webhookEvents.id });
    total += deleted.length;
    if (deleted.length < 1000) return total;
  }
}

/** Deliveries still to do (tests, bench). */
export async function countOpenWebhookDeliveries(db: DbOrTx): Promise<number> {
  const [row] = (
    (await db.execute(sql`select count(*)::int as n from ${webhookDeliveries} where status in ('pending', 'sending')`)) as Rows<{ n: number }>
  ).rows;
  return Number(row?.n ?? 0);
}

