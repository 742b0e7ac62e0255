import nodemailer from "nodemailer";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db, DbOrTx } from "#app/db/client.server.ts";
import { landlordAccounts, sesAlerts, sesAttempts, sesCommunications } from "#app/db/schema.ts";
import { getLandlordCredentials, LandlordCredentialsError } from "#app/modules/landlords/landlords.server.ts";
import { loteOutcome } from "#app/modules/ses/ses-classify.ts";
import { createSesClient, type SesClient, type SesExchange, type SesFailure } from "#app/modules/ses/ses-client.server.ts";
import { queueAnnulment, registerSesNudge, type SesState } from "#app/modules/ses/ses-outbox.server.ts";
import type { SesLoteStatus } from "#app/modules/ses/ses-soap.ts";
import { prepareSesDocuments } from "#app/modules/ses/ses-xsd.server.ts";
import { createErtzaintzaClient, type ErtzaintzaClient } from "#app/modules/ertzaintza/ertzaintza-client.server.ts";
import { ErtzaintzaCredentialsError, getErtzaintzaSigningKey, stopErtzaintzaQueue } from "#app/modules/ertzaintza/ertzaintza-credentials.server.ts";
import { changeOfLanded, recordErtzaintzaTask } from "#app/modules/ertzaintza/ertzaintza-tasks.server.ts";
import { validateErtzaintzaPvs } from "#app/modules/ertzaintza/ertzaintza-xsd.server.ts";

// The sender and poller of the SES outbox (ADR 0004), run inside the server process after it
// listens. Instances coordinate only through the database: every claim is one
// UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) that commits "sending" (with a lease)
// before the POST, so two instances never send one row, and a row left "sending" by a crash is
// taken over after its lease and resent with the same stored bytes (WEB-SERVICE.md §3).
// Rows for the Ertzaintza (recipient "ertzaintza", ADR 0018) go through the same claims: the
// stored PV is signed afresh at each attempt and the synchronous answer settles the row.

export type SesSenderOptions = {
  db: Db;
  endpoint: string;
  logger: Logger;
  /** First consultaLote after this; later polls back off from it. */
  pollIntervalMs: number;
  /** HTTP timeout of one SES call (and of one alert e-mail); the "sending" lease is this plus a margin. */
  timeoutMs: number;
  /** First retry delay of a retry-class failure; doubles per attempt (with jitter), capped at 1 h.
   *  Also the delay before an alert e-mail that failed is tried again (at least the lease). */
  retryBaseMs: number;
  /** Safety-net wake-up when nothing nudges (other instances' work, due retries and polls). */
  tickMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /** Documents per libxml2 run. */
  validationBatch?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  alerts?: SesAlertConfig;
  /** Extra CAs (PEM) for the SES client only (loadSesCa). */
  ca?: string;
  /** Base URL of the staff area, for the alert e-mail's link. */
  siteUrl?: string;
  /** The Ertzaintza's A19 endpoint and extra trust anchors for it (ERTZAINTZA_CA_FILE). */
  ertzaintza?: { endpoint: string; ca?: string };
};

export type SesAlertConfig = { smtpUrl: string; to: string[]; from: string } | null;

const LEASE_MARGIN_MS = 15_000;
const MAX_RETRY_MS = 3_600_000;
const MAX_POLL_MS = 30 * 60_000;
const DEADLINE_WARNING_MS = 2 * 3_600_000;
/** Documents per libxml2 run: one run costs ~0.2 s whatever the count, but a huge one delays the
 *  first sends and holds a worker thread (one of two cores here) for seconds. */
const VALIDATION_BATCH = 250;

export const SES_MESSAGES = {
  duplicate:
    "El Ministerio ya tenía esta comunicación (lote duplicado): está presentada, pero se desconoce su lote. Copia el código de comunicación del portal SES.HOSPEDAJES.",
  xsdPrefix: "El documento no cumple el esquema oficial (no se ha enviado): ",
  queueStopped: "Envío detenido: el Ministerio no acepta las credenciales de este arrendador",
  queueStoppedTls: "Envío detenido: no se pudo verificar el certificado del Ministerio",
  ertzaintzaStopped: "Envío a la Ertzaintza detenido",
  ertzaintzaInvalidPrefix: "El parte no cumple el esquema de la Ertzaintza (no se ha enviado): ",
  ertzaintzaAlreadyFiled: "La Ertzaintza ya tenía este parte (CTO01 al reenviarlo tras una respuesta perdida): consta como presentado.",
} as const;

