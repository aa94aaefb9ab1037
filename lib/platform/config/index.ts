/**
 * The one place that reads the environment. Every variable is documented in docs/operations.md
 * ("Configuration"); a bad value stops the process at start with a message naming it.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { StaffRole } from "@/lib/generated/prisma/enums";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Fractions allowed (SESSION_IDLE_DAYS=0.5 is 12 hours). */
const positiveNumber = (fallback: number) => z.coerce.number().positive().finite().default(fallback);

/** A URL matching `scheme`, or undefined when unset or empty. */
const optionalUrl = (scheme: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || scheme.test(value), message);

/** A network in CIDR notation ("10.0.0.0/8", "2001:db8::/32"); a bare address is the network of that one address. */
export type Network = { address: string; prefix: number; family: "ipv4" | "ipv6" };

const network = z.string().transform((text, context): Network => {
  const [address, prefixText, ...rest] = text.split("/");
  const family = isIP(address) === 4 ? "ipv4" : isIP(address) === 6 && !address.includes("%") ? "ipv6" : undefined;
  const bits = family === "ipv4" ? 32 : 128;
  const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!family || rest.length > 0 || !(prefix >= 0 && prefix <= bits)) {
    context.addIssue({ code: "custom", message: `"${text}" is not a network such as 10.0.0.0/8 or 2001:db8::/32` });
    return z.NEVER;
  }
  return { address, prefix, family };
});

/** A comma-separated list of networks; empty (the default) is none. */
const networks = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(network));

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Comma-separated durations such as "5s,5m,2h" (units ms, s, m, h), in milliseconds. */
const durations = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context): number[] => {
      const items = value.split(",").map((item) => item.trim());
      const parsed = items.map((item) => /^(\d{1,9})(ms|s|m|h)$/.exec(item));
      if (parsed.some((match) => !match)) {
        context.addIssue({ code: "custom", message: `"${value}" is not a list of durations such as 5s,5m,30m,2h` });
        return z.NEVER;
      }
      return parsed.map((match) => Number(match![1]) * DURATION_UNITS_MS[match![2] as keyof typeof DURATION_UNITS_MS]);
    });

const STAFF_ROLES = Object.values(StaffRole);

