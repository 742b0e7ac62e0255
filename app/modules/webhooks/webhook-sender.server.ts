import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db, Tx } from "#app/db/client.server.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "#app/db/schema.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import type { CredentialsKey } from "#app/modules/landlords/credentials-key.server.ts";
import { enqueueMail } from "#app/modules/mail/mail-outbox.server.ts";
import { postWebhook, type PostWebhookOptions, type PostWebhookOutcome } from "./webhook-http.server.ts";
import { WEBHOOK_DISABLE_AFTER_MS, signingSecrets } from "./webhooks.server.ts";

// The worker's side of the outbox (ADR 0023): claim due deliveries, sign, POST, record.
//
// Claiming is `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` committing "sending" with
// claimed_at before the POST, so two workers (two instances) never hold one delivery. A crash
// between the POST and the record leaves it "sending"; after the lease (the attempt's timeout plus
// a margin) any instance claims it again and sends the same body with the same webhook-id:
// at-least-once in that window, which the Standard Webhooks spec expects receivers to handle by
// de-duplicating on webhook-id. Every record is guarded by the claim's attempt number, so a worker
// whose lease ran out cannot overwrite the outcome of the one that took over.
//
// Retries: exponential backoff with jitter (base × 2^(n−1), ±25 %, at most WEBHOOK_RETRY_MAX_MS)
// until retry_until (24 h after the event was queued, with one last try at that moment), then
// "failed". An endpoint whose every attempt has failed for WEBHOOK_DISABLE_AFTER_MS is disabled
// at its next final failure, and staff get one e-mail per failure episode through the mail outbox.

export const WEBHOOK_RETRY_BASE_MS = 5_000;
export const WEBHOOK_RETRY_MAX_MS = 2 * 60 * 60_000;
/**
 * Claimed rows not recorded within timeout + this margin are taken over by another worker. Wide:
 * a worker still recording (a database queue under load) must not see its delivery sent again,
 * and a crashed instance's deliveries waiting two more minutes is the lesser harm.
 */
export const WEBHOOK_LEASE_MARGIN_MS = 2 * 60_000;

export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  attempts: number;
  retryUntil: Date;
  claimedAt: Date;
  messageId: string;
  eventType: string;
  payload: string;
  url: string;
  description: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
};