/** Exponential backoff with "equal jitter": half fixed, half random, so instances spread out. */
export function backoffMs(base: number, attempt: number, cap: number): number {
  const exp = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

type Row = typeof sesCommunications.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function recordAttempt(
  db: DbOrTx,
  exchange: SesExchange,
  entry: { communicationId?: string | null; landlordAccountId: string; lotes?: string[]; outcome: string; message?: string | null },
): Promise<void> {
  await db.insert(sesAttempts).values({
    communicationId: entry.communicationId ?? null,
    landlordAccountId: entry.landlordAccountId,
    operation: exchange.operation,
    lotes: entry.lotes?.join(",") ?? null,
    outcome: entry.outcome,
    message: entry.message ?? null,
    requestUrl: exchange.request.url,
    requestHeaders: JSON.stringify(exchange.request.headers),
    requestBody: exchange.request.body,
    responseStatus: exchange.response?.status ?? null,
    responseBody: exchange.response?.body ?? null,
    durationMs: Math.round(exchange.durationMs),
  });
}

async function stopLandlordQueue(db: DbOrTx, landlordId: string, message: string): Promise<void> {
  await db
    .update(landlordAccounts)
    .set({ queueStoppedReason: message.slice(0, 500), queueStoppedAt: new Date() })
    .where(and(eq(landlordAccounts.id, landlordId), isNull(landlordAccounts.queueStoppedReason)));
}

function stopMessage(failure: SesFailure): string {
  return `${failure.code === "tls" ? SES_MESSAGES.queueStoppedTls : SES_MESSAGES.queueStopped}: ${failure.message}`;
}

export type SesSender = {
  /** One full round (validate, send, poll, alerts); resolves when it is done. */
  runOnce(): Promise<void>;
  /** Ask for a round soon (coalesced). */
  nudge(): void;
  stop(): Promise<void>;
};

export function startSesSender(options: SesSenderOptions): SesSender {
  const { db, logger } = options;
  const tickMs = options.tickMs ?? 1_000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 4;
  const validationBatch = options.validationBatch ?? VALIDATION_BATCH;
  // After a crash another instance (or the restarted one) takes a "sending" row over once no
  // answer can still arrive for the first POST: the client's timeout plus a margin.
  const leaseMs = options.timeoutMs + Math.min(LEASE_MARGIN_MS, options.timeoutMs);
  // An alert e-mail that failed is claimed again after the retry delay, and never sooner than the
  // lease: a try is cut off at the timeout, so another instance does not claim an alert whose
  // first try is still talking to the SMTP server.
  const alertRetryMs = Math.max(options.retryBaseMs, leaseMs);
  let stopped = false;
  let current: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const clients = new Map<string, SesClient>();
  // Landlords whose consultaLote the service does not offer: polled with C (per process).
  const noConsultaLote = new Set<string>();
  async function clientFor(landlordId: string): Promise<SesClient> {
    const credentials = await getLandlordCredentials(db, landlordId);
    const cacheKey = `${landlordId}:${credentials.codigoArrendador}:${credentials.user}:${credentials.password}:${credentials.aplicacion}`;
    let client = clients.get(cacheKey);
    if (!client) {
      client = createSesClient({
        endpoint: options.endpoint,
        codigoArrendador: credentials.codigoArrendador,
        user: credentials.user,
        password: credentials.password,
        aplicacion: credentials.aplicacion,
        timeoutMs: options.timeoutMs,
        ...(options.ca ? { ca: options.ca } : {}),
      });
      clients.set(cacheKey, client);
    }
    return client;
  }

  // ------------------------------------------------------------ 1. XSD, in one run per kind

  async function validateWaiting(): Promise<void> {
    // No lock: validation is deterministic, so two instances validating one row agree, and the
    // guarded update below is idempotent. Holding a transaction over libxml2 would stall PGlite.
    const waiting = await db
      .select({ id: sesCommunications.id, kind: sesCommunications.kind, recipient: sesCommunications.recipient, xml: sesCommunications.xml })
      .from(sesCommunications)
      .where(eq(sesCommunications.state, "validating"))
      .limit(validationBatch);
    if (waiting.length === 0) return;
    const ses = waiting.filter((row) => row.recipient !== "ertzaintza");
    const ertzaintza = waiting.filter((row) => row.recipient === "ertzaintza");
    const sesResults = await prepareSesDocuments(ses.map((row) => ({ kind: row.kind === "B" ? "B" : (row.kind as "RH" | "PV"), xml: row.xml })));
    const ertzaintzaResults = await validateErtzaintzaPvs(ertzaintza.map((row) => row.xml));
    const verdicts = [
      ...ses.map((row, index) => ({ id: row.id, ok: sesResults[index].ok, errors: sesResults[index].ok ? [] : (sesResults[index] as { errors: string[] }).errors, prefix: SES_MESSAGES.xsdPrefix })),
      ...ertzaintza.map((row, index) => ({ id: row.id, ok: ertzaintzaResults[index].valid, errors: ertzaintzaResults[index].errors, prefix: SES_MESSAGES.ertzaintzaInvalidPrefix })),
    ];
    const valid = verdicts.filter((verdict) => verdict.ok).map((verdict) => verdict.id);
    await db.transaction(async (tx) => {
      // One statement for the valid ones: a statement per row held PGlite's only connection
      // (and the guests' submissions behind it) for the length of a thousand round trips.
      if (valid.length > 0) {
        await tx
          .update(sesCommunications)
          .set({ state: "queued", nextAttemptAt: new Date() })
          .where(and(inArray(sesCommunications.id, valid), eq(sesCommunications.state, "validating")));
      }
      for (const verdict of verdicts) {
        if (verdict.ok) continue;
        await tx
          .update(sesCommunications)
          .set({ state: "invalid", errorText: verdict.prefix + verdict.errors.join("; ").slice(0, 900), settledAt: new Date() })
          .where(and(eq(sesCommunications.id, verdict.id), eq(sesCommunications.state, "validating")));
      }
    });
    if (waiting.length === validationBatch) again = true;
  }

  // ------------------------------------------------------------ 2. send

  async function claimToSend(): Promise<Row[]> {
    const result = await db.execute(sql`
      UPDATE ses_communications SET state = 'sending', attempts = attempts + 1,
        -- Taken over from a crashed "sending": its bytes may already be filed.
        in_doubt = in_doubt OR state = 'sending',
        lease_until = now() + (${leaseMs}::int * interval '1 millisecond'), updated_at = now()
      WHERE id IN (
        SELECT c.id FROM ses_communications c JOIN landlord_accounts l ON l.id = c.landlord_account_id
          LEFT JOIN ertzaintza_credentials e ON e.landlord_account_id = c.landlord_account_id
        WHERE l.auto_send
          -- Each recipient's queue of an account stops on its own (refused credentials); an
          -- Ertzaintza filing waits for the account's certificate.
          AND CASE WHEN c.recipient = 'ertzaintza' THEN e.landlord_account_id IS NOT NULL AND e.queue_stopped_reason IS NULL
                   ELSE l.queue_stopped_reason IS NULL END
          AND ((c.state = 'queued' AND c.next_attempt_at <= now()) OR (c.state = 'sending' AND c.lease_until < now()))
        ORDER BY c.created_at LIMIT ${batchSize}
        FOR UPDATE OF c SKIP LOCKED)
      RETURNING id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length === 0) return [];
    return db.select().from(sesCommunications).where(inArray(sesCommunications.id, ids));
  }

  const ertzaintzaClients = new Map<string, ErtzaintzaClient>();
  async function ertzaintzaClientFor(landlordId: string): Promise<ErtzaintzaClient> {
    if (!options.ertzaintza) throw new ErtzaintzaCredentialsError("not-found", "Este servidor no tiene configurado el servicio de la Ertzaintza");
    const credentials = await getErtzaintzaSigningKey(db, landlordId);
    const cacheKey = `${landlordId}:${credentials.lessorCode}:${credentials.aplicacion}:${credentials.signingKey.certificatePem}`;
    let client = ertzaintzaClients.get(cacheKey);
    if (!client) {
      client = createErtzaintzaClient({
        endpoint: options.ertzaintza.endpoint,
        lessorCode: credentials.lessorCode,
        aplicacion: credentials.aplicacion,
        signingKey: credentials.signingKey,
        timeoutMs: options.timeoutMs,
        ...(options.ertzaintza.ca ? { ca: options.ertzaintza.ca } : {}),
      });
      ertzaintzaClients.set(cacheKey, client);
    }
    return client;
  }

  /** One Ertzaintza PV: signed now, the synchronous answer settles the row (ADR 0018). */
  async function sendToErtzaintza(row: Row): Promise<void> {
    let client: ErtzaintzaClient;
    try {
      client = await ertzaintzaClientFor(row.landlordAccountId);
    } catch (error) {
      if (!(error instanceof ErtzaintzaCredentialsError)) throw error;
      // Without a certificate row the claim skips the account's Ertzaintza rows until one is
      // uploaded; with one (expired, undecryptable) its queue stops with the reason.
      await db.transaction(async (tx) => {
        await stopErtzaintzaQueue(tx, row.landlordAccountId, `${SES_MESSAGES.ertzaintzaStopped}: ${error.message}`);
        await tx
          .update(sesCommunications)
          .set({ state: "queued", attempts: sql`${sesCommunications.attempts} - 1`, leaseUntil: null, errorText: error.message })
          .where(and(eq(sesCommunications.id, row.id), eq(sesCommunications.state, "sending")));
      });
      return;
    }
    const result = await client.send(row.kind === "RH" ? "RH" : "PV", row.xml, { resendInDoubt: row.inDoubt });
    const guard = and(eq(sesCommunications.id, row.id), eq(sesCommunications.state, "sending"));
    await db.transaction(async (tx) => {
      await recordAttempt(tx, result.exchange, {
        communicationId: row.id,
        landlordAccountId: row.landlordAccountId,
        outcome: result.outcome === "done" ? (result.alreadyFiled ? "duplicate" : "ok") : result.outcome,
        message: result.outcome === "done" && !result.alreadyFiled ? null : result.message,
      });
      if (result.outcome === "done") {
        const peticion = result.peticion && result.peticion.length <= 36 ? result.peticion : null;
        const [accepted] = await tx
          .update(sesCommunications)
          .set({ state: "accepted", codigoComunicacion: peticion, leaseUntil: null, cancelRequested: false, errorText: result.alreadyFiled ? SES_MESSAGES.ertzaintzaAlreadyFiled : null, settledAt: new Date() })
          .where(guard)
          .returning();
        // Cancelled or corrected while in flight: the service has no B, so staff get the steps.
        if (accepted && row.cancelRequested) await recordErtzaintzaTask(tx, accepted, await changeOfLanded(tx, accepted.reservationId));
      } else if (result.outcome === "retry" && result.maxTries !== undefined && row.attempts >= result.maxTries) {
        await tx.update(sesCommunications).set({ state: "error", leaseUntil: null, errorText: result.message, settledAt: new Date() }).where(guard);
      } else if (result.outcome === "retry") {
        await tx
          .update(sesCommunications)
          .set({
            state: "queued",
            leaseUntil: null,
            errorText: result.message,
            inDoubt: row.inDoubt || result.mayHaveArrived,
            nextAttemptAt: new Date(Date.now() + backoffMs(options.retryBaseMs, row.attempts, MAX_RETRY_MS)),
          })
          .where(guard);
      } else if (result.outcome === "credentials") {
        await stopErtzaintzaQueue(tx, row.landlordAccountId, `${SES_MESSAGES.ertzaintzaStopped}: ${result.message}`);
        await tx
          .update(sesCommunications)
          .set({ state: "queued", leaseUntil: null, attempts: sql`${sesCommunications.attempts} - 1`, errorText: result.message, inDoubt: row.inDoubt || result.mayHaveArrived })
          .where(guard);
      } else {
        // The service stores nothing of a communication with errors: fix the data and retry.
        await tx.update(sesCommunications).set({ state: "error", leaseUntil: null, errorText: result.message, settledAt: new Date() }).where(guard);
      }
    });
  }

  async function sendOne(row: Row): Promise<void> {
    if (row.recipient === "ertzaintza") return sendToErtzaintza(row);
    let client: SesClient;
    try {
      client = await clientFor(row.landlordAccountId);
    } catch (error) {
      if (!(error instanceof LandlordCredentialsError)) throw error;
      await db.transaction(async (tx) => {
        await stopLandlordQueue(tx, row.landlordAccountId, error.message);
        await tx
          .update(sesCommunications)
          .set({ state: "queued", attempts: sql`${sesCommunications.attempts} - 1`, leaseUntil: null })
          .where(and(eq(sesCommunications.id, row.id), eq(sesCommunications.state, "sending")));
      });
      return;
    }
    // The stored bytes, never rebuilt: a resend after a crash is byte-identical.
    const sendOptions = { resendInDoubt: row.inDoubt };
    const result = row.kind === "B" ? await client.sendAnulacion(row.xml, sendOptions) : await client.sendAlta(row.kind as "RH" | "PV", row.xml, sendOptions);
    const guard = and(eq(sesCommunications.id, row.id), eq(sesCommunications.state, "sending"));
    await db.transaction(async (tx) => {
      if (result.ok) {
        await recordAttempt(tx, result.exchange, { communicationId: row.id, landlordAccountId: row.landlordAccountId, lotes: [result.lote], outcome: "ok" });
        await tx
          .update(sesCommunications)
          .set({ state: "sent", lote: result.lote, leaseUntil: null, errorText: null, pollCount: 0, nextPollAt: new Date(Date.now() + options.pollIntervalMs) })
          .where(guard);
        return;
      }
      const failure: SesFailure = result.failure;
      await recordAttempt(tx, result.exchange, { communicationId: row.id, landlordAccountId: row.landlordAccountId, outcome: failure.duplicate ? "duplicate" : failure.class, message: failure.message });
      if (failure.duplicate) {
        await tx.update(sesCommunications).set({ state: "filed_unknown", leaseUntil: null, errorText: SES_MESSAGES.duplicate, settledAt: new Date() }).where(guard);
      } else if (failure.class === "retry" && failure.maxTries !== undefined && row.attempts >= failure.maxTries) {
        // A SOAP Client fault that keeps coming back: our request, not their outage. Stop, show it.
        await tx.update(sesCommunications).set({ state: "error", leaseUntil: null, errorText: failure.message, settledAt: new Date() }).where(guard);
      } else if (failure.class === "retry") {
        await tx
          .update(sesCommunications)
          .set({
            state: "queued",
            leaseUntil: null,
            errorText: failure.message,
            inDoubt: row.inDoubt || failure.mayHaveArrived,
            nextAttemptAt: new Date(Date.now() + backoffMs(options.retryBaseMs, row.attempts, MAX_RETRY_MS)),
          })
          .where(guard);
      } else if (failure.class === "credentials") {
        await stopLandlordQueue(tx, row.landlordAccountId, stopMessage(failure));
        await tx
          .update(sesCommunications)
          .set({ state: "queued", leaseUntil: null, attempts: sql`${sesCommunications.attempts} - 1`, errorText: failure.message })
          .where(guard);
      } else {
        await tx.update(sesCommunications).set({ state: "error", leaseUntil: null, errorText: failure.message, settledAt: new Date() }).where(guard);
      }
    });
  }

  // ------------------------------------------------------------ 3. poll

  async function claimToPoll(): Promise<Row[]> {
    // Claiming pushes next_poll_at forward (backing off), which is also the poll's lease.
    const result = await db.execute(sql`
      UPDATE ses_communications SET poll_count = poll_count + 1,
        next_poll_at = now() + (LEAST(${MAX_POLL_MS}::bigint, ${options.pollIntervalMs}::bigint * (2 ^ LEAST(poll_count, 20))::bigint) * interval '1 millisecond')
      WHERE id IN (
        SELECT id FROM ses_communications WHERE state = 'sent' AND next_poll_at <= now()
        ORDER BY next_poll_at LIMIT ${batchSize * 10} FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length === 0) return [];
    return db.select().from(sesCommunications).where(inArray(sesCommunications.id, ids));
  }

  async function settleFromLote(row: Row, status: SesLoteStatus): Promise<void> {
    const outcome = loteOutcome(status.codigoEstado);
    if (outcome === "pending" || outcome === "unknown") return;
    const guard = and(eq(sesCommunications.id, row.id), eq(sesCommunications.state, "sent"));
    await db.transaction(async (tx) => {
      if (outcome === "resend") {
        // State 3: nothing stored on their side; send again as a new attempt.
        await tx.update(sesCommunications).set({ state: "queued", lote: null, nextAttemptAt: new Date(), errorText: status.descEstado }).where(guard);
        return;
      }
      const item = status.resultados.find((result) => result.orden === 1) ?? status.resultados[0];
      if (outcome === "rejected" || (item && !item.ok) || (!item && row.kind !== "B")) {
        const text = item && !item.ok ? item.error || item.tipoError : status.descEstado;
        await tx.update(sesCommunications).set({ state: "error", errorText: text, settledAt: new Date() }).where(guard);
        return;
      }
      const codigo = item && item.ok ? item.codigoComunicacion : null;
      const updated = await tx
        .update(sesCommunications)
        .set({ state: "accepted", codigoComunicacion: codigo, errorText: null, settledAt: new Date() })
        .where(guard)
        .returning();
      const accepted = updated[0];
      if (!accepted) return;
      if (accepted.kind === "B" && accepted.targetId) {
        await tx.update(sesCommunications).set({ state: "annulled" }).where(eq(sesCommunications.id, accepted.targetId));
      } else if (accepted.cancelRequested && accepted.codigoComunicacion) {
        // Cancelled or changed while this alta was in flight: its B follows now.
        await queueAnnulment(tx, accepted);
      }
    });
  }

  async function pollSent(): Promise<void> {
    const rows = await claimToPoll();
    const byLandlord = new Map<string, Row[]>();
    for (const row of rows) byLandlord.set(row.landlordAccountId, [...(byLandlord.get(row.landlordAccountId) ?? []), row]);
    for (const [landlordId, landlordRows] of byLandlord) {
      let client: SesClient;
      try {
        client = await clientFor(landlordId);
      } catch (error) {
        if (error instanceof LandlordCredentialsError) {
          await stopLandlordQueue(db, landlordId, error.message);
          continue;
        }
        throw error;
      }
      // ≤ 10 lotes per consultaLote, per credential (S §3.2).
      for (let start = 0; start < landlordRows.length; start += 10) {
        const chunk = landlordRows.slice(start, start + 10);
        const lotes = chunk.map((row) => row.lote!).filter(Boolean);
        let result = await (noConsultaLote.has(landlordId) ? client.consultaLoteC(lotes) : client.consultaLote(lotes));
        if (!result.ok && result.failure.unsupportedOperation && result.exchange.operation === "consultaLote") {
          // consultaLote answered 404 or "unknown operation": the same query through
          // comunicacion C instead of stopping the landlord's queue, and C from now on.
          await recordAttempt(db, result.exchange, { landlordAccountId: landlordId, lotes, outcome: result.failure.class, message: result.failure.message });
          noConsultaLote.add(landlordId);
          result = await client.consultaLoteC(lotes);
        }
        if (!result.ok) {
          await recordAttempt(db, result.exchange, { landlordAccountId: landlordId, lotes, outcome: result.failure.class, message: result.failure.message });
          if (result.failure.class === "credentials") await stopLandlordQueue(db, landlordId, stopMessage(result.failure));
          continue;
        }
        await recordAttempt(db, result.exchange, { landlordAccountId: landlordId, lotes, outcome: "ok" });
        const byLote = new Map(result.lotes.map((status) => [status.lote, status]));
        for (const row of chunk) {
          const status = byLote.get(row.lote!);
          if (status) await settleFromLote(row, status);
        }
      }
    }
  }

  // ------------------------------------------------------------ 4. alerts

  async function sendAlerts(): Promise<void> {
    const config = options.alerts;
    if (!config) return;
    const now = Date.now();
    // An alert is settled once its e-mail went out, or while a failed try is younger than the retry delay.
    const alertSettled = sql.raw(`(a.sent_at is not null or a.created_at > now() - (${alertRetryMs} * interval '1 millisecond'))`);
    const candidates = await db
      .select({
        id: sesCommunications.id,
        kind: sesCommunications.kind,
        recipient: sesCommunications.recipient,
        state: sesCommunications.state,
        label: sesCommunications.reservationLabel,
        errorText: sesCommunications.errorText,
        dueAt: sesCommunications.dueAt,
      })
      .from(sesCommunications)
      .where(
        sql`(${sesCommunications.state} in ('error','invalid','filed_unknown') and not exists (select 1 from ses_alerts a where a.key = 'failed:' || ${sesCommunications.id}::text and ${alertSettled}))
         or (${sesCommunications.state} in ('validating','queued','sending','sent') and ${sesCommunications.dueAt} < ${new Date(now + DEADLINE_WARNING_MS)}
             and not exists (select 1 from ses_alerts a where a.key = 'deadline:' || ${sesCommunications.id}::text and ${alertSettled}))`,
      )
      .limit(100);
    if (candidates.length === 0) return;
    const smtpTimeout = Math.min(20_000, options.timeoutMs);
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: smtpTimeout, greetingTimeout: smtpTimeout, socketTimeout: smtpTimeout });
    for (const row of candidates) {
      const failed = ["error", "invalid", "filed_unknown"].includes(row.state);
      const key = `${failed ? "failed" : "deadline"}:${row.id}`;
      // The unique key is the "exactly once": only the instance whose insert wins sends. An alert
      // whose e-mail failed is claimed again, by one instance, once its last try is alertRetryMs
      // old (created_at is the time of the last try).
      const won = await db
        .insert(sesAlerts)
        .values({ key })
        .onConflictDoUpdate({
          target: sesAlerts.key,
          set: { createdAt: sql`now()` },
          setWhere: sql`${sesAlerts.sentAt} is null and ${sesAlerts.createdAt} < now() - (${alertRetryMs}::int * interval '1 millisecond')`,
        })
        .returning({ key: sesAlerts.key });
      if (won.length === 0) continue;
      const who = row.recipient === "ertzaintza" ? "Ertzaintza" : "SES";
      const subject = failed ? `${who}: error en la comunicación ${row.kind} de ${row.label}` : `${who}: quedan menos de 2 horas para comunicar ${row.kind} de ${row.label}`;
      const text = [
        failed ? `La comunicación ${row.kind} de la reserva ${row.label} ha fallado.` : `La comunicación ${row.kind} de la reserva ${row.label} aún no está aceptada.`,
        row.errorText ? `Respuesta: ${row.errorText}` : null,
        `Plazo: ${row.dueAt.toISOString()}`,
        options.siteUrl ? `Revísala en ${options.siteUrl}/admin/viajeros/comunicaciones` : null,
      ]
        .filter((line) => line !== null)
        .join("\n");
      try {
        // Bounded by the timeout, well inside the lease. A try that times out may still be
        // delivered late and then sent again by the retry: at least once, as the mail outbox.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          transport.sendMail({ from: config.from, to: config.to, subject, text }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("SMTP send timed out")), options.timeoutMs);
          }),
        ]).finally(() => clearTimeout(timer));
        await db.update(sesAlerts).set({ sentAt: new Date() }).where(eq(sesAlerts.key, key));
      } catch (error) {
        logger.error({ err: error, communicationId: row.id }, "SES alert e-mail failed; tried again later");
      }
    }
    transport.close();
  }

  // ------------------------------------------------------------ the loop

  async function round(): Promise<void> {
    await validateWaiting();
    for (;;) {
      const claimed = await claimToSend();
      if (claimed.length === 0) break;
      // A few at a time: enough to drain a backlog, little enough not to crowd the requests.
      const queue = [...claimed];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) await sendOne(row);
        }),
      );
      if (stopped) return;
    }
    await pollSent();
    await sendAlerts();
  }

  function runOnce(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          again = false;
          await round();
        } while (again && !stopped);
      } catch (error) {
        if (!stopped) logger.error({ err: error }, "SES sender round failed");
      } finally {
        current = null;
      }
    })();
    return current;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, tickMs);
    timer.unref();
  }

  const nudge = () => {
    if (!stopped) void runOnce();
  };
  const unregister = registerSesNudge(nudge);
  schedule();
  void runOnce();

  return {
    runOnce,
    nudge,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unregister();
      if (current) await current;
    },
  };
}

export type { SesState };
