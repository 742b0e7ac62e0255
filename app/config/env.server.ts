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
    // Reply-To of the guest e-mails (a guest's answer reaches staff, not the no-reply sender);
    // unset means STAFF_NOTIFY_TO, then LEAD_NOTIFY_TO.
    MAIL_REPLY_TO: z.preprocess(emptyAsUndefined, emailList("MAIL_REPLY_TO").optional()),
    // Days before check-in when the holder is reminded to register the guests.
    GUEST_REMINDER_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60).default(2)),
    // Timeout of one SES call (long, so a slow answer is not taken for a lost one) and the first
    // retry delay after a network error, 5xx, SOAP fault or 10999 (doubles, with jitter, to 1 h).
    SES_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
    SES_RETRY_BASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3_600_000).default(60_000)),
    // How often the sender looks for work nothing nudged it about: polls and retries come due,
    // other instances' rows, a crashed instance's lease run out, an alert e-mail to try again.
    SES_TICK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(60_000).default(1_000)),
    // Where failed filings and deadlines 2 h away are announced (needs SMTP_URL); else LEAD_NOTIFY_TO.
    SES_ALERT_TO: z.preprocess(emptyAsUndefined, emailList("SES_ALERT_TO").optional()),
    SES_SENDER: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
    // The Mossos d'Esquadra file's disputed readings (ADR 0019, REGIONAL-POLICE.md §2.4-2.5):
    // the research's recommendation by default, the other reading one switch away.
    MOSSOS_SEX_CODES: z.preprocess(emptyAsUndefined, z.enum(["manual", "vikbooking"]).default("manual")),
    MOSSOS_DOCUMENT_CODES: z.preprocess(emptyAsUndefined, z.enum(["manual", "vikbooking"]).default("manual")),
    MOSSOS_MUNICIPALITY_DIGITS: z.preprocess(emptyAsUndefined, z.enum(["5", "6"]).default("6")),
    MOSSOS_ENCODING: z.preprocess(emptyAsUndefined, z.enum(["latin1", "utf8"]).default("latin1")),
    // PEM file of the CAs the SES client trusts besides Node's roots; unset = the shipped FNMT
    // intermediate and root (resources/ses-hospedajes/ca/, ADR 0005).
    SES_CA_FILE: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(4096).optional()),
    // The Ertzaintza's A19 web service (ADR 0018): which host (pre-production or production), or
    // an explicit URL (the fake in tests); a PEM file of CAs its client trusts besides Node's
    // roots (pre-production serves an internal CA's chain). Sent by the same sender as SES.
    ERTZAINTZA_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(["pre", "prod"]).default("prod")),
    ERTZAINTZA_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    ERTZAINTZA_CA_FILE: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(4096).optional()),
    // Telemetry (ADR 0015/0016): raw readings and rollups kept this long; per-device rate of the
    // HTTP ingest; the MQTT consumer (on by default when MQTT_URL is set) and its session id.
    TELEMETRY_RAW_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
    TELEMETRY_ROLLUP_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(36_500).default(400)),
    TELEMETRY_RATE_PER_S: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(10_000).default(10)),
    TELEMETRY_RATE_BURST: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
    MQTT_URL: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^(mqtts?|tcp|ssl|wss?):\/\//, "MQTT_URL must start with mqtt://, mqtts://, tcp://, ssl://, ws:// or wss://").optional()),
    MQTT_TELEMETRY: z.preprocess(emptyAsUndefined, z.enum(["on", "off"]).default("on")),
    // Unset: a random group generated once and stored in the database (ADR 0025), the same for
    // every instance, so a device that may subscribe to `$share/…` cannot guess it.
    MQTT_SHARE_GROUP: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "MQTT_SHARE_GROUP: letters, digits, - and _ (1–64)").optional()),
    // on: the server keeps each device's account in Mosquitto's dynamic-security plugin itself
    // (created, re-keyed, deleted with the device; MQTT_URL's user needs the dynsec rights).
    MQTT_DYNSEC: z.preprocess(emptyAsUndefined, z.enum(["on", "off"], { error: "MQTT_DYNSEC must be on or off" }).default("off")),
    MQTT_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "MQTT_CLIENT_ID: letters, digits, - and _ (1–64)").optional()),
    // Evidence reports (ADR 0022): the Ed25519 key that signs them (PKCS#8 PEM, or the 32-byte
    // seed as hex/base64; required with DATABASE_URL, the same on every instance) and the RFC 3161
    // time-stamp authority (unset = reports without a time-stamp).
    EVIDENCE_SIGNING_KEY: z.preprocess(emptyAsUndefined, z.string().max(4096).optional()),
    TSA_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: "TSA_URL must be an http:// or https:// URL" }).optional()),
    // Webhooks (ADR 0023): deliveries to loopback, private, link-local and other non-public
    // addresses are refused unless this is set (a receiver on the same private network); and the
    // bound of one delivery attempt, DNS, connection and answer included.
    WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, flag.default(false)),
    WEBHOOK_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
    // Every outgoing request to an address staff typed (webhooks and channel calendars): loopback,
    // private, link-local and other non-public addresses are refused unless this is set.
    // WEBHOOK_ALLOW_PRIVATE=1 still lifts it too (for both).
    OUTBOUND_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, flag.default(false)),
    // Channel calendars (issue 28, ADR 0026): how often each feed is read (plus up to 10 % jitter),
    // and the bound of one read, DNS, redirects and body included.
    CALENDAR_SYNC_INTERVAL_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(60, "CALENDAR_SYNC_INTERVAL_S must be from 60 to 86400").max(86_400, "CALENDAR_SYNC_INTERVAL_S must be from 60 to 86400").default(900)),
    CALENDAR_FETCH_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(15_000)),
    // Incidents (ADR 0024): staff alerts go to MONITORING_ALERT_TO, else STAFF_NOTIFY_TO, else
    // LEAD_NOTIFY_TO; a device silent this long is "Sin conexión"; an episode whose last reading is
    // older than MONITORING_STALE_AFTER_S when it arrives is recorded and nobody is told.
    MONITORING_ALERT_TO: z.preprocess(emptyAsUndefined, emailList("MONITORING_ALERT_TO").optional()),
    DEVICE_OFFLINE_AFTER_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(300)),
    // An open live stream (SSE) checks its session and role again this often, and ends once the
    // session is gone or the role lost monitoring (issue 27 item 5).
    LIVE_SESSION_RECHECK_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(30).default(30)),
    MONITORING_STALE_AFTER_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(60).max(7 * 86_400).default(3600)),
    // Web push to staff phones (issue 31, ADR 0027): the VAPID key pair (base64url, as web-push
    // generates it: 65-byte public point, 32-byte private scalar; set both or neither, the same on
    // every instance; unset = generated once and kept in the database, the private half encrypted
    // with the SES_CREDENTIALS_KEY key), the subject push services may contact (https: or mailto:),
    // and whether push endpoints on private addresses are allowed (tests' fake push service).
    VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes as base64url (npx web-push generate-vapid-keys)").optional()),
    VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes as base64url (npx web-push generate-vapid-keys)").optional()),
    VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, "VAPID_SUBJECT must be a mailto: address or an https:// URL").optional()),
    PUSH_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, flag.default(false)),
    // The offline chat answer is streamed a word at a time with this pause between words, so it
    // reads as typed (0: all at once).
    CHAT_WORD_DELAY_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000).default(15)),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_EMAIL"], message: "set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither" });
    }
    if (env.MQTT_DYNSEC === "on" && env.MQTT_URL === undefined) {
      ctx.addIssue({ code: "custom", path: ["MQTT_DYNSEC"], message: "MQTT_DYNSEC=on needs MQTT_URL (the broker whose accounts the server keeps)" });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & { siteUrl: string; siteOrigin: string };

/** Whether outgoing requests may go to non-public addresses: OUTBOUND_ALLOW_PRIVATE or WEBHOOK_ALLOW_PRIVATE. */
export function outboundAllowPrivate(config: Pick<Env, "OUTBOUND_ALLOW_PRIVATE" | "WEBHOOK_ALLOW_PRIVATE">): boolean {
  return config.OUTBOUND_ALLOW_PRIVATE || config.WEBHOOK_ALLOW_PRIVATE;
}

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
