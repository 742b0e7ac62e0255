import { createRequire } from "node:module";
import type nodemailerModule from "nodemailer";
import { brand } from "#app/config/brand.ts";
import { messageIdOf, type MailSender } from "./mail-outbox.server.ts";

export const DEFAULT_MAIL_FROM = `${brand.name} <${brand.email}>`;

export type SmtpSender = { send: MailSender; close(): void };

// The e-mails a guest may answer: their Reply-To is the staff's address (MAIL_REPLY_TO, else
// STAFF_NOTIFY_TO, else LEAD_NOTIFY_TO), so an answer reaches people, not the sender mailbox.
const GUEST_MAIL_KINDS: ReadonlySet<string> = new Set(["guest-link", "reminder"]);

/**
 * Sends outbox rows through SMTP_URL with a stable Message-ID per event: plain text, plus the
 * HTML alternative when the row has one (multipart/alternative).
 */
export function createSmtpSender(
  smtpUrl: string,
  options: { from?: string; messageIdDomain: string; replyTo?: readonly string[] },
): SmtpSender {
  // Loaded only when mail is configured (start-up time and memory, ADR 0008).
  const nodemailer = createRequire(import.meta.url)(
    "nodemailer",
  ) as typeof nodemailerModule;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        ...(options.replyTo?.length && GUEST_MAIL_KINDS.has(mail.kind) ? { replyTo: [...options.replyTo] } : {}),
        messageId: messageIdOf(mail.eventKey, options.messageIdDomain),
        headers: { "X-NidoSmart-Event": mail.eventKey },
      });
    },
    close() {
      transport.close();
    },
  };
}
