import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { rateLimitEvents } from "#app/db/schema.ts";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

// The product's limits in one place (public-side §9, staff-side §9, DECISIONS.md).
export const RATE_LIMITS = {
  contactForm: { name: "contact", limit: 3, windowMs: 5 * 60_000 },
  manualLead: { name: "manual-lead", limit: 10, windowMs: 5 * 60_000 },
  guestRegistration: { name: "guest-registration", limit: 3, windowMs: 5 * 60_000 },
  guestLinkLookup: { name: "guest-link", limit: 60, windowMs: 5 * 60_000 },
  signIn: { name: "sign-in", limit: 10, windowMs: 5 * 60_000 },
  chat: { name: "chat", limit: 30, windowMs: 5 * 60_000 },
  door: { name: "door", limit: 20, windowMs: 5 * 60_000 },
  // Files hashed on /verificar (up to 32 MB each): per client.
  evidenceVerify: { name: "evidence-verify", limit: 20, windowMs: 5 * 60_000 },
  // "Buscar mi reserva" on a property's registration link (/registro/<token>, issue 28): each
  // attempt counts per client, and per property so many clients cannot try codes on one flat.
  stayLookup: { name: "stay-lookup", limit: 10, windowMs: 5 * 60_000 },
  stayLookupProperty: { name: "stay-lookup-property", limit: 60, windowMs: 5 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Records one attempt for `subject` (a client IP, a user id) under `rule` and says whether it is
 * within the limit. Refused attempts are not recorded, so a client that waits gets back in.
 * The check and the insert run in one transaction under an advisory lock on the key, so two app
 * instances sharing a PostgreSQL server cannot both let the (limit+1)th attempt through.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`.slice(0, 200);
  const since = new Date(Date.now() - rule.windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const rows = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
    const count = rows[0]?.count ?? 0;
    if (count >= rule.limit) {
      const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : Date.now();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + rule.windowMs - Date.now()) / 1000));
      return { allowed: false, remaining: 0, retryAfterSeconds };
    }
    await tx.insert(rateLimitEvents).values({ key });
    return { allowed: true, remaining: rule.limit - count - 1, retryAfterSeconds: 0 };
  });
}

/** Forgets the attempts of one subject (a successful sign-in clears its failures). */
export async function resetRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, `${rule.name}:${subject}`.slice(0, 200)));
}

/** Deletes events older than the longest window; called periodically by the server. */
export async function pruneRateLimitEvents(db: Db, olderThanMs = 60 * 60_000): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
}
