/**
 * Every error the API can answer, as data: the status and type travel with the error. Domain code
 * throws DomainErrors (lib/platform/errors/domain-error.ts); `toApiError` is the one table that gives each
 * domain code its status. The errors only HTTP knows of (405, 406, 413, 415, client credentials)
 * are made here. The lists are values so that the OpenAPI document enumerates them.
 */
import { DomainError, type DomainErrorCode, type FieldError } from "@/lib/platform/errors/domain-error";

export const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "rate_limit_error",
  "api_error",
  // The admin API: the staff member must enrol in two-factor sign-in first. A customer's login:
  // the password was right, and the login needs its second factor (with `mfa_token`).
  "mfa_required",
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** A login waiting for its second factor: the token to send the code with. */
    readonly mfaToken?: string,
  ) {
    super(message);
  }
}

const retryAfter = (seconds = 5) => ({ "Retry-After": String(Math.max(1, Math.ceil(seconds))) });

const STATUS_OF: Record<DomainErrorCode, { status: number; type: ErrorType }> = {
  invalid_input: { status: 400, type: "invalid_request_error" },
  invalid_request: { status: 400, type: "invalid_request_error" },
  unauthenticated: { status: 401, type: "authentication_error" },
  forbidden: { status: 403, type: "permission_error" },
  mfa_required: { status: 403, type: "mfa_required" },
  not_found: { status: 404, type: "invalid_request_error" },
  conflict: { status: 409, type: "invalid_request_error" },
  rate_limited: { status: 429, type: "rate_limit_error" },
  unavailable: { status: 503, type: "api_error" },
};

/** What a domain error answers: its code's status and type, its message, and the headers it implies. */
export function toApiError(error: DomainError): ApiError {
  const { status, type } = STATUS_OF[error.code];
  const { fieldErrors, retryAfterSeconds, mfaToken } = error.details;
  const headers =
    error.code === "rate_limited" || error.code === "unavailable" ? retryAfter(retryAfterSeconds) : undefined;
  return new ApiError(status, type, error.message, fieldErrors, headers, mfaToken);
}

export const invalidClientCredentials = () => new ApiError(401, "authentication_error", "Invalid client credentials");

/** A write from a page of another origin (CSRF): refused before anything else is looked at. */
export const crossOriginRefused = () => new ApiError(403, "permission_error", "Cross-origin request refused");

export const methodNotAllowed = (allowed: string[]) =>
  new ApiError(405, "invalid_request_error", "Method not allowed", undefined, { Allow: allowed.join(", ") });

export const notAcceptable = (message: string) => new ApiError(406, "invalid_request_error", message);

// The body is left unread: the connection closes after the answer rather than take in the rest.
export const bodyTooLarge = () =>
  new ApiError(413, "invalid_request_error", "Request body too large", undefined, { Connection: "close" });

export const unsupportedMediaType = (expected: string) =>
  new ApiError(415, "invalid_request_error", `Content-Type must be ${expected}`);

/** The database cannot be reached: the request may well succeed if retried in a few seconds. */
export const serviceUnavailable = () => toApiError(new DomainError("unavailable", "Service temporarily unavailable"));
