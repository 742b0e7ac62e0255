import type { Logger } from "pino";
import type { AppConfig } from "#app/config/env.server.ts";
import type { Db } from "#app/db/client.server.ts";
import {
  DEFAULT_GUEST_REMINDER_DAYS,
  runMailSchedule,
  type MailSettings,
} from "./guest-mail.server.ts";
import { runMailWorkerOnce, type MailSender } from "./mail-outbox.server.ts";
import { createSmtpSender } from "./mail-transport.server.ts";

// The mail loop of the server process (ADR 0011): a worker pass every few seconds (and at once
// when a route queued something), and the schedule (reminders, arrival-day list) every minute.
// Every instance runs it; the outbox's unique keys and SKIP LOCKED claims keep that safe.

export const MAIL_WORKER_INTERVAL_MS = 5_000;
export const MAIL_SCHEDULE_INTERVAL_MS = 60_000;

export function mailSettingsFrom(config: AppConfig): MailSettings {
  return {
    enabled: config.SMTP_URL !== undefined,
    siteUrl: config.siteUrl,
    reminderDays: config.GUEST_REMINDER_DAYS ?? DEFAULT_GUEST_REMINDER_DAYS,
    staffTo: config.STAFF_NOTIFY_TO ?? config.LEAD_NOTIFY_TO ?? [],
  };
}

/** Where a guest's answer goes: MAIL_REPLY_TO, else STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO. */
export function mailReplyToFrom(config: AppConfig): string[] {
  return config.MAIL_REPLY_TO ?? config.STAFF_NOTIFY_TO ?? config.LEAD_NOTIFY_TO ?? [];
}

export type MailService = {
  kick(): void;
  idle(): Promise<void>;
  close(): Promise<void>;
};

// Keyed by database, and kept on globalThis under a registered symbol: the routes live in the
// React Router build, which bundles its own copy of this module, yet must reach the worker the
// server process started (tests run several servers in one process, each with its own db).
const REGISTRY = Symbol.for("nidosmart.mail-services");
const services: WeakMap<Db, MailService> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as
    WeakMap<Db, MailService> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new WeakMap<
    Db,
    MailService
  >());

/** Asks this process's worker to look at the outbox now (after a route queued a mail). */
export function kickMailWorker(db: Db): void {
  services.get(db)?.kick();
}

export function startMailService(
  db: Db,
  config: AppConfig,
  options: { logger: Logger; sender?: MailSender; now?: () => Date },
): MailService | null {
  const settings = mailSettingsFrom(config);
  if (!settings.enabled || !config.SMTP_URL) return null;
  const smtp = options.sender
    ? null
    : createSmtpSender(config.SMTP_URL, {
        from: config.MAIL_FROM,
        replyTo: mailReplyToFrom(config),
        messageIdDomain: new URL(config.siteUrl).hostname,
      });
  const send: MailSender = options.sender ?? smtp!.send;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let closed = false;

  const work = () => {
    if (closed) return;
    again = true;
    running = running.then(async () => {
      while (again && !closed) {
        again = false;
        try {
          const sent = await runMailWorkerOnce(db, send, { now: now() });
          if (sent > 0) options.logger.info({ sent }, "mail sent");
        } catch (error) {
          options.logger.error({ err: error }, "mail worker failed");
        }
      }
    });
  };
  const schedule = () => {
    if (closed) return;
    running = running.then(async () => {
      try {
        const result = await runMailSchedule(db, settings, { now: now() });
        if (result.reminders > 0 || result.arrivalDay)
          options.logger.info({ ...result }, "scheduled mail queued");
      } catch (error) {
        options.logger.error({ err: error }, "mail schedule failed");
      }
    });
    work();
  };

  const workTimer = setInterval(work, MAIL_WORKER_INTERVAL_MS);
  workTimer.unref();
  const scheduleTimer = setInterval(schedule, MAIL_SCHEDULE_INTERVAL_MS);
  scheduleTimer.unref();
  const first = setTimeout(schedule, 1_000);
  first.unref();

  const service: MailService = {
    kick: work,
    async idle() {
      let seen: Promise<void> | undefined;
      while (seen !== running) {
        seen = running;
        await running;
      }
    },
    async close() {
      closed = true;
      clearInterval(workTimer);
      clearInterval(scheduleTimer);
      clearTimeout(first);
      await running;
      smtp?.close();
      services.delete(db);
    },
  };
  services.set(db, service);
  return service;
}
