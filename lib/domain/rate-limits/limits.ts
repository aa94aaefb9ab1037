/**
 * Every limit on attempts the service enforces, in one place: its name, what it is keyed by, and
 * its maximum and window from the configuration. The flows ask for the limits of their attempt by
 * name and `check` them; count-attempt.ts holds how an attempt is counted.
 *
 * | limit                       | key        | max (default)                              | window                           |
 * | customerLoginPerEmail       | e-mail     | LOGIN_MAX_FAILURES_PER_EMAIL (10)          | LOGIN_WINDOW_MINUTES (15)        |
 * | customerLoginPerIp          | IP address | LOGIN_MAX_FAILURES_PER_IP (50)             | LOGIN_WINDOW_MINUTES             |
 * | forgotPasswordPerEmail      | e-mail     | FORGOT_MAX_PER_EMAIL (3), e-mails sent     | FORGOT_WINDOW_MINUTES (60)       |
 * | forgotPasswordPerIp         | IP address | FORGOT_MAX_PER_IP (20), requests           | FORGOT_WINDOW_MINUTES            |
 * | resendVerificationPerAccount | customer id | VERIFY_RESEND_MAX_PER_ACCOUNT (3), e-mails sent | VERIFY_RESEND_WINDOW_MINUTES (60) |
 * | registerPerIp               | IP address | REGISTER_MAX_PER_IP (100), registrations   | REGISTER_WINDOW_MINUTES (60)     |
 * | changeEmailPerAccount       | customer id | CHANGE_EMAIL_MAX_PER_ACCOUNT (5), requests | CHANGE_EMAIL_WINDOW_MINUTES (60) |
 * | changeEmailPerAddress       | new e-mail, +tag dropped | CHANGE_EMAIL_MAX_PER_ADDRESS (3), requests | CHANGE_EMAIL_WINDOW_MINUTES |
 * | staffSignInPerEmail         | e-mail     | STAFF_LOGIN_MAX_FAILURES_PER_EMAIL (5)     | STAFF_LOGIN_WINDOW_MINUTES (15)  |
 * | staffSignInPerIp            | IP address | STAFF_LOGIN_MAX_FAILURES_PER_IP (50)       | STAFF_LOGIN_WINDOW_MINUTES       |
 * | staffForgotPasswordPerEmail | e-mail     | FORGOT_MAX_PER_EMAIL (3), requests         | FORGOT_WINDOW_MINUTES (60)       |
 * | staffForgotPasswordPerIp    | IP address | FORGOT_MAX_PER_IP (20), requests           | FORGOT_WINDOW_MINUTES            |
 * | dataExportPerAccount        | customer id | 1, exports (fixed: "once an hour", docs/api.md) | 60 minutes                  |
 * | totpConfirmPerAccount       | customer id | LOGIN_MAX_FAILURES_PER_EMAIL (10), wrong codes | LOGIN_WINDOW_MINUTES (15) |
 * | passkeyChallengesPerAccount | customer id, or "staff:" and a member's id | PASSKEY_CHALLENGES_MAX_PER_ACCOUNT (20), challenges | PASSKEY_CHALLENGE_WINDOW_MINUTES (15) |
 * | passkeyChallengesPerIp      | IP address | PASSKEY_CHALLENGES_MAX_PER_IP (200), challenges | PASSKEY_CHALLENGE_WINDOW_MINUTES |
 * | passkeyLoginPerCredential   | credential id | LOGIN_MAX_FAILURES_PER_EMAIL (10)       | LOGIN_WINDOW_MINUTES             |
 *
 * The logins' limits are on failures: a successful attempt gives its count back. A password change
 * counts against customerLoginPerEmail too (a wrong current password is a guess like a failed login),
 * a staff member's against staffSignInPerEmail. The codes that confirm a two-factor enrolment are
 * guesses too, limited like a login's; a bucket of their own, so that a wrong guess at the enrolment
 * does not lock the account's login. A passkey login counts against passkeyLoginPerCredential and
 * customerLoginPerIp; a staff member's passkey sign-in against passkeyLoginPerCredential and
 * staffSignInPerIp, and the back office's challenges against the same two challenge limits.
 */
import type { RateLimitBucket } from "@/lib/generated/prisma/enums";
import { config, type Config } from "@/lib/platform/config";
import { countAttempt, type Attempt, type Limit } from "./count-attempt";

