/**
 * The errors domain code throws: a code from a closed list and a message for people, never an
 * HTTP status. lib/http/errors.ts is the one place that turns a code into a status and a type.
 * The validation codes are values so that the OpenAPI document enumerates them.
 */
export const FIELD_ERROR_CODES = [
  "required",
  "invalid",
  "unique",
  "not_found",
  "_invalidConfirmPassword",
  "too_short",
  "too_long",
  "not_allowed",
  // Issue 14, passwords and verification.
  "too_common",
  "too_similar",
  "already_verified",
  // Issue 23: a control character (tab and newline aside) or a lone surrogate in a text field.
  "invalid_characters",
  // Issue 25, the profile: a country customers may not live in, an age under the minimum, two fields that must agree.
  "not_source",
  "too_young",
  "mismatch",
  // Issue 25: a KYC decision to verify a profile that lacks a required field.
  "profile_incomplete",
  // Issue 36: a word of a person's text that mixes scripts (lib/platform/validation/person-text.ts).
  "mixed_scripts",
  // Issue 36: what a decision was taken on (a profile, a review) changed since it was shown.
  "changed",
  // Issue 37: a customer's TOTP code that was valid but already accepted once (a replay).
  "already_used",
  // Issue 41: a KYC verification while a possible screening match is open; a match decided meanwhile.
  "screening_open",
  "already_decided",
  // Issue 40, payment authorisations: a wrong assertion or code (the same whatever was wrong), one
  // past its time, one no longer pending, and a customer with no second factor to approve with.
  "failed",
  "expired",
  "not_pending",
  "not_enrolled",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export type FieldError = { param: string; code: FieldErrorCode; message: string };

export const DOMAIN_ERROR_CODES = [
  /** Input that fails validation, one entry per field in `fieldErrors`. */
  "invalid_input",
  /** A request that cannot be carried out as asked, with the reason in the message. */
  "invalid_request",
  /** Wrong or missing credentials of a person (a login token, an e-mail and password). */
  "unauthenticated",
  "forbidden",
  /**
   * Two-factor stands between the caller and what they asked for: a staff member whose role requires
   * it and who has not enrolled yet, or a customer's right password, whose login needs its code (`mfaToken`).
   */
  "mfa_required",
  "not_found",
  /** What the request was based on changed meanwhile (one field error names what): look again, then retry. */
  "conflict",
  /** Too many attempts: try again after `retryAfterSeconds`. */
  "rate_limited",
  /** A dependency could not be reached or an attempt could not be counted: retry shortly. */
  "unavailable",
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { fieldErrors?: FieldError[]; retryAfterSeconds?: number; mfaToken?: string } = {},
  ) {
    super(message);
  }
}

export const invalidInput = (fieldErrors: FieldError[]) =>
  new DomainError("invalid_input", "Invalid request", { fieldErrors });

export const fieldError = (param: string, code: FieldErrorCode, message: string) =>
  invalidInput([{ param, code, message }]);

export const invalidRequest = (message: string) => new DomainError("invalid_request", message);

export const unauthenticated = (message = "Missing or invalid login token") =>
  new DomainError("unauthenticated", message);

export const forbidden = (message = "You do not have permission to do this") => new DomainError("forbidden", message);

export const mfaRequired = () =>
  new DomainError("mfa_required", "Your role requires two-factor sign-in: set it up before anything else");

/** A customer's right password with two-factor on: the login goes on with `mfaToken` and a code (POST /client/v1/login/mfa). */
export const secondFactorRequired = (mfaToken: string) =>
  new DomainError("mfa_required", "Two-factor is on: send the code of your authenticator app with this mfa_token", {
    mfaToken,
  });

export const notFound = (message = "Not found") => new DomainError("not_found", message);

/** `param` is no longer what the caller saw (`code`, e.g. `changed`): nothing was done. */
export const conflict = (param: string, code: FieldErrorCode, message: string) =>
  new DomainError("conflict", message, { fieldErrors: [{ param, code, message }] });

export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", "Too many attempts, please try again later", { retryAfterSeconds });

export const unavailable = (retryAfterSeconds = 5) =>
  new DomainError("unavailable", "Service temporarily unavailable", { retryAfterSeconds });
