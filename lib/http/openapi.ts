/**
 * The OpenAPI 3.1 description of /client/v1, assembled by @asteasolutions/zod-to-openapi from the
 * operations' declarations (app/client/v1/operations.ts, each beside its route) and the parts they
 * share (openapi-components.ts). A route without a declaration, or a declaration without a route,
 * fails the tests, and every response the HTTP tests receive is checked against what the document
 * declares for it.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { config } from "@/lib/platform/config";
import { currentBusinessDetails } from "@/lib/domain/reference-data/read-settings";
import type { BusinessDetails } from "@/lib/domain/reference-data/settings-record";
import { cachedResponse } from "./cached-response";
import { notAcceptable } from "./errors";
import {
  DEVICE_PARAMETERS,
  ERROR_RESPONSES,
  errorRefs,
  HEADERS,
  notModified,
  PARAMETERS,
  ref,
  SECURITY,
  TAGS,
  withoutBodies,
} from "./openapi-components";
import type { Operation } from "./operation";
import { registerWebhooks, WEBHOOKS_TAG } from "./openapi-webhooks";
import { cachedBody, type CachedBody } from "./reference-bodies";
import { apiErrorSchema, mfaRequiredSchema } from "./schemas";

/** Registers one operation; a GET's HEAD beside it (the same statuses and headers, no body). */
function register(registry: OpenAPIRegistry, operation: Operation) {
  const responses = {
    [operation.ok.status]: operation.ok.response,
    ...(operation.conditional ? { 304: notModified } : {}),
    ...errorRefs(operation.errors),
  };
  const write = operation.method !== "GET";
  const parameters = [
    ...(operation.pathParameters ?? []).map((parameter) => ({ ...parameter, in: "path" as const, required: true })),
    ...(operation.conditional ? [ref("parameters", "If-None-Match")] : []),
    ...(write || operation.recordsDevice ? DEVICE_PARAMETERS : []),
  ];
  const form = operation.body && { schema: operation.body };
  const shared = {
    path: operation.path,
    tags: [TAGS[operation.tag].name],
    security: SECURITY[operation.security],
    ...(parameters.length ? { parameters } : {}),
  };
  registry.registerPath({
    ...shared,
    method: operation.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete",
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
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
    responses,
  });
  if (operation.method !== "GET") return;
  if (!operation.headOperationId) throw new Error(`${operation.operationId}: a GET names its HEAD's operationId`);
  registry.registerPath({
    ...shared,
    method: "head",
    operationId: operation.headOperationId,
    summary: `${operation.summary}: headers only`,
    description: `The GET's status and headers (ETag included) without the body. ${operation.description}`,
    responses: withoutBodies(responses),
  });
}

function registryOf(operations: readonly Operation[]): OpenAPIRegistry {
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
    description: "The access token (`token`) returned by register, login or a refresh (POST /client/v1/token/refresh).",
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent("headers", name, header);
  for (const [name, parameter] of Object.entries(PARAMETERS)) registry.registerComponent("parameters", name, parameter);
  for (const [name, response] of Object.entries(ERROR_RESPONSES))
    registry.registerComponent("responses", name, response);
  for (const operation of operations) register(registry, operation);
  registerWebhooks(registry);
  return registry;
}

const DESCRIPTION = [
  "Customer accounts and the reference data the apps read.",
  "",
  "- **Credentials.** Every operation except this document carries the API client's X-Client-ID and X-Client-Secret, " +
    "both together; the operations on the customer's account (/me, /logout, /sessions, /close-account, /change-password, " +
    "/resend-verification, /change-email, /me/mfa/totp…) also carry the login token as Authorization: Bearer.",
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
  operations: readonly Operation[];
  publicUrl?: string;
  business: Pick<BusinessDetails, "trading_name" | "company_name" | "license" | "cs_email">;
};

export function openApiDocument({ operations, publicUrl, business }: OpenApiSource) {
  // ApiError and MfaRequired are named by their meta id; listed because the error responses refer to them by $ref only.
  const generator = new OpenApiGeneratorV31([
    ...registryOf(operations).definitions,
    { type: "schema", schema: apiErrorSchema },
    { type: "schema", schema: mfaRequiredSchema },
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
    tags: [...Object.values(TAGS), WEBHOOKS_TAG],
  });
}

// The document changes only with the settings it quotes (or a restart with another PUBLIC_URL).
let served: { key: string; body: CachedBody } | undefined;

async function openApiDocumentBody(operations: readonly Operation[]): Promise<CachedBody> {
  const { trading_name, company_name, license, cs_email } = await currentBusinessDetails();
  const quoted = { publicUrl: config().PUBLIC_URL, business: { trading_name, company_name, license, cs_email } };
  const key = JSON.stringify(quoted);
  if (served?.key !== key) served = { key, body: cachedBody(openApiDocument({ operations, ...quoted })) };
  return served.body;
}

/** GET (and HEAD) /client/v1/openapi.json: the document of `operations` with its ETag, or a 304. */
export async function serveOpenApiDocument(request: Request, operations: readonly Operation[]): Promise<Response> {
  if (!accepts(request.headers.get("accept"), "application/json"))
    throw notAcceptable("This document is served as application/json only");
  return cachedResponse(request, await openApiDocumentBody(operations));
}

/**
 * Whether an Accept header admits `mediaType` (RFC 9110 §12.5.1): the most specific range that
 * matches it decides, and q=0 refuses. No header admits everything.
 */
export function accepts(accept: string | null, mediaType: "application/json" | "text/html"): boolean {
  if (!accept?.trim()) return true;
  const specificity = { [mediaType]: 3, [`${mediaType.split("/")[0]}/*`]: 2, "*/*": 1 } as Record<string, number>;
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
