import { randomUUID } from "node:crypto";
import { ApiError } from "./errors";

/** The one place that builds response bodies, success and error alike. */
export const REQUEST_ID_HEADER = "X-Request-Id";

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8" };

export function newRequestId(): string {
  return randomUUID();
}

export function success(fields: Record<string, unknown> = {}, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ code: status, message: "Success", ...fields }), {
    status,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(headers)) },
  });
}

/** A body that was serialised ahead of time (the cached reference data). */
export function successBytes(body: Uint8Array, headers: Record<string, string>): Response {
  return new Response(body as BodyInit, { status: 200, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorBody(error: ApiError) {
  return {
    code: error.status,
    type: error.type,
    message: error.message,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  };
}

/**
 * The one error translator: an ApiError answers as itself; anything else is a bug, logged with the
 * request id and answered as a bare 500 that says nothing of the internals.
 */
export function failure(error: unknown, requestId: string): Response {
  const apiError =
    error instanceof ApiError ? error : new ApiError(500, "api_error", "An unexpected error occurred");
  if (!(error instanceof ApiError)) {
    console.error(`[${requestId}] unexpected error:`, error);
  }
  return new Response(JSON.stringify(errorBody(apiError)), {
    status: apiError.status,
    headers: { ...JSON_HEADERS, ...apiError.headers, [REQUEST_ID_HEADER]: requestId },
  });
}
