/**
 * The parts of the OpenAPI document that operations share: response headers, error responses,
 * request header parameters, tags and security requirements, and the helpers an operation's
 * declaration (lib/http/operation.ts) describes its answers with.
 */
import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import type { ErrorType } from "./errors";

export const ref = (kind: "headers" | "parameters" | "responses" | "schemas", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

// Response headers, as components.
export const HEADERS = {
  "X-Request-Id": {
    description: "Identifies this request in the server's log: quote it when reporting a problem.",
    required: true,
    schema: { type: "string", format: "uuid" },
  },
  "X-Content-Type-Options": {
    description: "A browser takes the body for the Content-Type it is sent as, never for what it looks like.",
    required: true,
    schema: { type: "string", const: "nosniff" },
  },
  "Referrer-Policy": {
    description: "A browser sends no Referer from this response.",
    required: true,
    schema: { type: "string", const: "no-referrer" },
  },
  "Strict-Transport-Security": {
    description:
      "Over https only (an https PUBLIC_URL, or a proxy that sends X-Forwarded-Proto: https): " +
      "a browser uses nothing but https for this host and its subdomains for two years.",
    schema: { type: "string", pattern: "^max-age=[0-9]+; includeSubDomains$" },
  },
  ETag: {
    description: "Identifies these bytes: send it back as If-None-Match to get a 304 while they have not changed.",
    required: true,
    schema: { type: "string", pattern: '^(W/)?"[^"]*"$' },
  },
  Revalidate: {
    description: "Private to the API client; store it, but revalidate with If-None-Match before each use.",
    required: true,
    schema: { type: "string", const: "private, no-cache" },
  },
  NoStore: {
    description: "May carry a secret or a customer's data, or is an error: never store it.",
    required: true,
    schema: { type: "string", const: "no-store" },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
  Allow: {
    description: "On 405: the methods this path answers, e.g. GET, HEAD, OPTIONS.",
    schema: { type: "string", pattern: "^[A-Z]+(, [A-Z]+)*$" },
  },
  "Content-Security-Policy": {
    description: "The API reference's page runs its own script only and loads nothing from another host.",
    required: true,
    schema: { type: "string", pattern: "^default-src 'none'; " },
  },
  Connection: {
    description: "The rest of the request body is not read: the connection closes after this answer.",
    required: true,
    schema: { type: "string", const: "close" },
  },
} as const;

export type ExtraHeader =
  | "ETag"
  | "Revalidate"
  | "NoStore"
  | "Retry-After"
  | "Allow"
  | "Connection"
  | "Content-Security-Policy";

/** The headers on every response, and the extra ones of a kind of response. */
export function headers(...extra: ExtraHeader[]) {
  const named: Record<string, { $ref: string }> = {};
  for (const header of [
    "X-Request-Id",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Strict-Transport-Security",
    ...extra,
  ]) {
    const name = header === "Revalidate" || header === "NoStore" ? "Cache-Control" : header;
    named[name] = ref("headers", header);
  }
  return named;
}

/** The ApiError body, its `code` and `type` narrowed to what a status carries. */
function errorSchema(codes: number[], types: ErrorType[]) {
  const one = <T>(values: T[]) => (values.length === 1 ? { const: values[0] } : { enum: values });
  return {
    allOf: [
      ref("schemas", "ApiError"),
      { type: "object" as const, required: ["code", "type"], properties: { code: one(codes), type: one(types) } },
    ],
  };
}

/** An error response (never to be stored): the ApiError body, its `code` and `type` narrowed to what this status carries. */
function errorResponse(description: string, codes: number[], types: ErrorType[], extraHeaders: ExtraHeader[] = []) {
  return {
    description,
    headers: headers("NoStore", ...extraHeaders),
    content: { "application/json": { schema: errorSchema(codes, types) } },
  };
}

export const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    "Invalid request: `errors` lists every problem (a field, or the X-Client-IP header), or the body is neither a form nor a JSON object.",
    [400],
    ["invalid_request_error"],
  ),
  Unauthorized: errorResponse("Missing or invalid client credentials.", [401], ["authentication_error"]),
  Forbidden: {
    description:
      "The account is blocked by customer support (permission_error, the same answer whatever the password), or the password was right and the account " +
      "has two-factor on (mfa_required, an MfaRequired body): send its mfa_token with a code to POST /client/v1/login/mfa.",
    headers: headers("NoStore"),
    content: {
      "application/json": {
        schema: { oneOf: [errorSchema([403], ["permission_error"]), ref("schemas", "MfaRequired")] },
      },
    },
  },
  NotAcceptable: errorResponse("The Accept header admits no application/json.", [406], ["invalid_request_error"]),
  PayloadTooLarge: errorResponse(
    "Request body too large: over 64 KiB, declared or as sent. Answered as soon as that is known; the rest is not read.",
    [413],
    ["invalid_request_error"],
    ["Connection"],
  ),
  TooManyRequests: errorResponse(
    "Too many attempts: wait Retry-After seconds.",
    [429],
    ["rate_limit_error"],
    ["Retry-After"],
  ),
  Conflict: errorResponse(
    "The request does not fit the state of what it acts on: `errors` names what (its param and code).",
    [409],
    ["invalid_request_error"],
  ),
  NotFound: errorResponse(
    "Not found: the id in the path names nothing this caller may act on.",
    [404],
    ["invalid_request_error"],
  ),
  ServiceUnavailable: errorResponse(
    "Service temporarily unavailable: the database does not answer, or a limited attempt could not be counted " +
      "(so it was not judged). Try again after Retry-After seconds.",
    [503],
    ["api_error"],
    ["Retry-After"],
  ),
  Default: errorResponse(
    "404 for a path under /client/v1 that does not exist; 405 for a method the path does not answer (with Allow); " +
      "500 for a bug (no details: quote X-Request-Id).",
    [404, 405, 500],
    ["invalid_request_error", "api_error"],
    ["Allow"],
  ),
};
export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

