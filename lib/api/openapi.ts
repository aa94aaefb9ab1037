import { z } from "zod";
import {
  countriesResponse,
  errorResponse,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  plainSuccessResponse,
  recipientResponse,
  registerRequest,
  resetPasswordRequest,
  settingsResponse,
  tokenResponse,
  verifyEmailRequest,
} from "./schemas";

/**
 * The OpenAPI 3.1 description of /client/v1, generated from the zod schemas the routes use.
 * Add an operation here when you add a route: a test fails for any route under app/client/v1
 * that this list does not describe.
 */
type Security = "client" | "client+bearer" | "none";

export type Operation = {
  method: "get" | "post";
  path: string;
  summary: string;
  description?: string;
  security: Security;
  /** Request headers describing the customer's device (register and login). */
  deviceHeaders?: boolean;
  requestBody?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  conditional?: boolean;
  extension?: boolean;
};

const invalidCredentials = { description: "Missing or invalid client credentials", schema: errorResponse };
const invalidLoginToken = { description: "Missing, invalid, expired or revoked login token (or client credentials)", schema: errorResponse };
const tooManyAttempts = { description: "Too many attempts: wait for Retry-After seconds", schema: errorResponse };

export const operations: Operation[] = [
  {
    method: "get",
    path: "/client/v1/countries",
    summary: "List all countries, by known name",
    security: "client",
    conditional: true,
    responses: { 200: { description: "All countries", schema: countriesResponse }, 401: invalidCredentials },
  },
  {
    method: "get",
    path: "/client/v1/sources",
    summary: "List the source countries (customers may register and send money from these only)",
    security: "client",
    conditional: true,
    responses: { 200: { description: "Source countries", schema: countriesResponse }, 401: invalidCredentials },
  },
  {
    method: "get",
    path: "/client/v1/countries/sources",
    summary: "Same as /client/v1/sources",
    security: "client",
    conditional: true,
    responses: { 200: { description: "Source countries", schema: countriesResponse }, 401: invalidCredentials },
  },
  {
    method: "get",
    path: "/client/v1/settings",
    summary: "Business settings: names, licence, support contacts, head office, locales, timezones",
    security: "client",
    conditional: true,
    responses: { 200: { description: "The settings", schema: settingsResponse }, 401: invalidCredentials },
  },
  {
    method: "post",
    path: "/client/v1/register",
    summary: "Register a customer; sends the e-mail verification link; returns a login token",
    description:
      "email_verification_url must be an absolute http(s) URL containing :token, on one of the API client's allowed origins; " +
      "the e-mailed link is that URL with the token in place of :token.",
    security: "client",
    deviceHeaders: true,
    requestBody: registerRequest,
    responses: { 201: { description: "Registered", schema: tokenResponse(201) }, 401: invalidCredentials },
  },
  {
    method: "post",
    path: "/client/v1/login",
    summary: "Log in with e-mail and password; returns a login token",
    security: "client",
    deviceHeaders: true,
    requestBody: loginRequest,
    responses: {
      200: { description: "Logged in", schema: tokenResponse(200) },
      401: { description: "Incorrect e-mail address or password (or client credentials)", schema: errorResponse },
      429: tooManyAttempts,
    },
  },
  {
    method: "post",
    path: "/client/v1/forgot-password",
    summary: "E-mail a password reset link (valid 1 hour); returns the masked recipient",
    security: "client",
    deviceHeaders: true,
    requestBody: forgotPasswordRequest,
    responses: { 200: { description: "Sent", schema: recipientResponse }, 401: invalidCredentials, 429: tooManyAttempts },
  },
  {
    method: "post",
    path: "/client/v1/reset-password",
    summary: "Set a new password with the token from the reset e-mail; logs out every session",
    security: "client",
    requestBody: resetPasswordRequest,
    responses: { 200: { description: "Password changed", schema: plainSuccessResponse }, 401: invalidCredentials },
  },
  {
    method: "post",
    path: "/client/v1/verify-email",
    summary: "Mark the e-mail address verified with the token from the verification e-mail",
    security: "client",
    extension: true,
    requestBody: verifyEmailRequest,
    responses: { 200: { description: "Verified", schema: plainSuccessResponse }, 401: invalidCredentials },
  },
  {
    method: "get",
    path: "/client/v1/me",
    summary: "The customer behind the login token",
    security: "client+bearer",
    extension: true,
    responses: { 200: { description: "The customer", schema: meResponse }, 401: invalidLoginToken },
  },
  {
    method: "post",
    path: "/client/v1/logout",
    summary: "Revoke the login token presented",
    security: "client+bearer",
    extension: true,
    responses: { 200: { description: "Logged out", schema: plainSuccessResponse }, 401: invalidLoginToken },
  },
  {
    method: "get",
    path: "/client/v1/openapi.json",
    summary: "This document",
    security: "none",
    responses: { 200: { description: "OpenAPI 3.1 document" } },
  },
];

function jsonSchema(schema: z.ZodType) {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "output", unrepresentable: "any" });
  return rest;
}

const DEVICE_HEADERS = [
  ["X-Client-IP", "The customer's IP address, as the app's backend saw it"],
  ["X-Client-UA", "The customer's user agent"],
  ["X-Client-Fingerprint", "The customer's device fingerprint"],
] as const;

export function openApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const parameters: unknown[] = [];
    if (operation.deviceHeaders) {
      for (const [name, description] of DEVICE_HEADERS) {
        parameters.push({ name, in: "header", required: false, description, schema: { type: "string" } });
      }
    }
    if (operation.conditional) {
      parameters.push({
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag from an earlier response; answered with 304 if unchanged",
        schema: { type: "string" },
      });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { "application/json": { schema: jsonSchema(response.schema) } } } : {}),
      };
    }
    if (operation.conditional) responses["304"] = { description: "Not modified (If-None-Match matched the ETag)" };
    if (operation.requestBody) {
      responses["400"] ??= { description: "Invalid request", content: { "application/json": { schema: jsonSchema(errorResponse) } } };
    }
    const body = operation.requestBody && jsonSchema(operation.requestBody);
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(operation.extension ? { "x-extension": true } : {}),
      security: securityOf(operation.security),
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { "application/x-www-form-urlencoded": { schema: body }, "application/json": { schema: body } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Customer accounts and reference data API",
      version: "1.0.0",
      description:
        "Every call except this document carries API client credentials (X-Client-ID, X-Client-Secret). " +
        'Errors are {"code","type","message"} plus "errors":[{param,code,message}] on validation failures.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        clientId: { type: "apiKey", in: "header", name: "X-Client-ID" },
        clientSecret: { type: "apiKey", in: "header", name: "X-Client-Secret" },
        loginToken: { type: "http", scheme: "bearer", description: "The token returned by register or login" },
      },
    },
    paths,
  };
}

function securityOf(security: Security) {
  if (security === "none") return [];
  if (security === "client") return [{ clientId: [], clientSecret: [] }];
  return [{ clientId: [], clientSecret: [], loginToken: [] }];
}