/** Comma-separated staff roles, or "none"; unset or empty: admin. */
const staffRoles = z
  .string()
  .optional()
  .transform((value, context): StaffRole[] => {
    const text = value?.trim() || "admin";
    if (text === "none") return [];
    const roles = text.split(",").map((item) => item.trim());
    const unknown = roles.filter((role) => !STAFF_ROLES.includes(role as StaffRole));
    if (unknown.length > 0) {
      context.addIssue({
        code: "custom",
        message: `${unknown.map((role) => `"${role}"`).join(", ")} is not a staff role: use a comma-separated list of ${STAFF_ROLES.join(", ")}, or "none"`,
      });
      return z.NEVER;
    }
    return [...new Set(roles as StaffRole[])];
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalUrl(
      /^(pglite:|postgres(ql)?:\/\/)/,
      "must be pglite:<dir>, pglite:memory or postgresql://...",
    ),
    /**
     * Where migrations go when DATABASE_URL is a pooler (PgBouncer in transaction mode): straight to
     * PostgreSQL, since their lock is held by a session. Unset: DATABASE_URL. Set, it says DATABASE_URL
     * is such a pooler, so no statement is prepared by name (lib/platform/db/prepared-statements.ts).
     */
    DIRECT_DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "must be postgresql://..."),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOSTNAME: z.string().default("0.0.0.0"),
    WEB_CONCURRENCY: z.coerce.number().int().positive().optional(),
    PUBLIC_URL: z.url().optional(),
    /** Proxies whose X-Forwarded-For is believed (lib/http/request-address.ts); none by default. */
    TRUSTED_PROXIES: networks,
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** The least severe log line written (lib/platform/runtime/log.ts). */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Unset: pretty when stdout is a terminal, JSON lines otherwise. */
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
    /**
     * Tracing (lib/entry/server/tracing.ts): where spans go over OTLP (http/json, to <endpoint>/v1/traces),
     * such as an OpenTelemetry Collector's http://collector:4318. Unset: no tracing, and no SDK loaded.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:\/\/[^\s\p{Cc}]+$/u, "must be http://... or https://..."),
    /** The service.name the spans carry. */
    OTEL_SERVICE_NAME: z
      .string()
      .trim()
      .regex(/^[^\p{Cc}]{1,100}$/u, "must be 1 to 100 characters, none a control character")
      .default("remit-accounts"),
    /**
     * "false": the reference reads, logins and registrations go through Next's router like every
     * other request, rather than the server's fast paths (lib/entry/server/reference-fast-path.ts,
     * route-fast-path.ts); the answers are the same.
     */
    FAST_PATH: z
      .enum(["true", "false"], { message: 'must be "true" or "false"' })
      .default("true")
      .transform((value) => value === "true"),

    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),

    RESEND_API_KEY: z.string().optional(),
    EMAIL_FROM: z.string().default("Remit Accounts <no-reply@example.com>"),
    EMAIL_DISPATCH_INTERVAL_MS: positiveInt(2000),
    EMAIL_MAX_ATTEMPTS: positiveInt(12),
    /** Delay before the first retry of a failed send; doubled for each further attempt, at most an hour. */
    EMAIL_RETRY_BASE_MS: positiveInt(5000),

    /** How long an mfa_token (the right password of an account with two-factor) waits for its code. */
    MFA_TOKEN_TTL_SECONDS: positiveInt(300),
    /** Sessions (docs/api.md, "Sessions"): how long an access token works, the retry grace of a spent refresh token, the idle and absolute limits. */
    ACCESS_TOKEN_TTL_SECONDS: positiveInt(3600),
    REFRESH_REUSE_GRACE_SECONDS: positiveNumber(10),
    SESSION_IDLE_DAYS: positiveNumber(30),
    SESSION_MAX_DAYS: positiveNumber(90),
    /**
     * "true": webhook endpoints may be http and resolve to loopback, private, link-local or metadata
     * addresses (tests, on-premises receivers); refused otherwise, when saved and at each delivery.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z
      .enum(["true", "false"], { message: 'must be "true" or "false"' })
      .default("false")
      .transform((value) => value === "true"),
    /** How long a webhook receiver has to answer an attempt. */
    WEBHOOK_TIMEOUT_MS: positiveInt(15_000),
    /** The waits before each retry of a failed delivery; after the last one it is failed. */
    WEBHOOK_RETRY_SCHEDULE: durations("5s,5m,30m,2h,5h,10h,10h"),
    WEBHOOK_DISPATCH_INTERVAL_MS: positiveInt(1000),
    LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(10),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
    LOGIN_WINDOW_MINUTES: positiveInt(15),
    FORGOT_MAX_PER_EMAIL: positiveInt(3),
    FORGOT_MAX_PER_IP: positiveInt(20),
    FORGOT_WINDOW_MINUTES: positiveInt(60),
    /** Verification e-mails a customer may have sent again (POST /client/v1/resend-verification) per window. */
    VERIFY_RESEND_MAX_PER_ACCOUNT: positiveInt(3),
    VERIFY_RESEND_WINDOW_MINUTES: positiveInt(60),
    /** Registrations (POST /client/v1/register) from one IP address per window: Firebase's default. */
    REGISTER_MAX_PER_IP: positiveInt(100),
    REGISTER_WINDOW_MINUTES: positiveInt(60),
    /** Change-email requests (each e-mails a link) per account, and per new address, per window. */
    CHANGE_EMAIL_MAX_PER_ACCOUNT: positiveInt(5),
    CHANGE_EMAIL_MAX_PER_ADDRESS: positiveInt(3),
    CHANGE_EMAIL_WINDOW_MINUTES: positiveInt(60),
    /** "false": no e-mail on a login from a device the customer never used (the devices are still remembered). */
    NEW_DEVICE_ALERTS: z
      .enum(["true", "false"], { message: 'must be "true" or "false"' })
      .default("true")
      .transform((value) => value === "true"),

    /**
     * Passkeys (lib/domain/passkeys/): the WebAuthn relying party's id, the business's domain
     * (`example.com`), which every passkey is bound to. Unset: passkeys are off and their operations answer 404.
     */
    WEBAUTHN_RP_ID: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) =>
          value === undefined ||
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(value),
        "must be a domain name such as example.com (no scheme, port or path)",
      ),
    /** The name authenticators show beside a passkey; unset: the settings' trading name. */
    WEBAUTHN_RP_NAME: z
      .string()
      .trim()
      .regex(/^[^\p{Cc}]{0,100}$/u, "must be at most 100 characters, none a control character")
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** Passkey challenges (options) per account and per IP address per window. */
    PASSKEY_CHALLENGES_MAX_PER_ACCOUNT: positiveInt(20),
    PASSKEY_CHALLENGES_MAX_PER_IP: positiveInt(200),
    PASSKEY_CHALLENGE_WINDOW_MINUTES: positiveInt(15),

    /**
     * Payment authorisations (lib/domain/payment-authorisations/): how long one waits for the
     * customer's gesture (its approval lives as long, at most 10 minutes), and how long five
     * failures in a row lock creating and confirming them.
     */
    SCA_AUTHORISATION_TTL_SECONDS: positiveInt(300),
    SCA_LOCK_MINUTES: positiveNumber(15),

    /** A password-hashing thread that hashed nothing for this long ends, and gives back its memory; the next login starts one. */
    HASHING_THREAD_IDLE_MS: positiveInt(30_000),

    /**
     * Retention (lib/domain/retention/): a closed account's personal data is pseudonymised this many
     * years after it closed, and open accounts' events lose their address, browser and device after
     * as long. Whole years are calendar years; fractions allowed (that part of 365.25 days), so a test can make it seconds.
     */
    RETENTION_YEARS: positiveNumber(5),

    /**
     * Screening (lib/domain/screening/, docs/compliance.md): the score (0 to 1) at or above which a listed
     * person is a possible match, chosen on bench/screening-pairs.json; the largest list file an import
     * reads (the back office's upload and the command line alike), and the most people one list may hold.
     */
    SCREENING_THRESHOLD: z.coerce.number().min(0.5).max(1).default(0.89),
    SCREENING_IMPORT_MAX_BYTES: positiveInt(64 * 1024 * 1024),
    SCREENING_LIST_MAX_ENTRIES: positiveInt(500_000),

    /** The youngest a customer may be: a profile's date_of_birth less than this many years ago is `too_young`. */
    PROFILE_MIN_AGE_YEARS: positiveInt(18),

    STAFF_SESSION_HOURS: positiveInt(8),
    STAFF_LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(5),
    STAFF_LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
    STAFF_LOGIN_WINDOW_MINUTES: positiveInt(15),
    /** The roles whose members must sign in with two-factor (TOTP) and can do nothing else until they enrol. */
    STAFF_MFA_REQUIRED_ROLES: staffRoles,
  })
  .refine((env) => !env.DIRECT_DATABASE_URL || env.DATABASE_URL?.startsWith("postgres"), {
    path: ["DIRECT_DATABASE_URL"],
    message: "needs DATABASE_URL on PostgreSQL too (postgresql://...)",
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
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee docs/operations.md, "Configuration".`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between cases; this makes the next config() read it again. */
export function reloadConfig(): Config {
  cached = undefined;
  return config();
}
