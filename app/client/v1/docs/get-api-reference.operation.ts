/** GET /client/v1/docs: the OpenAPI document drawn as a page for people. */
import { serveApiReference } from "@/lib/http/api-reference";
import { headers } from "@/lib/http/openapi-components";
import { defineOperation } from "@/lib/http/operation";

export const getApiReference = defineOperation({
  method: "GET",
  path: "/client/v1/docs",
  operationId: "getApiReference",
  headOperationId: "headApiReference",
  tag: "description",
  summary: "This document as a page to read",
  description:
    "This document drawn for people by Redoc, which comes with the page: the page loads nothing but the " +
    "document, from this server. Needs no client credentials.",
  security: "none",
  ok: {
    status: 200,
    response: {
      description: "The page",
      headers: headers("NoStore", "Content-Security-Policy"),
      content: { "text/html": { schema: { type: "string" } } },
    },
  },
  errors: { 406: { name: "NotAcceptable", description: "The Accept header admits no text/html." } },
  handler: async ({ request }) => serveApiReference(request),
});
