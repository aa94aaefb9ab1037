/**
 * The OpenAPI 3.1 description of /client/v1, assembled by @asteasolutions/zod-to-openapi from the
 * zod schemas the routes use (lib/http/schemas.ts). Describe an operation here when you add a
 * route: a test fails for any route under app/client/v1 that the document does not describe, and
 * every response the HTTP tests receive is checked against what the document declares for it.
 */
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { config } from "@/lib/config";
import { cachedBody, type CachedBody } from "./reference-bodies";
import { currentBusinessDetails } from "@/lib/reference-data/read-settings";
import type { BusinessDetails } from "@/lib/reference-data/settings-record";
import { cachedResponse } from "./cached-response";
import { notAcceptable, type ErrorType } from "./errors";
import {
  apiErrorSchema,
  changeLocaleRequest,
  closeAccountRequest,
  changeEmailRequest,
  countriesResponse,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  plainSuccessResponse,
  recipientResponse,
  registerRequest,
  resetPasswordRequest,
  revokedResponse,
  sessionsResponse,
  changePasswordRequest,
  resendVerificationRequest,
  settingsResponse,
  tokenResponse,
  verifyEmailRequest,
} from "./schemas";

const ref = (kind: "headers" | "parameters" | "responses" | "schemas", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

// Response headers, as components.
const HEADERS = {
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
  Connection: {
    description: "The rest of the request body is not read: the connection closes after this answer.",
    required: true,
    schema: { type: "string", const: "close" },
  },
} as const;

type ExtraHeader = "ETag" | "Revalidate" | "NoStore" | "Retry-After" | "Allow" | "Connection";

/** The headers on every response, and the extra ones of a kind of response. */
function headers(...extra: ExtraHeader[]) {
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

/** An error response (never to be stored): the ApiError body, its `code` and `type` narrowed to what this status carries. */
function errorResponse(description: string, codes: number[], types: ErrorType[], extraHeaders: ExtraHeader[] = []) {
  const one = <T>(values: T[]) => (values.length === 1 ? { const: values[0] } : { enum: values });
  return {
    description,
    headers: headers("NoStore", ...extraHeaders),
    content: {
      "application/json": {
        schema: {
          allOf: [
            ref("schemas", "ApiError"),
            { type: "object" as const, required: ["code", "type"], properties: { code: one(codes), type: one(types) } },
          ],
        },
      },
    },
  };
}

const ERROR_RESPONSES = {
  BadRequest: errorResponse(
    "Invalid request: `errors` lists every problem (a field, or the X-Client-IP header), or the body is neither a form nor a JSON object.",
    [400],
    ["invalid_request_error"],
  ),
  Unauthorized: errorResponse("Missing or invalid client credentials.", [401], ["authentication_error"]),
  Forbidden: errorResponse(
    "The account is blocked (by customer support): the same answer whatever the password.",
    [403],
    ["permission_error"],
  ),
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
type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const PARAMETERS = {
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
const DEVICE_PARAMETERS = [
  ref("parameters", "X-Client-IP"),
  ref("parameters", "X-Client-UA"),
  ref("parameters", "X-Client-Fingerprint"),
];

const TAGS = {
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
  description: { name: "API description", description: "This document." },
};

type Security = "client" | "client+bearer" | "none";
const SECURITY = {
  client: [{ clientId: [], clientSecret: [] }],
  "client+bearer": [{ clientId: [], clientSecret: [], loginToken: [] }],
  none: [],
} satisfies Record<Security, unknown[]>;

type ErrorRefs = Partial<Record<number, ErrorResponseName | { name: ErrorResponseName; description: string }>>;

function errorRefs(errors: ErrorRefs) {
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

function jsonBody(
  description: string,
  schema: z.ZodType | Record<string, unknown>,
  extraHeaders: ExtraHeader[] = [],
): ResponseConfig {
  return { description, headers: headers(...extraHeaders), content: { "application/json": { schema } } };
}

/** What HEAD answers for a GET: the same statuses and headers, no body. */
function withoutBodies(responses: RouteConfig["responses"]): RouteConfig["responses"] {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if ("$ref" in response) return [status, response];
      const { content: _, ...rest } = response;
      return [status, rest];
    }),
  );
}

type Read = {
  path: string;
  operationId: string;
  headOperationId: string;
  tag: keyof typeof TAGS;
  summary: string;
  description: string;
  security: Security;
  conditional?: boolean;
  ok: ResponseConfig;
  errors: ErrorRefs;
};

type Write = {
  /** POST unless said. */
  method?: "post" | "delete";
  path: string;
  operationId: string;
  tag: keyof typeof TAGS;
  summary: string;
  description: string;
  security: Security;
  body?: z.ZodObject;
  /** The path's parameters, e.g. `{id}`. */
  pathParameters?: { name: string; description: string; schema: Record<string, unknown> }[];
  status: 200 | 201;
  ok: ResponseConfig;
  errors: ErrorRefs;
};

const invalidLoginToken = {
  name: "Unauthorized",
  description: "Missing or invalid client credentials, or a missing, invalid, expired or revoked login token.",
} as const;

const notModified: ResponseConfig = {
  description: "Not modified: If-None-Match matched the ETag. No body.",
  headers: headers("ETag", "Revalidate"),
};

const referenceRead = (
  path: string,
  operationId: string,
  headOperationId: string,
  summary: string,
  description: string,
  ok: ResponseConfig,
): Read => ({
  path,
  operationId,
  headOperationId,
  tag: "reference",
  summary,
  description: `${description} Served from memory with an ETag; send If-None-Match to get a 304 while nothing changed.`,
  security: "client",
  conditional: true,
  ok,
  errors: { 401: "Unauthorized", 503: "ServiceUnavailable" },
});

const READS: Read[] = [
  referenceRead(
    "/client/v1/countries",
    "listCountries",
    "headCountries",
    "List all countries",
    "Every country, ordered by known name as people read it.",
    jsonBody("All countries", countriesResponse, ["ETag", "Revalidate"]),
  ),
  referenceRead(
    "/client/v1/sources",
    "listSourceCountries",
    "headSourceCountries",
    "List the source countries",
    "The countries customers may register and send money from, ordered by known name.",
    jsonBody("The source countries", countriesResponse, ["ETag", "Revalidate"]),
  ),
  referenceRead(
    "/client/v1/countries/sources",
    "listCountrySources",
    "headCountrySources",
    "List the source countries (the path some app versions use)",
    "The same resource as /client/v1/sources.",
    jsonBody("The source countries", countriesResponse, ["ETag", "Revalidate"]),
  ),
  referenceRead(
    "/client/v1/settings",
    "getSettings",
    "headSettings",
    "Business settings",
    "Names, licence, support contacts and head office, with the enabled locales and timezones in display order.",
    jsonBody("The settings", settingsResponse, ["ETag", "Revalidate"]),
  ),
  {
    path: "/client/v1/me",
    operationId: "getCurrentCustomer",
    headOperationId: "headCurrentCustomer",
    tag: "accounts",
    summary: "The customer behind the login token",
    description:
      "Extension to the seed contract. Needs the login token, which works only through the API client it was issued to.",
    security: "client+bearer",
    ok: jsonBody("The customer", meResponse, ["NoStore"]),
    errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  },
  // Account care (issue 14).
  {
    path: "/client/v1/sessions",
    operationId: "listSessions",
    headOperationId: "headSessions",
    tag: "accounts",
    summary: "Where the customer is signed in",
    description:
      "The customer's sessions: every live login token (not revoked, not expired, issued since the last password " +
      "change), through whichever API client, newest first; `current` marks the token of this request.",
    security: "client+bearer",
    ok: jsonBody("The sessions", sessionsResponse, ["NoStore"]),
    errors: { 401: invalidLoginToken, 503: "ServiceUnavailable" },
  },
  {
    path: "/client/v1/openapi.json",
    operationId: "getOpenApiDocument",
    headOperationId: "headOpenApiDocument",
    tag: "description",
    summary: "This document",
    description: "The OpenAPI 3.1 description of /client/v1. Needs no client credentials.",
    security: "none",
    conditional: true,
    ok: jsonBody(
      "The OpenAPI 3.1 document",
      {
        type: "object",
        required: ["openapi", "info", "paths"],
        properties: {
          openapi: { type: "string", const: "3.1.0" },
          info: { type: "object" },
          paths: { type: "object" },
        },
      },
      ["ETag", "Revalidate"],
    ),
    errors: { 406: "NotAcceptable", 503: "ServiceUnavailable" },
  },
];

const SENT_AN_EMAIL = "Each e-mailed link is the URL sent with the token in place of :token.";
const invalidLogin = {
  name: "Unauthorized",
  description: "Incorrect e-mail address or password (the same for an unknown e-mail), or invalid client credentials.",
} as const;

const WRITES: Write[] = [
  {
    path: "/client/v1/register",
    operationId: "registerCustomer",
    tag: "accounts",
    summary: "Register a customer",
    description: `Creates the account, e-mails the verification link (valid 24 hours) and returns a login token. The password must not be too_common (one of the 100,000 most common) nor too_similar (containing the e-mail's part before the @, when that has 4 characters or more), whatever its case. ${SENT_AN_EMAIL}`,
    security: "client",
    body: registerRequest,
    status: 201,
    ok: jsonBody("Registered", tokenResponse(201), ["NoStore"]),
    errors: { 400: "BadRequest", 401: "Unauthorized", 413: "PayloadTooLarge", 503: "ServiceUnavailable" },
  },
  {
    path: "/client/v1/login",
    operationId: "loginCustomer",
    tag: "accounts",
    summary: "Log in",
    description:
      "Checks the e-mail address and password and returns a new login token. Failed attempts are limited per e-mail address and per IP. " +
      "A blocked account is refused with 403, whatever the password.",
    security: "client",
    body: loginRequest,
    status: 200,
    ok: jsonBody("Logged in", tokenResponse(200), ["NoStore"]),
    errors: {
      400: "BadRequest",
      401: invalidLogin,
      403: "Forbidden",
      413: "PayloadTooLarge",
      429: "TooManyRequests",
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/forgot-password",
    operationId: "requestPasswordReset",
    tag: "accounts",
    summary: "E-mail a password reset link",
    description: `E-mails a reset link, valid 1 hour, and returns the masked recipient. Limited per e-mail address and per IP. A blocked account is sent nothing, with the same answer. ${SENT_AN_EMAIL}`,
    security: "client",
    body: forgotPasswordRequest,
    status: 200,
    ok: jsonBody("Sent", recipientResponse, ["NoStore"]),
    errors: {
      400: "BadRequest",
      401: "Unauthorized",
      413: "PayloadTooLarge",
      429: "TooManyRequests",
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/reset-password",
    operationId: "resetPassword",
    tag: "accounts",
    summary: "Set a new password",
    description:
      "Sets a new password with the token from the reset e-mail (single use) and logs out every session of the customer. " +
      "The password rules are register's (too_common, too_similar).",
    security: "client",
    body: resetPasswordRequest,
    status: 200,
    ok: jsonBody("Password changed", plainSuccessResponse, ["NoStore"]),
    errors: { 400: "BadRequest", 401: "Unauthorized", 413: "PayloadTooLarge", 503: "ServiceUnavailable" },
  },
  {
    path: "/client/v1/verify-email",
    operationId: "verifyEmail",
    tag: "accounts",
    summary: "Verify the e-mail address",
    description:
      "Extension to the seed contract. Uses the token of an e-mailed link (single use): from the verification e-mail, " +
      "marks the address verified; from a change of address (POST /client/v1/change-email), makes the new address the " +
      "account's, verified (the old one logs in no more), unless another account has taken it meanwhile.",
    security: "client",
    body: verifyEmailRequest,
    status: 200,
    ok: jsonBody("Verified", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: {
        name: "BadRequest",
        description:
          "Invalid request: `errors` lists every problem, e.g. token/required, token/invalid (unknown, expired, " +
          "used or revoked), or email/unique (a change of address to one another account now has: the token stays unused).",
      },
      401: "Unauthorized",
      413: "PayloadTooLarge",
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/logout",
    operationId: "logoutCustomer",
    tag: "accounts",
    summary: "Log out",
    description: "Extension to the seed contract. Revokes the login token presented, and only that one.",
    security: "client+bearer",
    status: 200,
    ok: jsonBody("Logged out", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: { name: "BadRequest", description: "A malformed X-Client-IP." },
      401: invalidLoginToken,
      503: "ServiceUnavailable",
    },
  },
  // Account care (issue 14).
  {
    path: "/client/v1/me",
    operationId: "changeCustomerLocale",
    tag: "accounts",
    summary: "Change the customer's locale",
    description:
      "Stores the customer's locale, the language of the e-mails they receive, and returns the customer as GET does.",
    security: "client+bearer",
    body: changeLocaleRequest,
    status: 200,
    ok: jsonBody("Changed", meResponse, ["NoStore"]),
    errors: {
      400: {
        name: "BadRequest",
        description: "locale/required, locale/invalid (not an enabled locale) or locale/invalid_characters.",
      },
      401: invalidLoginToken,
      413: "PayloadTooLarge",
      503: "ServiceUnavailable",
    },
  },
  {
    method: "delete",
    path: "/client/v1/sessions/{id}",
    operationId: "revokeSession",
    tag: "accounts",
    summary: "Sign out of one session",
    description:
      "Revokes one of the customer's sessions (the calling one too, which is a logout): its token stops working at once.",
    security: "client+bearer",
    pathParameters: [
      {
        name: "id",
        description: "The session's id, from GET /client/v1/sessions.",
        schema: { type: "string", pattern: "^[1-9][0-9]*$" },
      },
    ],
    status: 200,
    ok: jsonBody("Signed out of that session", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: { name: "BadRequest", description: "A malformed X-Client-IP." },
      401: invalidLoginToken,
      404: {
        name: "NotFound",
        description:
          "The id is not one of this customer's live sessions: malformed, unknown, already ended or another customer's alike.",
      },
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/sessions/revoke-others",
    operationId: "revokeOtherSessions",
    tag: "accounts",
    summary: "Sign out everywhere else",
    description: "Revokes every session of the customer but the calling one, and says how many.",
    security: "client+bearer",
    status: 200,
    ok: jsonBody("Signed out of the other sessions", revokedResponse, ["NoStore"]),
    errors: {
      400: { name: "BadRequest", description: "A malformed X-Client-IP." },
      401: invalidLoginToken,
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/close-account",
    operationId: "closeAccount",
    tag: "accounts",
    summary: "Close the account",
    description:
      "Closes the customer's account, with their password: every session ends, logging in with the address fails, " +
      "and the address may register again as a new account. Wrong passwords count against the login limits of the " +
      "account and of the IP address, as failed logins do.",
    security: "client+bearer",
    body: closeAccountRequest,
    status: 200,
    ok: jsonBody("Closed", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: { name: "BadRequest", description: "password/required, or password/invalid: not the customer's password." },
      401: invalidLoginToken,
      413: "PayloadTooLarge",
      429: {
        name: "TooManyRequests",
        description: "Too many failed logins or wrong passwords: wait Retry-After seconds.",
      },
      503: "ServiceUnavailable",
    },
  },
  // Issue 14, passwords and verification: a logged-in customer's own account.
  {
    path: "/client/v1/change-password",
    operationId: "changePassword",
    tag: "accounts",
    summary: "Change the password",
    description:
      "Extension to the seed contract. Checks the current password and sets the new one (under the same rules as " +
      "register: not too_common, not too_similar); every other session of the customer is logged out, the calling " +
      "one stays, and the customer is e-mailed a notice. Wrong current passwords count against the account's login " +
      "limit (429 once over it).",
    security: "client+bearer",
    body: changePasswordRequest,
    status: 200,
    ok: jsonBody("Password changed", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: {
        name: "BadRequest",
        description:
          "Invalid request: `errors` lists every problem, e.g. current_password/invalid (wrong current password), " +
          "confirm_password/_invalidConfirmPassword, password/too_short, too_long, too_common or too_similar.",
      },
      401: invalidLoginToken,
      413: "PayloadTooLarge",
      429: "TooManyRequests",
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/change-email",
    operationId: "changeEmail",
    tag: "accounts",
    summary: "Change the e-mail address",
    description:
      "Extension to the seed contract. Checks the password and e-mails the new address a link (valid 24 hours, " +
      "earlier change links stop working) and the current address a notice without a link. The change takes effect " +
      "when the link's token is sent to POST /client/v1/verify-email; until then the current address logs in. Wrong " +
      `passwords count against the login limits of the account and of the IP address (429 once over them). ${SENT_AN_EMAIL}`,
    security: "client+bearer",
    body: changeEmailRequest,
    status: 200,
    ok: jsonBody("Link sent to the new address", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: {
        name: "BadRequest",
        description:
          "Invalid request: `errors` lists every problem, e.g. email/required, email/invalid, email/unique (an " +
          "address an account uses, this one's included), password/required, password/invalid (not the customer's " +
          "password), or email_verification_url/invalid or not_allowed.",
      },
      401: invalidLoginToken,
      413: "PayloadTooLarge",
      429: "TooManyRequests",
      503: "ServiceUnavailable",
    },
  },
  {
    path: "/client/v1/resend-verification",
    operationId: "resendVerificationEmail",
    tag: "accounts",
    summary: "E-mail a new verification link",
    description:
      "Extension to the seed contract. E-mails the customer a new verification link (valid 24 hours); earlier links " +
      `stop working. Limited per account (by default 3 an hour; 429 beyond). ${SENT_AN_EMAIL}`,
    security: "client+bearer",
    body: resendVerificationRequest,
    status: 200,
    ok: jsonBody("Sent", plainSuccessResponse, ["NoStore"]),
    errors: {
      400: {
        name: "BadRequest",
        description:
          "Invalid request: `errors` lists every problem, e.g. email/already_verified, or " +
          "email_verification_url/invalid or not_allowed.",
      },
      401: invalidLoginToken,
      413: "PayloadTooLarge",
      429: "TooManyRequests",
      503: "ServiceUnavailable",
    },
  },
];

function describedRoutes(registry: OpenAPIRegistry) {
  for (const read of READS) {
    const responses = {
      200: read.ok,
      ...(read.conditional ? { 304: notModified } : {}),
      ...errorRefs(read.errors),
    };
    const shared = {
      path: read.path,
      tags: [TAGS[read.tag].name],
      security: SECURITY[read.security],
      ...(read.conditional ? { parameters: [ref("parameters", "If-None-Match")] } : {}),
    };
    registry.registerPath({
      ...shared,
      method: "get",
      operationId: read.operationId,
      summary: read.summary,
      description: read.description,
      responses,
    });
    registry.registerPath({
      ...shared,
      method: "head",
      operationId: read.headOperationId,
      summary: `${read.summary}: headers only`,
      description: `The GET's status and headers (ETag included) without the body. ${read.description}`,
      responses: withoutBodies(responses),
    });
  }
  for (const write of WRITES) {
    const form = write.body && { schema: write.body };
    const pathParameters = (write.pathParameters ?? []).map((parameter) => ({
      ...parameter,
      in: "path" as const,
      required: true,
    }));
    registry.registerPath({
      method: write.method ?? "post",
      path: write.path,
      operationId: write.operationId,
      tags: [TAGS[write.tag].name],
      summary: write.summary,
      description: write.description,
      security: SECURITY[write.security],
      parameters: [...pathParameters, ...DEVICE_PARAMETERS],
      ...(form
        ? {
            request: {
              body: {
                required: true,
                description: "A form (what the apps send) or a JSON object with the same fields.",
                content: { "application/x-www-form-urlencoded": form, "application/json": form },
              },
            },
          }
        : {}),
      responses: { [write.status]: write.ok, ...errorRefs(write.errors) },
    });
  }
}

function registryOfTheApi(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "clientId", {
    type: "apiKey",
    in: "header" as const,
    name: "X-Client-ID",
    description: "The API client's id. Always sent together with X-Client-Secret.",
  });
  registry.registerComponent("securitySchemes", "clientSecret", {
    type: "apiKey",
    in: "header" as const,
    name: "X-Client-Secret",
    description: "The API client's secret. Always sent together with X-Client-ID.",
  });
  registry.registerComponent("securitySchemes", "loginToken", {
    type: "http",
    scheme: "bearer",
    description: "The login token returned by register or login.",
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent("headers", name, header);
  for (const [name, parameter] of Object.entries(PARAMETERS)) registry.registerComponent("parameters", name, parameter);
  for (const [name, response] of Object.entries(ERROR_RESPONSES))
    registry.registerComponent("responses", name, response);
  describedRoutes(registry);
  return registry;
}

const DESCRIPTION = [
  "Customer accounts and the reference data the apps read.",
  "",
  "- **Credentials.** Every operation except this document carries the API client's X-Client-ID and X-Client-Secret, " +
    "both together; the operations on the customer's account (/me, /logout, /sessions, /close-account, /change-password, " +
    "/resend-verification, /change-email) also carry the login token as Authorization: Bearer.",
  "- **Bodies.** POST bodies are application/x-www-form-urlencoded or application/json with the same fields, at most " +
    "64 KiB (413 otherwise). Fields a request body does not list are ignored, never refused. A field's description says " +
    "what is trimmed before it is checked. A text field holding a control character other than tab and newline, or a " +
    "lone surrogate, is refused with the code invalid_characters.",
  '- **Errors.** {"code","type","message"}, plus "errors":[{param,code,message}] on validation failures (400), one entry ' +
    "per problem; code is one of ValidationError's codes. 503 with Retry-After while the database does not answer.",
  "- **Headers.** Every response carries X-Request-Id, X-Content-Type-Options: nosniff and Referrer-Policy: no-referrer " +
    "(and Strict-Transport-Security over https). Every answer is Cache-Control: no-store, errors included, but the " +
    "reference reads' and this document's 200 and 304 (private, no-cache, with their ETag).",
  "- **Methods.** Every GET also answers HEAD. OPTIONS on a path answers 204 with the same Allow header as that path's " +
    "405 and needs no credentials; OPTIONS on an unknown path is a 404 like any other method.",
].join("\n");

export type OpenApiSource = {
  publicUrl?: string;
  business: Pick<BusinessDetails, "trading_name" | "company_name" | "license" | "cs_email">;
};

export function openApiDocument({ publicUrl, business }: OpenApiSource) {
  // ApiError is named by its meta id; listed because the error responses refer to it by $ref only.
  const generator = new OpenApiGeneratorV31([
    ...registryOfTheApi().definitions,
    { type: "schema", schema: apiErrorSchema },
  ]);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Customer accounts and reference data API",
      version: "1.0.0",
      description: `${DESCRIPTION}\n\nOperated by ${business.company_name}. ${business.license}`,
      contact: { name: `${business.trading_name} support`, email: business.cs_email },
      license: { name: `Proprietary: ${business.company_name}`, identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      publicUrl
        ? { url: publicUrl.replace(/\/+$/, ""), description: "This service" }
        : { url: "/", description: "The host that served this document" },
    ],
    tags: Object.values(TAGS),
  });
}

// The document changes only with the settings it quotes (or a restart with another PUBLIC_URL).
let served: { key: string; body: CachedBody } | undefined;

async function openApiDocumentBody(): Promise<CachedBody> {
  const { trading_name, company_name, license, cs_email } = await currentBusinessDetails();
  const source: OpenApiSource = {
    publicUrl: config().PUBLIC_URL,
    business: { trading_name, company_name, license, cs_email },
  };
  const key = JSON.stringify(source);
  if (served?.key !== key) served = { key, body: cachedBody(openApiDocument(source)) };
  return served.body;
}

/** GET (and HEAD) /client/v1/openapi.json: the document with its ETag, or a 304. */
export async function serveOpenApiDocument(request: Request): Promise<Response> {
  if (!acceptsJson(request.headers.get("accept")))
    throw notAcceptable("This document is served as application/json only");
  return cachedResponse(request, await openApiDocumentBody());
}

/**
 * Whether an Accept header admits application/json (RFC 9110 §12.5.1): the most specific range
 * that matches it decides, and q=0 refuses. No header admits everything.
 */
function acceptsJson(accept: string | null): boolean {
  if (!accept?.trim()) return true;
  const specificity = { "application/json": 3, "application/*": 2, "*/*": 1 } as Record<string, number>;
  let best: { specificity: number; q: number } | undefined;
  for (const range of accept.split(",")) {
    const [mediaRange, ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const rank = specificity[mediaRange];
    if (!rank || (best && best.specificity >= rank)) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    best = { specificity: rank, q: q ? Number(q.slice(2)) : 1 };
  }
  return best !== undefined && best.q > 0;
}
