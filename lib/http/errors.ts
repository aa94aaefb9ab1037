/**
 * Every error the API can answer, as data: the status and type travel with the error. The lists
 * are values so that the OpenAPI document enumerates them (lib/api/schemas.ts).
 */
export const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "rate_limit_error",
  "api_error",
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const FIELD_ERROR_CODES = [
  "required",
  "invalid",
  "unique",
  "not_found",
  "_invalidConfirmPassword",
  "too_short",
  "too_long",
  "not_allowed",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export type FieldError = { param: string; code: FieldErrorCode; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalidClientCredentials = () =>
  new ApiError(401, "authentication_error", "Invalid client credentials");

export const unauthenticated = (message = "Missing or invalid login token") =>
  new ApiError(401, "authentication_error", message);

export const forbidden = (message = "You do not have permission to do this") =>
  new ApiError(403, "permission_error", message);

export const notFound = (message = "Not found") => new ApiError(404, "invalid_request_error", message);

export const methodNotAllowed = (allowed: string[]) =>
  new ApiError(405, "invalid_request_error", "Method not allowed", undefined, { Allow: allowed.join(", ") });

export const notAcceptable = (message: string) => new ApiError(406, "invalid_request_error", message);

export const badRequest = (message: string) => new ApiError(400, "invalid_request_error", message);

// The body is left unread: the connection closes after the answer rather than take in the rest.
export const bodyTooLarge = () =>
  new ApiError(413, "invalid_request_error", "Request body too large", undefined, { Connection: "close" });

export const unsupportedMediaType = (expected: string) =>
  new ApiError(415, "invalid_request_error", `Content-Type must be ${expected}`);

export const invalidRequest = (fieldErrors: FieldError[]) =>
  new ApiError(400, "invalid_request_error", "Invalid request", fieldErrors);

export const fieldError = (param: string, code: FieldErrorCode, message: string) =>
  invalidRequest([{ param, code, message }]);

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limit_error", "Too many attempts, please try again later", undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The database cannot be reached, or an attempt could not be counted: the request may well succeed if retried in a few seconds. */
export const serviceUnavailable = (retryAfterSeconds = 5) =>
  new ApiError(503, "api_error", "Service temporarily unavailable", undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
