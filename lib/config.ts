import { z } from "zod";

/**
 * The one place that reads the environment. Every variable is documented in README.md
 * ("Configuration"); a bad value stops the process at start with a message naming it.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || /^(pglite:|postgres(ql)?:\/\/)/.test(value),
      "must be pglite:<dir>, pglite:memory or postgresql://…",
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOSTNAME: z.string().default("0.0.0.0"),
  WEB_CONCURRENCY: z.coerce.number().int().positive().optional(),
  PUBLIC_URL: z.url().optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),

  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),

  RESEND_API_KEY: z.string().optional(),
  EMAIL_FROM: z.string().default("Remit Accounts <no-reply@example.com>"),
  EMAIL_DISPATCH_INTERVAL_MS: positiveInt(2000),
  EMAIL_MAX_ATTEMPTS: positiveInt(12),
  /** Delay before the first retry of a failed send; doubled for each further attempt, at most an hour. */
  EMAIL_RETRY_BASE_MS: positiveInt(5000),

  LOGIN_TOKEN_TTL_DAYS: positiveInt(30),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  FORGOT_MAX_PER_EMAIL: positiveInt(3),
  FORGOT_MAX_PER_IP: positiveInt(20),
  FORGOT_WINDOW_MINUTES: positiveInt(60),

  STAFF_SESSION_HOURS: positiveInt(8),
  STAFF_LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(5),
  STAFF_LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
  STAFF_LOGIN_WINDOW_MINUTES: positiveInt(15),
});

export type Config = z.infer<typeof envSchema>;

let cached: Config | undefined;

export class ConfigError extends Error {}

export function config(): Config {
  if (cached) return cached;
  const env = { ...process.env };
  env.AUTH_SECRET ??= process.env.NEXTAUTH_SECRET;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee README.md, "Configuration".`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between cases; this makes the next config() read it again. */
export function reloadConfig(): Config {
  cached = undefined;
  return config();
}