type ClaimRow = {
  id: string;
  endpoint_id: string;
  attempts: number;
  retry_until: string | Date;
  message_id: string;
  type: string;
  payload: string;
  url: string;
  description: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: string | Date | null;
};

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Claims up to `limit` due deliveries of enabled endpoints and marks them "sending". */
export async function claimDueWebhookDeliveries(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number; exclude?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const staleBefore = new Date(options.now.getTime() - options.leaseMs);
  // What this worker is still delivering is never taken back by itself, however long it takes.
  const exclude = options.exclude?.length ? sql` and d.id not in (${sql.join(options.exclude.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const result = (await db.execute(sql`
    with claimed as (
      update ${webhookDeliveries} set status = 'sending', claimed_at = ${iso(options.now)}, attempts = attempts + 1
      where id in (
        select d.id from ${webhookDeliveries} d join ${webhookEndpoints} e on e.id = d.endpoint_id
        where e.enabled
          and ((d.status = 'pending' and d.next_attempt_at <= ${iso(options.now)})
            or (d.status = 'sending' and d.claimed_at <= ${iso(staleBefore)}))${exclude}
        order by d.next_attempt_at
        limit ${options.limit}
        for update of d skip locked
      )
      returning id, event_id, endpoint_id, attempts, retry_until
    )
    select c.id, c.endpoint_id, c.attempts, c.retry_until, ev.message_id, ev.type, ev.payload,
      e.url, e.description, e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_expires_at
    from claimed c
      join webhook_events ev on ev.id = c.event_id
      join webhook_endpoints e on e.id = c.endpoint_id`)) as { rows: ClaimRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    attempts: Number(row.attempts),
    retryUntil: new Date(row.retry_until),
    claimedAt: options.now,
    messageId: row.message_id,
    eventType: row.type,
    payload: row.payload,
    url: row.url,
    description: row.description,
    secretEncrypted: row.secret_encrypted,
    previousSecretEncrypted: row.previous_secret_encrypted,
    previousSecretExpiresAt: row.previous_secret_expires_at === null ? null : new Date(row.previous_secret_expires_at),
  }));
}

/** The Standard Webhooks headers of one attempt: the event's id, the attempt's time, one v1 signature per secret. */
export function signWebhook(messageId: string, payload: string, secrets: string[], now: Date): Record<string, string> {
  // The header carries whole seconds; the signature is computed over that same value.
  const timestamp = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp.getTime() / 1000),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, payload)).join(" "),
  };
}

/** Delay before retry number `attempts + 1`: base × 2^(attempts−1), ±25 % jitter, capped. */
export function webhookRetryDelayMs(attempts: number, options: { baseMs?: number; maxMs?: number; random?: () => number } = {}): number {
  const base = options.baseMs ?? WEBHOOK_RETRY_BASE_MS;
  const max = options.maxMs ?? WEBHOOK_RETRY_MAX_MS;
  const nominal = Math.min(base * 2 ** Math.max(0, attempts - 1), max);
  return Math.round(nominal * (0.75 + 0.5 * (options.random ?? Math.random)()));
}

export type StaffMailSettings = { enabled: boolean; staffTo: string[]; siteUrl: string };

export type RecordContext = {
  now: Date;
  retryBaseMs?: number;
  retryMaxMs?: number;
  disableAfterMs?: number;
  random?: () => number;
  mail: StaffMailSettings;
};

export type RecordResult = { status: "delivered" | "pending" | "failed" | "superseded"; disabledEndpoint: boolean; mailQueued: boolean };

function disabledMailBody(endpoint: { id: string; url: string; description: string }, failingSince: Date, lastError: string, siteUrl: string): string {
  return [
    "Hola:",
    "",
    `El endpoint de webhooks ${endpoint.url}${endpoint.description ? ` (${endpoint.description})` : ""} se ha desactivado automáticamente: todas las entregas han fallado desde el ${formatDateTime(failingSince)} (hora de Madrid), más de 24 horas.`,
    "",
    `Último error: ${lastError}`,
    "",
    "Mientras esté desactivado no se le envían eventos nuevos. Las entregas que quedaron pendientes se enviarán cuando lo actives de nuevo.",
    `Revisa el registro de entregas y actívalo cuando el receptor vuelva a funcionar: ${siteUrl}/admin/webhooks/${endpoint.id}`,
    "",
    "NidoSmart",
  ].join("\n");
}

/**
 * Records one attempt and what follows from it, in one transaction: the attempt row, the
 * delivery's new state, the endpoint's health and, when the endpoint has now been failing for
 * too long, its disabling and the staff e-mail (event key per failure episode: sent once).
 */
export async function recordWebhookAttempt(db: Db, delivery: ClaimedDelivery, outcome: PostWebhookOutcome, context: RecordContext): Promise<RecordResult> {
  const { now } = context;
  const startedAt = new Date(now.getTime() - outcome.durationMs);
  // The attempt row, the delivery's state and the endpoint's health are ONE statement (atomic on
  // its own, and one round trip: this runs once per attempt). Every change is guarded by the
  // claim (status "sending" with this attempt number), so a superseded worker changes nothing but
  // the log of what it did.
  const attempt = sql`insert into ${webhookAttempts} (delivery_id, attempt, started_at, duration_ms, status_code, response_excerpt, error, remote_address)
    values (${delivery.id}::uuid, ${delivery.attempts}, ${iso(startedAt)}, ${outcome.durationMs}, ${outcome.statusCode}, ${outcome.excerpt}, ${outcome.error}, ${outcome.remoteAddress})`;
  const mine = sql`id = ${delivery.id}::uuid and status = 'sending' and attempts = ${delivery.attempts}`;
  if (outcome.delivered) {
    const result = (await db.execute(sql`
      with attempt as (${attempt}),
      delivered as (
        update ${webhookDeliveries} set status = 'delivered', delivered_at = ${iso(now)}, claimed_at = null, last_attempt_at = ${iso(startedAt)},
          last_status_code = ${outcome.statusCode}, last_error = null
        where ${mine} returning id
      ),
      -- Written only when it changes something (or once a minute), so a busy healthy endpoint's
      -- row is not a lock every delivery queues on.
      healthy as (
        update ${webhookEndpoints} set failing_since = null, last_success_at = ${iso(now)}
        where id = ${delivery.endpointId}::uuid and exists (select 1 from delivered)
          and (failing_since is not null or last_success_at is null or last_success_at < ${iso(new Date(now.getTime() - 60_000))})
      )
      select count(*)::int as n from delivered`)) as { rows: { n: number }[] };
    return { status: Number(result.rows[0]?.n ?? 0) > 0 ? "delivered" : "superseded", disabledEndpoint: false, mailQueued: false };
  }

  const error = outcome.error ?? "Error desconocido";
  const final = now.getTime() >= delivery.retryUntil.getTime();
  const next = final
    ? now
    : new Date(Math.min(now.getTime() + webhookRetryDelayMs(delivery.attempts, { baseMs: context.retryBaseMs, maxMs: context.retryMaxMs, random: context.random }), delivery.retryUntil.getTime()));
  const failed = (runner: Db | Tx) =>
    runner.execute(sql`
      with attempt as (${attempt}),
      failed as (
        update ${webhookDeliveries} set status = ${final ? "failed" : "pending"}, next_attempt_at = ${iso(next)}, claimed_at = null,
          last_attempt_at = ${iso(startedAt)}, last_status_code = ${outcome.statusCode}, last_error = ${error.slice(0, 1000)}
        where ${mine} returning id
      ),
      failing as (
        update ${webhookEndpoints} set failing_since = ${iso(startedAt)}
        where id = ${delivery.endpointId}::uuid and failing_since is null and exists (select 1 from failed)
      )
      select count(*)::int as n from failed`) as Promise<{ rows: { n: number }[] }>;
  if (!final) {
    const result = await failed(db);
    return { status: Number(result.rows[0]?.n ?? 0) > 0 ? "pending" : "superseded", disabledEndpoint: false, mailQueued: false };
  }

  // A final failure (rare): the record, the disabling rule and its e-mail in one transaction.
  return db.transaction(async (tx) => {
    const result = await failed(tx);
    if (Number(result.rows[0]?.n ?? 0) === 0) return { status: "superseded", disabledEndpoint: false, mailQueued: false };
    // Has every attempt to this endpoint failed for long enough?
    const disableAfter = context.disableAfterMs ?? WEBHOOK_DISABLE_AFTER_MS;
    const disabled = (await tx.execute(sql`
      update ${webhookEndpoints} set enabled = false, disabled_at = ${iso(now)},
        disabled_reason = 'Desactivado automáticamente: todas las entregas fallaron durante más de 24 horas'
      where id = ${delivery.endpointId}::uuid and enabled and failing_since is not null
        and failing_since <= ${iso(new Date(now.getTime() - disableAfter))}
      returning failing_since`)) as { rows: { failing_since: string | Date }[] };
    const [episode] = disabled.rows;
    if (!episode) return { status: "failed", disabledEndpoint: false, mailQueued: false };
    let mailQueued = false;
    if (context.mail.enabled && context.mail.staffTo.length > 0) {
      const failingSince = new Date(episode.failing_since);
      const host = new URL(delivery.url).host;
      mailQueued = await enqueueMail(tx, {
        eventKey: `webhook-disabled:${delivery.endpointId}:${failingSince.toISOString()}`,
        kind: "webhook-disabled",
        recipient: context.mail.staffTo.join(", "),
        lang: "es",
        subject: `Webhook desactivado: ${host}`,
        body: disabledMailBody({ id: delivery.endpointId, url: delivery.url, description: delivery.description }, failingSince, error, context.mail.siteUrl),
        now,
      });
    }
    return { status: "failed", disabledEndpoint: true, mailQueued };
  });
}

export type DeliverOptions = Omit<RecordContext, "now"> & {
  key: CredentialsKey;
  http: Omit<PostWebhookOptions, "agents"> & { agents?: PostWebhookOptions["agents"] };
  now?: () => Date;
};

/** Signs and POSTs one claimed delivery, then records the outcome. Never throws for the receiver's faults. */
export async function deliverWebhook(db: Db, delivery: ClaimedDelivery, options: DeliverOptions): Promise<RecordResult> {
  const clock = options.now ?? (() => new Date());
  let outcome: PostWebhookOutcome;
  let secrets: string[] | null = null;
  try {
    if (!options.key.key) throw new Error("no key");
    secrets = signingSecrets(options.key.key, { ...delivery, id: delivery.endpointId }, clock());
  } catch {
    outcome = {
      delivered: false,
      statusCode: null,
      excerpt: null,
      error: options.key.key
        ? "El secreto de firma no se puede descifrar con la clave actual (¿ha cambiado SES_CREDENTIALS_KEY?): rota el secreto del endpoint"
        : "Falta la clave SES_CREDENTIALS_KEY: no se puede firmar",
      remoteAddress: null,
      durationMs: 0,
    };
  }
  if (secrets) {
    // The wall clock, never the scheduling clock: receivers refuse a webhook-timestamp more than
    // five minutes from their own time.
    const headers = signWebhook(delivery.messageId, delivery.payload, secrets, new Date());
    outcome = await postWebhook(delivery.url, headers, delivery.payload, options.http);
  }
  return recordWebhookAttempt(db, delivery, outcome!, { ...options, now: clock() });
}

/**
 * One pass without the service's loop: claims up to `limit` due deliveries and delivers them
 * all. For tests on a fake clock and for tools; the server runs startWebhookService.
 */
export async function runWebhookWorkerOnce(db: Db, options: DeliverOptions & { limit?: number; leaseMs?: number }): Promise<RecordResult[]> {
  const clock = options.now ?? (() => new Date());
  const claimed = await claimDueWebhookDeliveries(db, {
    now: clock(),
    limit: options.limit ?? 20,
    leaseMs: options.leaseMs ?? options.http.timeoutMs + WEBHOOK_LEASE_MARGIN_MS,
  });
  return Promise.all(claimed.map((delivery) => deliverWebhook(db, delivery, options)));
}