export const PARAMETERS = {
  "If-None-Match": {
    name: "If-None-Match",
    in: "header" as const,
    description: "An ETag from an earlier response: answered 304 with no body while it still matches.",
    schema: { type: "string" as const },
  },
  "X-Client-IP": {
    name: "X-Client-IP",
    in: "header" as const,
    description:
      "The customer's IP address as the app's backend saw it: a plain IPv4 or IPv6 literal, without zone id. " +
      "Recorded with the token and the event and keys the per-IP limits; without it the connecting address is used. " +
      'Anything else is a 400 with errors [{"param":"X-Client-IP","code":"invalid"}].',
    schema: { type: "string" as const, maxLength: 45, anyOf: [{ format: "ipv4" }, { format: "ipv6" }] },
  },
  "X-Client-UA": {
    name: "X-Client-UA",
    in: "header" as const,
    description: "The customer's user agent; recorded, cut to 512 characters.",
    schema: { type: "string" as const },
  },
  "X-Client-Fingerprint": {
    name: "X-Client-Fingerprint",
    in: "header" as const,
    description: "The customer's device fingerprint; recorded, cut to 512 characters.",
    schema: { type: "string" as const },
  },
};

// Every POST records the customer's device with what it did.
export const DEVICE_PARAMETERS = [
  ref("parameters", "X-Client-IP"),
  ref("parameters", "X-Client-UA"),
  ref("parameters", "X-Client-Fingerprint"),
];

export const TAGS = {
  reference: {
    name: "Reference data",
    description: "Countries and business settings: what every app launch reads, served from memory with an ETag.",
  },
  accounts: {
    name: "Customer accounts",
    description:
      "Registration, login, password recovery, e-mail verification, the login token's customer, their sessions " +
      "and closing the account.",
  },
  profile: {
    name: "Profile and KYC",
    description:
      "Who the customer is (legal name, date of birth, address, nationality, phone), and submitting it for the " +
      "review (KYC) compliance runs before a first transfer.",
  },
  payments: {
    name: "Payment authorisations",
    description:
      "Strong customer authentication of a payment, dynamically linked to its amount and payee: the customer approves " +
      "it with a passkey (or a TOTP code), and the answer carries a signed approval the payment backend verifies " +
      "against /.well-known/jwks.json.",
  },
  description: { name: "API description", description: "This document." },
};

export type TagName = keyof typeof TAGS;

export type Security = "client" | "client+bearer" | "none";
export const SECURITY = {
  client: [{ clientId: [], clientSecret: [] }],
  "client+bearer": [{ clientId: [], clientSecret: [], loginToken: [] }],
  none: [],
} satisfies Record<Security, unknown[]>;

export type ErrorRefs = Partial<Record<number, ErrorResponseName | { name: ErrorResponseName; description: string }>>;

export function errorRefs(errors: ErrorRefs) {
  const responses: Record<string, { $ref: string; description?: string }> = {};
  for (const [status, error] of Object.entries(errors)) {
    if (!error) continue;
    // A reference may carry its own description (OpenAPI 3.1): what this status means for this operation.
    responses[status] =
      typeof error === "string"
        ? ref("responses", error)
        : { ...ref("responses", error.name), description: error.description };
  }
  return { ...responses, default: ref("responses", "Default") };
}

export function jsonBody(
  description: string,
  schema: z.ZodType | Record<string, unknown>,
  extraHeaders: ExtraHeader[] = [],
): ResponseConfig {
  return { description, headers: headers(...extraHeaders), content: { "application/json": { schema } } };
}

/** What HEAD answers for a GET: the same statuses and headers, no body. */
export function withoutBodies(responses: RouteConfig["responses"]): RouteConfig["responses"] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if ("$ref" in response) return [status, response];
      const { content: _, ...rest } = response;
      return [status, rest];
    }),
  );
}

export const invalidLoginToken = {
  name: "Unauthorized",
  description: "Missing or invalid client credentials, or a missing, invalid, expired or revoked access token.",
} as const;

export const notModified: ResponseConfig = {
  description: "Not modified: If-None-Match matched the ETag. No body.",
  headers: headers("ETag", "Revalidate"),
};

export const SENT_AN_EMAIL = "Each e-mailed link is the URL sent with the token in place of :token.";
export const invalidLogin = {
  name: "Unauthorized",
  description: "Incorrect e-mail address or password (the same for an unknown e-mail), or invalid client credentials.",
} as const;
