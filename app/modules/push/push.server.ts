import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { pushSubscriptions } from "#app/db/schema.ts";
import { PERMISSIONS } from "#app/auth/permissions.ts";
import { deviceLabelOf, type PushSubscriptionInput } from "./push.schema.ts";
import type { PushPayload } from "./push-message.ts";

// Staff devices that accepted push notifications, and the push outbox (issue 31, ADR 0027).
// Other modules queue with enqueueIncidentPush(tx, …) inside the transaction of their step: one row
// per subscription and event key (unique), and the statement's pg_notify wakes the sender of every
// instance when that transaction commits (push-sender.server.ts).

export const PUSH_CHANNEL = "push_outbox";
/** How long a push service keeps an undelivered message (TTL), and the retries' horizon. */
export const PUSH_TTL_S = 3600;

type Rows<T> = { rows: T[] };

export type PushDevice = { id: string; label: string; createdAt: Date; lastSuccessAt: Date | null };

export async function listPushDevices(db: DbOrTx, userId: string): Promise<PushDevice[]> {
  return db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/**
 * Stores this browser's subscription for `userId`. The endpoint names the browser: subscribing
 * again (new keys, or another user signed in on the same phone) replaces the row.
 */
export async function savePushSubscription(db: DbOrTx, userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<string> {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: deviceLabelOf(userAgent).slice(0, 100) };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, label: values.label, createdAt: sql`now()`, lastSuccessAt: null } })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** Removes one of the user's own devices; false when it is not theirs (or already gone). */
export async function deletePushDevice(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** The roles told about incidents for now: those who may read Monitorización. */
const INCIDENT_PUSH_ROLES: readonly string[] = PERMISSIONS["monitoring:read"];

/**
 * Queues `payload` for every subscription of every active staff user who may read incidents,
 * once per subscription and `eventKey` however often it is called. Returns how many rows were
 * queued now. Due at once on the wall clock; given up after PUSH_TTL_S.
 */
export async function enqueueIncidentPush(
  tx: DbOrTx,
  input: { eventKey: string; incidentId: string; payload: PushPayload; urgency: "high" | "normal"; ttlSeconds?: number },
): Promise<number> {
  const ttl = input.ttlSeconds ?? PUSH_TTL_S;
  const roles = `{${INCIDENT_PUSH_ROLES.join(",")}}`;
  const result = (await tx.execute(sql`
    with created as (
      insert into push_outbox (subscription_id, user_id, event_key, incident_id, payload, urgency, ttl_seconds, expires_at, next_attempt_at)
      select s.id, s.user_id, ${input.eventKey}, ${input.incidentId}::uuid, ${JSON.stringify(input.payload)}::jsonb, ${input.urgency}, ${ttl},
             now() + make_interval(secs => ${ttl}), now()
      from push_subscriptions s join users u on u.id = s.user_id
      where coalesce(u.role, 'user') = any(${roles}::text[]) and not coalesce(u.banned, false)
      on conflict (subscription_id, event_key) do nothing
      returning 1)
    select (select count(*)::int from created) as n,
      (select pg_notify(${PUSH_CHANNEL}, '') where exists (select 1 from created)) as notified`)) as unknown as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
}

export type ClaimedPush = {
  id: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
  urgency: "high" | "normal";
  expiresAt: Date;
  attempts: number;
  claimedUntil: Date;
};

/**
 * Claims up to `limit` due rows for this instance: `claimed_until` is committed before anything is
 * sent, so another instance skips them (SKIP LOCKED while the claim runs, the lease after). A row
 * whose lease ran out (its instance died mid-send) is due again. Rows past their TTL are given up.
 */
export async function claimDuePushes(db: Db, options: { now: Date; limit: number; leaseMs: number; exclude?: readonly string[] }): Promise<ClaimedPush[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const exclude = `{${(options.exclude ?? []).join(",")}}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      update push_outbox set status = 'failed', claimed_until = null, last_error = coalesce(last_error || '. ', '') || 'Caducado sin entregar'
      where status = 'pending' and expires_at <= ${now}::timestamptz`);
    const claimed = (await tx.execute(sql`
      update push_outbox o set claimed_until = ${until}::timestamptz, attempts = o.attempts + 1
      from push_subscriptions s
      where s.id = o.subscription_id and o.id in (
        select id from push_outbox
        where status = 'pending' and next_attempt_at <= ${now}::timestamptz
          and (claimed_until is null or claimed_until <= ${now}::timestamptz)
          and not (id = any(${exclude}::uuid[]))
        order by next_attempt_at
        limit ${options.limit}
        for update skip locked)
      returning o.id, o.subscription_id, s.endpoint, s.p256dh, s.auth, o.payload, o.urgency, o.expires_at::text as expires_at, o.attempts`)) as unknown as Rows<{
      id: string;
      subscription_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      payload: PushPayload | string;
      urgency: string;
      expires_at: string;
      attempts: number;
    }>;
    return claimed.rows.map((r) => ({
      id: r.id,
      subscriptionId: r.subscription_id,
      endpoint: r.endpoint,
      p256dh: r.p256dh,
      auth: r.auth,
      payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as PushPayload) : r.payload,
      urgency: r.urgency === "high" ? "high" : "normal",
      expiresAt: new Date(r.expires_at),
      attempts: Number(r.attempts),
      claimedUntil: new Date(until),
    }));
  });
}

