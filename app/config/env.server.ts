import { z } from "zod";

// Configuration is validated once at start-up, so a typo fails loudly instead of half-working.
const emptyAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const flag = z.preprocess(
  (value) => (typeof value === "string" ? ["1", "true", "yes", "on"].includes(value.trim().toLowerCase()) : value),
  z.boolean(),
);

/** The 32-byte key written as 64 hex digits or as base64/base64url; null when it is neither. */
export function decodeCredentialsKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

const emailList = (name: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email(`${name} must be a comma-separated list of e-mail addresses`)).min(1));

export const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("production")),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./data")),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    // The embedded database's buffer pool (PostgreSQL units: kB, MB, GB); unset means 32MB.
    PGLITE_SHARED_BUFFERS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must be a size such as 32MB")
        .optional(),
    ),
    SITE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(6, "ADMIN_PASSWORD needs at least 6 characters").optional()),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "AUTH_SECRET needs at least 32 characters").optional()),
    // 32 random bytes that encrypt the SES web-service passwords at rest (AES-256-GCM), written
    // as 64 hex digits or as base64 (e.g. `openssl rand -base64 32`).
    SES_CREDENTIALS_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .refine((value) => decodeCredentialsKey(value) !== null, "SES_CREDENTIALS_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)")
        .optional(),
    ),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, flag.default(false)),
    // SES.HOSPEDAJES web service (police registry): which ministry host, or an explicit URL
    // (the fake server in tests); the first poll delay of a sent lote.
    SES_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(["pre", "prod"]).default("prod")),
    SES_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SES_POLL_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400_000).default(30_000)),
    // RD 933/2021: guest data is kept three years after check-out, then deleted (1096 days covers a leap year).
    GUEST_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(36_500).default(1096)),
    // Outgoing mail (ADR 0011): the guest link, reminders and the arrival-day list go through
    // SMTP_URL; without it the staff actions say mail is not set up and nothing is queued.
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465")
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
    // Who gets the arrival-day list of unregistered stays; unset means LEAD_NOTIFY_TO.
    STAFF_NOTIFY_TO: z.preprocess(emptyAsUndefined, emailList("STAFF_NOTIFY_TO").optional()),
    LEAD_NOTIFY_TO: z.preprocess(emptyAsUndefined, emailList("LEAD_NOTIFY_TO").optional()),
    // Days before check-in when the holder is reminded to register the guests.
    GUEST_REMINDER_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60).default(2)),
    // Timeout of one SES call (long, so a slow answer is not taken for a lost one) and the first
    // retry delay after a network error, 5xx, SOAP fault or 10999 (doubles, with jitter, to 1 h).
    SES_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
    SES_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3_600_000).default(60_000)),
    // Where failed filings and deadlines 2 h away are announced (needs SMTP_URL); else LEAD_NOTIFY_TO.
    SES_ALERT_TO: z.preprocess(emptyAsUndefined, emailList("SES_ALERT_TO").optional()),
    SES_SENDER: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_EMAIL"], message: "set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & { siteUrl: string; siteOrigin: string };

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
  return { ...env, siteUrl, siteOrigin: new URL(siteUrl).origin };
}