type Rule = {
  /** The stored name of the limit's rows, a value of enum RateLimitBucket in schema.prisma (changing it starts every count afresh). */
  bucket: RateLimitBucket;
  max: (settings: Config) => number;
  windowMinutes: (settings: Config) => number;
};

const RULES = {
  customerLoginPerEmail: {
    bucket: "login_email",
    max: (settings) => settings.LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMinutes: (settings) => settings.LOGIN_WINDOW_MINUTES,
  },
  customerLoginPerIp: {
    bucket: "login_ip",
    max: (settings) => settings.LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: (settings) => settings.LOGIN_WINDOW_MINUTES,
  },
  forgotPasswordPerEmail: {
    bucket: "forgot_email",
    max: (settings) => settings.FORGOT_MAX_PER_EMAIL,
    windowMinutes: (settings) => settings.FORGOT_WINDOW_MINUTES,
  },
  forgotPasswordPerIp: {
    bucket: "forgot_ip",
    max: (settings) => settings.FORGOT_MAX_PER_IP,
    windowMinutes: (settings) => settings.FORGOT_WINDOW_MINUTES,
  },
  resendVerificationPerAccount: {
    bucket: "verify_resend_account",
    max: (settings) => settings.VERIFY_RESEND_MAX_PER_ACCOUNT,
    windowMinutes: (settings) => settings.VERIFY_RESEND_WINDOW_MINUTES,
  },
  registerPerIp: {
    bucket: "register_ip",
    max: (settings) => settings.REGISTER_MAX_PER_IP,
    windowMinutes: (settings) => settings.REGISTER_WINDOW_MINUTES,
  },
  changeEmailPerAccount: {
    bucket: "change_email_account",
    max: (settings) => settings.CHANGE_EMAIL_MAX_PER_ACCOUNT,
    windowMinutes: (settings) => settings.CHANGE_EMAIL_WINDOW_MINUTES,
  },
  changeEmailPerAddress: {
    bucket: "change_email_address",
    max: (settings) => settings.CHANGE_EMAIL_MAX_PER_ADDRESS,
    windowMinutes: (settings) => settings.CHANGE_EMAIL_WINDOW_MINUTES,
  },
  staffSignInPerEmail: {
    bucket: "staff_login_email",
    max: (settings) => settings.STAFF_LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMinutes: (settings) => settings.STAFF_LOGIN_WINDOW_MINUTES,
  },
  staffSignInPerIp: {
    bucket: "staff_login_ip",
    max: (settings) => settings.STAFF_LOGIN_MAX_FAILURES_PER_IP,
    windowMinutes: (settings) => settings.STAFF_LOGIN_WINDOW_MINUTES,
  },
  staffForgotPasswordPerEmail: {
    bucket: "staff_forgot_email",
    max: (settings) => settings.FORGOT_MAX_PER_EMAIL,
    windowMinutes: (settings) => settings.FORGOT_WINDOW_MINUTES,
  },
  staffForgotPasswordPerIp: {
    bucket: "staff_forgot_ip",
    max: (settings) => settings.FORGOT_MAX_PER_IP,
    windowMinutes: (settings) => settings.FORGOT_WINDOW_MINUTES,
  },
  dataExportPerAccount: {
    bucket: "data_export_account",
    max: () => 1,
    windowMinutes: () => 60,
  },
  totpConfirmPerAccount: {
    bucket: "totp_confirm_account",
    max: (settings) => settings.LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMinutes: (settings) => settings.LOGIN_WINDOW_MINUTES,
  },
  passkeyChallengesPerAccount: {
    bucket: "passkey_challenge_account",
    max: (settings) => settings.PASSKEY_CHALLENGES_MAX_PER_ACCOUNT,
    windowMinutes: (settings) => settings.PASSKEY_CHALLENGE_WINDOW_MINUTES,
  },
  passkeyChallengesPerIp: {
    bucket: "passkey_challenge_ip",
    max: (settings) => settings.PASSKEY_CHALLENGES_MAX_PER_IP,
    windowMinutes: (settings) => settings.PASSKEY_CHALLENGE_WINDOW_MINUTES,
  },
  passkeyLoginPerCredential: {
    bucket: "passkey_login_credential",
    max: (settings) => settings.LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMinutes: (settings) => settings.LOGIN_WINDOW_MINUTES,
  },
} satisfies Record<string, Rule>;

