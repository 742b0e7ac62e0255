import { and, arrayContains, desc, eq, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";
import type { MailKind } from "./mail.schema.ts";

// The durable mail outbox (ADR 0011). Callers only enqueue; the worker sends. A row's
// event_key is UNIQUE and enqueueing is INSERT … ON CONFLICT DO NOTHING, so an event is queued
// once even when several instances (or a double click) race for it.
//
// Sending: a batch is claimed with FOR UPDATE SKIP LOCKED and marked "sending" in the same
// statement (so two workers never hold one row), sent, then marked "sent". A crash between the
// SMTP answer and that mark leaves the row in "sending"; after SENDING_LEASE_MS it is taken back
// and sent again with the same Message-ID. Delivery is therefore at-least-once in that one window,
// never at-most-once: losing a registration link is worse than a duplicate a mail client can fold.

export const MAX_MAIL_ATTEMPTS = 8;
export const SENDING_LEASE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

export type NewMail = {
  eventKey: string;
  kind: MailKind;
  reservationId?: string | null;
  aboutReservationIds?: string[];
  recipient: string;
  lang: string;
  subject: string;
  body: string;
  /** The HTML alternative of `body`, if the mail has one. */
  html?: string | null;
  createdBy?: string | null;
  /** The time it is queued at (a fake clock in tests); now by default. */
  now?: Date;
};

/** Queues a mail; false when its event was already queued (nothing is added). */
export async function enqueueMail(db: DbOrTx, mail: NewMail): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values({
      eventKey: mail.eventKey,
      kind: mail.kind,
      reservationId: mail.reservationId ?? null,
      aboutReservationIds: mail.aboutReservationIds ?? [],
      recipient: mail.recipient,
      lang: mail.lang,
      subject: mail.subject,
      body: mail.body,
      htmlBody: mail.html ?? null,
      createdBy: mail.createdBy ?? null,
      ...(mail.now ? { nextAttemptAt: mail.now, createdAt: mail.now } : {}),
    })
    .onConflictDoNothing({ target: mailOutbox.eventKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

export type OutgoingMail = {
  id: string;
  eventKey: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
};

/** The Message-ID of an event: the same on every attempt, so a resend can be recognised. */
export function messageIdOf(eventKey: string, domain: string): string {
  return `<${eventKey.replace(/[^A-Za-z0-9.:-]/g, "-")}@${domain}>`;
}

/** Claims due rows (pending and due, or "sending" past their lease) and marks them "sending". */
export async function claimDueMail(
  db: Db,
  options: { now?: Date; limit?: number } = {},
): Promise<OutgoingMail[]> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - SENDING_LEASE_MS);
  const limit = options.limit ?? 10;
  const result = (await db.execute(sql`
    update ${mailOutbox} set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where (status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz)
         or (status = 'sending' and claimed_at <= ${staleBefore.toISOString()}::timestamptz)
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, event_key, kind, recipient, subject, body, html_body, attempts`)) as {
    rows: {
      id: string;
      event_key: string;
      kind: string;
      recipient: string;
      subject: string;
      body: string;
      html_body: string | null;
      attempts: number;
    }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    eventKey: row.event_key,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    html: row.html_body,
    attempts: Number(row.attempts),
  }));
}

export async function markMailSent(
  db: Db,
  id: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Exponential backoff (1, 2, 4 … minutes, at most 6 h); "failed" after the last attempt. */
export async function markMailFailed(
  db: Db,
  mail: Pick<OutgoingMail, "id" | "attempts">,
  error: string,
  now = new Date(),
): Promise<void> {
  const delay = Math.min(
    60_000 * 2 ** Math.max(0, mail.attempts - 1),
    MAX_BACKOFF_MS,
  );
  await db
    .update(mailOutbox)
    .set({
      status: mail.attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "pending",
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + delay),
      claimedAt: null,
    })
    .where(eq(mailOutbox.id, mail.id));
}

export type MailSender = (mail: OutgoingMail) => Promise<void>;

/** One pass of the worker: claims due mail and sends it. Returns how many were sent. */
export async function runMailWorkerOnce(
  db: Db,
  send: MailSender,
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const claimed = await claimDueMail(db, options);
  let sent = 0;
  for (const mail of claimed) {
    try {
      await send(mail);
    } catch (error) {
      // The SMTP error text names the server's answer, never the credentials of SMTP_URL.
      await markMailFailed(
        db,
        mail,
        error instanceof Error ? error.message : String(error),
        options.now,
      );
      continue;
    }
    await markMailSent(db, mail.id, options.now);
    sent++;
  }
  return sent;
}

export type MailRecord = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** Every mail about one reservation, newest first (the "Correos" section). */
export async function listMailForReservation(
  db: DbOrTx,
  reservationId: string,
): Promise<MailRecord[]> {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.reservationId, reservationId),
        arrayContains(mailOutbox.aboutReservationIds, [reservationId]),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(50);
}

/** Rows still to send (tests, shutdown). */
export async function countUnsentMail(
  db: DbOrTx,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)),
    );
  return rows.length;
}
