import { z } from "zod";

// Configuration is validated once at start-up, so a typo fails loudly instead of half-working.
const emptyAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const flag = z.preprocess(
  (value) => (typeof value === "string" ? ["1", "true", "yes", "on"].includes(value.trim().toLowerCase()) : value),
  z.boolean(),
);

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
    SITE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(6, "ADMIN_PASSWORD needs at least 6 characters").optional()),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "AUTH_SECRET needs at least 32 characters").optional()),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, flag.default(false)),
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