export type LimitName = keyof typeof RULES;

/** The limit `name` for one key (an e-mail address, an IP address), as configured now. */
export function limit(name: LimitName, key: string): Limit {
  const rule: Rule = RULES[name];
  const settings = config();
  return { bucket: rule.bucket, key, max: rule.max(settings), windowMs: rule.windowMinutes(settings) * 60_000 };
}

/** A customer's login: per e-mail address and per IP address. */
export const customerLoginLimits = (email: string, ip: string) => ({
  perEmail: limit("customerLoginPerEmail", email),
  perIp: limit("customerLoginPerIp", ip),
});

/** A forgot-password request: per e-mail address (e-mails sent) and per IP address (requests). */
export const forgotPasswordLimits = (email: string, ip: string) => ({
  perEmail: limit("forgotPasswordPerEmail", email),
  perIp: limit("forgotPasswordPerIp", ip),
});

/** Resending the verification e-mail: per account (e-mails sent). */
export const resendVerificationLimit = (customerId: number) =>
  limit("resendVerificationPerAccount", String(customerId));

/** A registration: per IP address. */
export const registerLimit = (ip: string) => limit("registerPerIp", ip);

/**
 * A request for a new e-mail address: per account, and per new address. The address is keyed
 * without its +tag (`someone+1@…` and `someone+2@…` reach one inbox), so tags do not multiply the
 * e-mails one inbox can be sent.
 */
export const changeEmailLimits = (customerId: number, newEmail: string) => ({
  perAccount: limit("changeEmailPerAccount", String(customerId)),
  perAddress: limit("changeEmailPerAddress", newEmail.replace(/\+[^@]*(?=@[^@]*$)/, "")),
});

/** A customer's subject-access export (GET /client/v1/me/export): once an hour per account. */
export const dataExportLimit = (customerId: number) => limit("dataExportPerAccount", String(customerId));

/** The codes confirming a customer's two-factor enrolment (POST /client/v1/me/mfa/totp/confirm): per account, wrong ones. */
export const totpConfirmLimit = (customerId: number) => limit("totpConfirmPerAccount", String(customerId));

/** A passkey challenge (registration or authentication options): per IP address and, for a customer's, per account. */
export const passkeyChallengeLimits = (ip: string, customerId?: number) => [
  limit("passkeyChallengesPerIp", ip),
  ...(customerId === undefined ? [] : [limit("passkeyChallengesPerAccount", String(customerId))]),
];

/** A passkey login: failures per credential id (the key as sent, bounded by storedKey) and per IP address, as a login's. */
export const passkeyLoginLimits = (credentialId: string, ip: string) => [
  limit("passkeyLoginPerCredential", credentialId),
  limit("customerLoginPerIp", ip),
];

/** A back-office passkey challenge: per IP address and, for a registration, per member (keyed apart from customers). */
export const staffPasskeyChallengeLimits = (ip: string, staffId?: number) => [
  limit("passkeyChallengesPerIp", ip),
  ...(staffId === undefined ? [] : [limit("passkeyChallengesPerAccount", `staff:${staffId}`)]),
];

/** A staff member's passkey sign-in: failures per credential id and per IP address, as a password sign-in's. */
export const staffPasskeySignInLimits = (credentialId: string, ip: string) => [
  limit("passkeyLoginPerCredential", credentialId),
  limit("staffSignInPerIp", ip),
];

/** A staff member's sign-in: per e-mail address and per IP address. */
export const staffSignInLimits = (email: string, ip: string) => ({
  perEmail: limit("staffSignInPerEmail", email),
  perIp: limit("staffSignInPerIp", ip),
});

/** A staff member's forgot-password request: per e-mail address and per IP address, requests (known address or not). */
export const staffForgotPasswordLimits = (email: string, ip: string) => ({
  perEmail: limit("staffForgotPasswordPerEmail", email),
  perIp: limit("staffForgotPasswordPerIp", ip),
});

/**
 * Counts one attempt against `limits`: `limited` when one of them has no room left, with
 * `retryAfterSeconds` until it has. The caller decides what a limited attempt answers.
 */
export function check(limits: Limit[]): Promise<Attempt> {
  return countAttempt(limits);
}
