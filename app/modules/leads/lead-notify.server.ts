import { createRequire } from "node:module";
import type nodemailerModule from "nodemailer";
import type { Logger } from "pino";
import { z } from "zod";
import { brand } from "#app/config/brand.ts";
import { formatLeadDateTime } from "./leads-csv.ts";
import { ownerTypeLabel, propertyCountLabel, propertyTypeLabel, sourceLabel } from "./leads.schema.ts";
import type { Lead } from "./leads.server.ts";

// The sales team's "new lead" e-mail. Optional: it runs only when SMTP_URL and LEAD_NOTIFY_TO
// are both set. It is sent after the visitor has their answer and its failure is only logged,
// so a slow or broken mail server never delays or fails a submission.

const emptyAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const notifyEnvSchema = z
  .object({
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465")
        .optional(),
    ),
    LEAD_NOTIFY_TO: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.email("LEAD_NOTIFY_TO must be a comma-separated list of e-mail addresses")).min(1))
        .optional(),
    ),
    LEAD_NOTIFY_FROM: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
  })
  .superRefine((env, ctx) => {
    // SMTP_URL alone is fine (guest mail, ADR 0011); recipients without a server are a mistake.
    if (env.SMTP_URL === undefined && env.LEAD_NOTIFY_TO !== undefined) {
      ctx.addIssue({ code: "custom", path: ["LEAD_NOTIFY_TO"], message: "LEAD_NOTIFY_TO needs SMTP_URL" });
    }
  });

export type LeadNotifyConfig =
  | { enabled: false }
  | { enabled: true; smtpUrl: string; to: string[]; from: string };

export const DEFAULT_LEAD_NOTIFY_FROM = `${brand.name} <${brand.email}>`;

export class LeadNotifyConfigError extends Error {}

/** Reads and validates the notification settings; a typo fails at start-up, not at the first lead. */
export function loadLeadNotifyConfig(env: NodeJS.ProcessEnv = process.env): LeadNotifyConfig {
  const parsed = notifyEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new LeadNotifyConfigError(`Invalid lead notification configuration:\n${lines.join("\n")}`);
  }
  const { SMTP_URL, LEAD_NOTIFY_TO, LEAD_NOTIFY_FROM } = parsed.data;
  if (!SMTP_URL || !LEAD_NOTIFY_TO) return { enabled: false };
  return { enabled: true, smtpUrl: SMTP_URL, to: LEAD_NOTIFY_TO, from: LEAD_NOTIFY_FROM ?? DEFAULT_LEAD_NOTIFY_FROM };
}

/** Plain text only: lead fields are visitor input, and text can never carry markup into a mail client. */
export function buildLeadNotification(lead: Lead, siteUrl: string): { subject: string; text: string } {
  const line = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : null);
  const text = [
    "Ha llegado un nuevo lead desde la web.",
    "",
    line("Nombre", lead.name),
    line("Email", lead.email),
    line("Teléfono", lead.phone),
    line("Empresa", lead.company),
    line("Ciudad", lead.city),
    line("Tipo de propiedad", propertyTypeLabel(lead.propertyType)),
    line("Número de propiedades", propertyCountLabel(lead.propertyCount)),
    line("Tipo de propietario", ownerTypeLabel(lead.ownerType)),
    line("Origen", sourceLabel(lead.source)),
    line("Referencia", lead.reference),
    line("Fecha de envío", formatLeadDateTime(lead.submittedAt)),
    "",
    lead.message ? `Mensaje:\n${lead.message}` : null,
    "",
    `Gestiona el lead en ${siteUrl}/admin`,
  ]
    .filter((part) => part !== null)
    .join("\n");
  return { subject: `Nuevo lead: ${lead.name} (${sourceLabel(lead.source)})`, text };
}

export type LeadNotifier = {
  readonly enabled: boolean;
  /** Queues the e-mail and returns at once; errors are logged, never thrown. */
  notify(lead: Lead): void;
  /** Resolves when every queued e-mail has been sent or has failed (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
};

export function createLeadNotifier(config: LeadNotifyConfig, options: { logger: Logger; siteUrl: string }): LeadNotifier {
  if (!config.enabled) {
    return { enabled: false, notify() {}, idle: async () => {}, close() {} };
  }
  // Loaded only when e-mail is configured: most installs never send one, and the package costs
  // start-up time and memory (ADR 0008).
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof nodemailerModule;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // Bounded waits: a hung mail server must not keep sockets and promises around forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const inFlight = new Set<Promise<void>>();

  return {
    enabled: true,
    notify(lead) {
      const { subject, text } = buildLeadNotification(lead, options.siteUrl);
      const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => transport.sendMail({ from: config.from, to: config.to, replyTo: lead.email, subject, text }))
        .then(
          () => options.logger.info({ leadId: lead.id }, "lead notification sent"),
          (error: unknown) => options.logger.error({ err: error, leadId: lead.id }, "lead notification failed"),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close() {
      transport.close();
    },
  };
}