export type PushResult =
  | { kind: "sent"; statusCode: number }
  | { kind: "gone"; statusCode: number }
  | { kind: "retry"; at: Date; statusCode: number | null; error: string }
  | { kind: "failed"; statusCode: number | null; error: string };

/**
 * Records one attempt's outcome, only while this instance still holds the claim (same attempt
 * number): a lease that ran out under a slow send is the other instance's row now.
 */
export async function recordPushResult(db: Db, push: ClaimedPush, result: PushResult, now: Date): Promise<void> {
  const at = now.toISOString();
  const mine = sql`id = ${push.id} and attempts = ${push.attempts} and status = 'pending'`;
  switch (result.kind) {
    case "sent":
      await db.transaction(async (tx) => {
        await tx.execute(sql`update push_outbox set status = 'sent', sent_at = ${at}::timestamptz, claimed_until = null, last_status_code = ${result.statusCode}, last_error = null where ${mine}`);
        await tx.execute(sql`update push_subscriptions set last_success_at = ${at}::timestamptz where id = ${push.subscriptionId}`);
      });
      return;
    case "gone":
      // The browser unsubscribed or the push service forgot it: the subscription goes, and with it
      // (cascade) every message still queued for it.
      await db.execute(sql`delete from push_subscriptions where id = ${push.subscriptionId}`);
      return;
    case "retry":
      if (result.at.getTime() >= push.expiresAt.getTime()) {
        await db.execute(sql`update push_outbox set status = 'failed', claimed_until = null, last_status_code = ${result.statusCode}, last_error = ${`${result.error}. Sin más intentos: caduca antes del siguiente`} where ${mine}`);
        return;
      }
      await db.execute(sql`update push_outbox set next_attempt_at = ${result.at.toISOString()}::timestamptz, claimed_until = null, last_status_code = ${result.statusCode}, last_error = ${result.error} where ${mine}`);
      return;
    case "failed":
      await db.execute(sql`update push_outbox set status = 'failed', claimed_until = null, last_status_code = ${result.statusCode}, last_error = ${result.error} where ${mine}`);
      return;
  }
}

/** Sent and given-up rows are kept this long (to see what went out), then deleted. */
export const PUSH_KEEP_DAYS = 7;

/** Deletes settled rows older than PUSH_KEEP_DAYS; safe on every instance at once. */
export async function purgeOldPushes(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PUSH_KEEP_DAYS * 86_400_000).toISOString();
  const result = (await db.execute(sql`
    with gone as (delete from push_outbox where status <> 'pending' and created_at < ${before}::timestamptz returning 1)
    select count(*)::int as n from gone`)) as unknown as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
}
